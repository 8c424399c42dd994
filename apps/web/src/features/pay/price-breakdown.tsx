import { pesoText } from '../../lib/number-formats';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import styles from './pay-screen.module.css';
import { i18n } from '../../i18n/i18n';

type PriceBreakdownProps = {
  planName: string;
  /** The plan with no voucher. */
  base: TTotalPrice;
  /** With the customer's vouchers; null when none is applied. */
  applied: TTotalPrice | null;
  onRemoveVoucher?: (code: string) => void;
};

/**
 * product §3 pricing preview, §9 amounts: the regular price (struck through when the plan is on sale), the
 * plan's price, each voucher's discount and what will be paid — the server's numbers, in PHP with
 * thousands separators and 2 decimals.
 */
export function PriceBreakdown({ planName, base, applied, onRemoveVoucher }: PriceBreakdownProps) {
  const total = applied ?? base;
  return (
    <dl className={styles.breakdown} aria-label={i18n._('Price breakdown')}>
      <div className={styles.line}>
        <dt>{planName}</dt>
        <dd>
          {base.original_amount > base.sub_total ? (
            <s className={styles.was} aria-label={i18n._('Regular price')}>
              {pesoText(base.original_amount)}
            </s>
          ) : null}{' '}
          {pesoText(base.sub_total)}
        </dd>
      </div>
      {applied?.discount.map((discount) => (
        <div key={discount.voucher_code} className={styles.line}>
          <dt>
            {discount.discount_info.voucher_name}{' '}
            <span className={styles.code}>({discount.voucher_code})</span>
            {onRemoveVoucher ? (
              <button
                type="button"
                className={styles.remove}
                onClick={() => onRemoveVoucher(discount.voucher_code)}
                aria-label={i18n._('Remove voucher {code}', { code: discount.voucher_code })}
              >
                {i18n._('Remove')}
              </button>
            ) : null}
          </dt>
          <dd className={styles.discount}>{pesoText(-discount.amount)}</dd>
        </div>
      ))}
      <div className={`${styles.line} ${styles.total}`}>
        <dt>{i18n._('Total to pay')}</dt>
        <dd>{pesoText(total.sub_total)}</dd>
      </div>
    </dl>
  );
}

/**
 * The breakdown's place while the server prices the plan: the plan's line and the total, their amounts
 * still to come, so the cards below stay where they are when the numbers arrive (no layout shift).
 */
export function PricePending({ planName }: { planName: string }) {
  return (
    <div className={styles.breakdown} role="status" aria-label={i18n._('Getting your price…')}>
      <div className={styles.line}>
        <span>{planName}</span>
        <PendingAmount />
      </div>
      <div className={`${styles.line} ${styles.total}`}>
        <span>{i18n._('Total to pay')}</span>
        <PendingAmount />
      </div>
    </div>
  );
}

/** An amount still to come: a grey bar as tall as the amount's line (a no-break space gives it one). */
export function PendingAmount() {
  return (
    <span className={styles.pendingAmount} aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}
