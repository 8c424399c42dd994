import styles from './screen-loading.module.css';
import { i18n } from '../i18n/i18n';

export function ScreenLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{i18n._('Loading…')}</span>
    </div>
  );
}
