import { pesoText } from '../../lib/number-formats';
import type { TTotalPrice } from '@konek/contract/preview-pricing';
import styles from './pricing-panel.module.css';
import { i18n } from '../../i18n/i18n';

export type PriceSummaryProps = {
  /** The server's price with no voucher. */
  base: TTotalPrice | null;
  /** The server's price with the applied voucher, when one was accepted. */
  applied: TTotalPrice | null;
};

/** product §3 pricing preview: plan price, each voucher's discount and the total, all from the server. */
export function PriceSummary({ base, applied }: PriceSummaryProps) {
  const total = applied ?? base;
  if (total === null) return null;
  return (
    <dl className={styles.summary} aria-label={i18n._('Price summary')}>
      {base ? (
        <div className={styles.line}>
          <dt>{i18n._('Plan price')}</dt>
          <dd>{pesoText(base.sub_total)}</dd>
        </div>
      ) : null}
      {applied?.discount.map((discount) => (
        <div key={discount.voucher_code} className={styles.line}>
          <dt>
            {discount.discount_info.voucher_name}{' '}
            <span className={styles.code}>({discount.voucher_code})</span>
          </dt>
          <dd className={styles.discount}>{pesoText(-discount.amount)}</dd>
        </div>
      ))}
      <div className={`${styles.line} ${styles.total}`}>
        <dt>{i18n._('Total')}</dt>
        <dd>{pesoText(total.sub_total)}</dd>
      </div>
    </dl>
  );
}
