import { pesoText } from '../../lib/number-formats';
import { cx } from '../../ui/class-names';
import styles from './offer-card.module.css';
import { i18n } from '../../i18n/i18n';

export type OfferPriceProps = {
  finalPesos: number | null;
  originalPesos: number | null;
  size?: 'medium' | 'large';
};

/** product §9: pesos with thousands separators and 2 decimals; the original price struck through. */
export function OfferPrice({ finalPesos, originalPesos, size = 'medium' }: OfferPriceProps) {
  if (finalPesos === null) return null;
  return (
    <p className={cx(styles.price, size === 'large' && styles.priceLarge)}>
      {originalPesos !== null ? (
        <s className={styles.original}>
          <span className="visually-hidden">{i18n._('Regular price')} </span>
          {pesoText(originalPesos)}
        </s>
      ) : null}
      <span className={styles.final}>
        {originalPesos !== null ? <span className="visually-hidden">{i18n._('Now')} </span> : null}
        {pesoText(finalPesos)}
      </span>
    </p>
  );
}
