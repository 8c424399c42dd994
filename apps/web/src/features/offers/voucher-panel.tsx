import { CodeEntryForm } from './code-entry-form';
import { PriceSummary } from './price-summary';
import { usePricePreview } from './use-price-preview';
import styles from './pricing-panel.module.css';
import { i18n } from '../../i18n/i18n';

export type VoucherPanelProps = { offerId: string; accountId: string };

/** A voucher code (ADR 013) previews the discounted total before paying, or shows why it can't. */
export function VoucherPanel({ offerId, accountId }: VoucherPanelProps) {
  const { base, withVoucher } = usePricePreview(offerId, accountId);
  const applied = withVoucher.data?.ok ? withVoucher.data.reply : null;
  const voucherError = withVoucher.data?.ok === false ? withVoucher.data.message : null;
  const baseError = base.data?.ok === false ? base.data.message : null;

  async function onApply(code: string) {
    try {
      await withVoucher.mutateAsync(code);
    } catch {
      // Only an expired sign-in rejects; the api client has already sent the customer home (§4.1).
    }
  }

  return (
    <section className={styles.block} aria-labelledby="voucher-title">
      <h2 id="voucher-title" className={styles.blockTitle}>
        {i18n._('Have a voucher?')}
      </h2>
      <CodeEntryForm
        label={i18n._('Voucher code')}
        submitLabel={i18n._('Apply')}
        onSubmit={onApply}
      />
      {voucherError ? (
        <p className={styles.error} role="alert">
          {voucherError}
        </p>
      ) : null}
      {applied ? (
        <p className={styles.success} role="status">
          {i18n._('Voucher applied.')}
        </p>
      ) : null}
      {baseError ? (
        <p className={styles.error} role="alert">
          {baseError}
        </p>
      ) : null}
      <PriceSummary base={base.data?.ok ? base.data.reply : null} applied={applied} />
    </section>
  );
}
