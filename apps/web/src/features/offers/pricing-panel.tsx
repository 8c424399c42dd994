import { useSession } from '../../lib/session';
import { ReferralPanel } from './referral-panel';
import { VoucherPanel } from './voucher-panel';
import styles from './pricing-panel.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * Voucher and referral entry for the chosen offer (product §7.1 preview pricing, validate referral). Both
 * calls act on the customer's account (target type 2), so they need a signed-in session; the pay step
 * can reuse this panel with the chosen offer's id.
 */
export function PricingPanel({ offerId }: { offerId: string }) {
  const accountId = useSession()?.accountId;
  if (!accountId) {
    return (
      <aside className={styles.panel} aria-labelledby="codes-title">
        <h2 id="codes-title" className={styles.blockTitle}>
          {i18n._('Voucher or referral code?')}
        </h2>
        <p className={styles.note}>
          {i18n._(
            "You can apply a voucher or a friend's referral code after you sign in, before you pay. Choose your plan to continue.",
          )}
        </p>
      </aside>
    );
  }
  return (
    <aside className={styles.panel} aria-label={i18n._('Voucher and referral codes')}>
      <VoucherPanel offerId={offerId} accountId={accountId} />
      <ReferralPanel accountId={accountId} />
    </aside>
  );
}
