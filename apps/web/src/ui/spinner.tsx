import { cx } from './class-names';
import styles from './spinner.module.css';

export type SpinnerSize = 'small' | 'medium' | 'large';

/** Decorative: the text beside it (a role="status" line) says what is loading. */
export function Spinner({ size = 'medium' }: { size?: SpinnerSize }) {
  return (
    <span className={cx(styles.spinner, size !== 'medium' && styles[size])} aria-hidden="true" />
  );
}
