import type { TCatalogOffer } from '@konek/contract/get-offers';
import { Button } from '../../ui/button';
import { cx } from '../../ui/class-names';
import { OfferFeatures } from './offer-features';
import { OfferPrice } from './offer-price';
import { offerView } from './offer-view';
import styles from './offer-card.module.css';
import { i18n } from '../../i18n/i18n';

export type OfferCardProps = {
  offer: TCatalogOffer;
  onChoose: (offer: TCatalogOffer) => void;
};

/** One plan in the prepaid list (product §1, §3). A purchased offer cannot be chosen again (product §4.6). */
export function OfferCard({ offer, onChoose }: OfferCardProps) {
  const view = offerView(offer);
  const titleId = `offer-${offer.id}-title`;
  return (
    <article
      className={cx(styles.card, view.isSpecial && styles.special)}
      aria-labelledby={titleId}
    >
      {view.isSpecial ? <p className={styles.badge}>{i18n._('Special offer')}</p> : null}
      <h2 id={titleId} className={styles.name}>
        {view.name}
      </h2>
      <OfferPrice finalPesos={view.finalPesos} originalPesos={view.originalPesos} />
      {view.less ? <p className={styles.less}>{view.less}</p> : null}
      <OfferFeatures view={view} />
      <div className={styles.action}>
        {offer.purchased ? (
          <p className={styles.purchased}>{i18n._('Already purchased')}</p>
        ) : (
          <Button fullWidth onClick={() => onChoose(offer)}>
            {i18n._('Choose this plan')}
          </Button>
        )}
      </div>
    </article>
  );
}
