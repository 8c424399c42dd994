import { cx } from './class-names';
import styles from './mandatory-tip.module.css';

/** spec §2.1 / §2.4: forms say that fields marked * are mandatory, as "* Mandatory fields". */
export function MandatoryTip({ className }: { className?: string }) {
  return (
    <p className={cx(styles.tip, className)}>
      <span className={styles.mark}>*</span> Mandatory fields
    </p>
  );
}
