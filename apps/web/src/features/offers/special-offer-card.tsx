import type { TCatalogOffer } from '@konek/contract/get-offers';
import { Button } from '../../ui/button';
import { ButtonLink } from '../../ui/button-link';
import { OfferFeatures } from './offer-features';
import { OfferPrice } from './offer-price';
import { offerView } from './offer-view';
import { PREPAID_PATH } from './offer-paths';
import cardStyles from './offer-card.module.css';
import styles from './offers-screen.module.css';
import { i18n } from '../../i18n/i18n';

export type SpecialOfferCardProps = {
  offer: TCatalogOffer;
  onChoose: (offer: TCatalogOffer) => void;
};

/** product §1 / §9: the special offer with its original (struck through) and final price. */
export function SpecialOfferCard({ offer, onChoose }: SpecialOfferCardProps) {
  const view = offerView(offer);
  return (
    <article className={`${cardStyles.card} ${cardStyles.special}`} aria-labelledby="special-name">
      <p className={cardStyles.badge}>{i18n._('Special offer')}</p>
      <h2 id="special-name" className={cardStyles.name}>
        {view.name}
      </h2>
      <OfferPrice finalPesos={view.finalPesos} originalPesos={view.originalPesos} size="large" />
      {view.less ? <p className={cardStyles.less}>{view.less}</p> : null}
      <OfferFeatures view={view} />
      <div className={styles.actions}>
        {offer.purchased ? (
          <p className={cardStyles.purchased}>{i18n._('Already purchased')}</p>
        ) : (
          <Button size="large" onClick={() => onChoose(offer)}>
            {i18n._('Get this offer')}
          </Button>
        )}
        <ButtonLink to={PREPAID_PATH} variant="link">
          {i18n._('See all plans')}
        </ButtonLink>
      </div>
    </article>
  );
}
