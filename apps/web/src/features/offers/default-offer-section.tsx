import { useQuery, useQueryClient } from '@tanstack/react-query';
import { webConfigQuery } from '../../lib/web-config';
import { buttonClassName } from '../../ui/button-styles';
import { fetchHomeOffer } from './api/get-home-page';
import { OfferFeatures } from './offer-features';
import { OfferPrice } from './offer-price';
import { offerView } from './offer-view';
import { TermsLink } from './terms-link';
import cardStyles from './offer-card.module.css';
import styles from './default-offer-section.module.css';
import { i18n } from '../../i18n/i18n';

/**
 * product §1 / §7.2: the home page shows the default offer its configuration (id 27) names. If the
 * configuration or the offer can't be loaded the section stays away: the address check still works.
 */
export function DefaultOfferSection() {
  const queryClient = useQueryClient();
  const home = useQuery({
    queryKey: ['home-offer'],
    queryFn: async ({ signal }) => {
      const config = await queryClient.ensureQueryData(webConfigQuery);
      return fetchHomeOffer(config.operatorName, signal);
    },
  });
  const offer = home.data?.offer;
  if (!home.data || !offer) return null;
  const view = offerView(offer);
  return (
    <section className={styles.section} aria-labelledby="default-offer-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <p className={styles.eyebrow}>{i18n._('Our prepaid plan')}</p>
          <h2 id="default-offer-title" className={styles.title}>
            {i18n._('Fibre at home, prepaid')}
          </h2>
          <p className={styles.lead}>{home.data.content.hero.sub_heading}</p>
          <p className={styles.lead}>
            {i18n._('Your city may have a special offer — check your address above to see it.')}
          </p>
        </div>
        <article className={cardStyles.card} aria-labelledby="default-offer-name">
          <h3 id="default-offer-name" className={cardStyles.name}>
            {view.name}
          </h3>
          <OfferPrice finalPesos={view.finalPesos} originalPesos={view.originalPesos} />
          {view.less ? <p className={cardStyles.less}>{view.less}</p> : null}
          <OfferFeatures view={view} />
          <div className={cardStyles.action}>
            {/* A plain in-page link: the check-address form is in the hero above (product §2.3). */}
            <a href="#home-title" className={buttonClassName({ fullWidth: true })}>
              {i18n._('Check my address')}
            </a>
          </div>
          <p className={styles.terms}>
            <TermsLink>{home.data.content.terms_link_label}</TermsLink>
          </p>
        </article>
      </div>
    </section>
  );
}
