import { PATHS } from '@konek/contract/routes';
import { Link } from 'react-router';
import styles from './offers-screen.module.css';
import { i18n } from '../../i18n/i18n';
import { FormAlert } from '../../ui/form-alert';
import { cx } from '../../ui/class-names';

/** Holds about one plan card's height, so the plans arriving do not push the page below them down. */
export function OffersLoading() {
  return (
    <p className={cx(styles.status, styles.loading)} role="status">
      {i18n._('Loading the offers for your area…')}
    </p>
  );
}

/** product §7.3: a failed call shows the server's message. */
export function OffersFailed({ message }: { message: string }) {
  return <FormAlert>{message}</FormAlert>;
}

/** The offers depend on the checked address's city (product §4.2); without one, check it first. */
export function NoCheckedAddress() {
  return (
    <p className={styles.status}>
      {i18n._('Check your address first to see the plans for your area.')}{' '}
      <Link to={PATHS.home}>{i18n._('Check my address')}</Link>
    </p>
  );
}
