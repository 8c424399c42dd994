import { PATHS } from '@konek/contract/routes';
import { isNativeApp } from '../lib/device';
import { useSession } from '../lib/session';
import { ButtonLink } from '../ui/button-link';
import { cx } from '../ui/class-names';
import styles from './returning-customer-band.module.css';
import { i18n } from '../i18n/i18n';

/**
 * The home page's way back in for a customer who has ordered before; hidden once signed in. Inside the
 * native app the bar above the page already offers Sign in on every screen: one entry is enough there.
 */
export function ReturningCustomerBand() {
  const session = useSession();
  if (session || isNativeApp()) return null;
  return (
    <div className={styles.band}>
      <div className={cx('container', styles.inner)}>
        <p className={styles.text}>
          {i18n._('Ordered with us before? Sign in to pick up where you left off.')}
        </p>
        <ButtonLink
          to={PATHS.signin}
          variant="secondary"
          className={styles.action}
          data-tag="home_sign_in"
        >
          {i18n._('Sign in')}
        </ButtonLink>
      </div>
    </div>
  );
}
