import { cx } from './class-names';
import styles from './mandatory-tip.module.css';
import { i18n } from '../i18n/i18n';

/** product §2.1 / §2.4: forms say that fields marked * are mandatory, as "* Mandatory fields". */
export function MandatoryTip({ className }: { className?: string }) {
  return (
    <p className={cx(styles.tip, className)}>
      <span className={styles.mark}>*</span> {i18n._('Mandatory fields')}
    </p>
  );
}
