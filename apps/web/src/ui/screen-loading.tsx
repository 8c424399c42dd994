import styles from './screen-loading.module.css';
import { i18n } from '../i18n/i18n';

/** Holds a screen's place while it loads; `label` says what is being waited for, shown with the spinner. */
export function ScreenLoading({ label }: { label?: string }) {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {label ? (
        <span className={styles.label}>{label}</span>
      ) : (
        <span className="visually-hidden">{i18n._('Loading…')}</span>
      )}
    </div>
  );
}
