import { useLocation } from 'react-router';
import { InfoIcon } from '../ui/icons';
import { cx } from '../ui/class-names';
import { CHECK_FIRST_STATE } from './coverage-paths';
import styles from './returning-customer-band.module.css';
import { i18n } from '../i18n/i18n';

/** Shown on the home page when a later step sent the customer here: why, in one line (ADR 030). */
export function CheckFirstNotice() {
  const { state } = useLocation();
  const isSentHere =
    typeof state === 'object' && state !== null && 'notice' in state
      ? state.notice === CHECK_FIRST_STATE.notice
      : false;
  if (!isSentHere) return null;
  return (
    <div className={cx(styles.band, styles.notice)} role="status">
      <div className={cx('container', styles.inner)}>
        <p className={styles.text}>
          <InfoIcon className={styles.noticeIcon} />{' '}
          {i18n._(
            'Check your address first. Once we know fibre reaches it, you can choose a plan and order.',
          )}
        </p>
      </div>
    </div>
  );
}
