import { centavosToPesos } from '@konek/contract/money';
import { pesoText } from '@konek/contract/number-formats';
import {
  isSpecialOffer,
  parseFreeDays,
  parseSpeedMbps,
  specialOfferPrices,
} from '@konek/contract/offer-rules';
import { useId } from 'react';
import { CheckIcon } from '../ui/icons';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './offers-console.module.css';

// ADR 091: the plan card as the customers' plans page draws it (features/offers/offer-card.tsx), drawn
// here from the form's values before anything is published. The operators' page may not import a
// customer feature (ADR 088), so this is an equivalent of that card built from the same contract rules
// (special offer, prices and their fallbacks, speed and free days read from the texts) and ui/ parts.

const FREE_DAYS = { one: msg(/*i18n*/ '{days} free day'), other: msg(/*i18n*/ '{days} free days') };

export type PreviewOffer = {
  id: string;
  name: string;
  less: string;
  inclusions: readonly string[];
  freebies: readonly string[];
  actualCentavos: number | undefined;
  finalCentavos: number | undefined;
};

/** What the customer's card shows: the rules of features/offers/offer-view.ts, from the contract. */
function previewView(offer: PreviewOffer) {
  const data = {
    name: offer.name,
    less: offer.less,
    inclusions: [...offer.inclusions],
    freebies: [...offer.freebies],
    actual_offer_price: offer.actualCentavos,
  };
  const texts = [offer.less, offer.name, ...offer.inclusions, ...offer.freebies];
  const isSpecial = isSpecialOffer({ data });
  let finalPesos: number | null;
  let originalPesos: number | null;
  if (isSpecial) {
    const prices = specialOfferPrices({
      data,
      ...(offer.finalCentavos === undefined
        ? {}
        : { amount_breakdown: { final: offer.finalCentavos } }),
    });
    finalPesos = prices.finalPesos;
    originalPesos = prices.originalPesos;
  } else {
    finalPesos = offer.finalCentavos === undefined ? null : centavosToPesos(offer.finalCentavos);
    originalPesos =
      offer.actualCentavos === undefined ? null : centavosToPesos(offer.actualCentavos);
  }
  return {
    isSpecial,
    speedMbps: parseSpeedMbps(texts),
    freeDays: parseFreeDays(texts),
    finalPesos,
    originalPesos:
      originalPesos !== null && finalPesos !== null && originalPesos > finalPesos
        ? originalPesos
        : null,
  };
}

/** The customer's plan card for these values, in a frame that says it is a preview. */
export function OfferPreview({ offer }: { offer: PreviewOffer }) {
  const view = previewView(offer);
  const titleId = useId();
  return (
    <figure className={styles.previewFrame}>
      <figcaption className={styles.previewCaption}>
        {i18n._('Preview: the plan as customers will see it')}
      </figcaption>
      <article
        className={`${styles.planCard} ${view.isSpecial ? styles.planSpecial : ''}`}
        aria-labelledby={titleId}
      >
        {view.isSpecial ? <p className={styles.badge}>{i18n._('Special offer')}</p> : null}
        <h3 id={titleId} className={styles.planName}>
          {offer.name || i18n._('(Plan name)')}
        </h3>
        {view.finalPesos === null ? null : (
          <p className={styles.price}>
            {view.originalPesos !== null ? (
              <s className={styles.original}>
                <span className={styles.visuallyHidden}>{i18n._('Regular price')} </span>
                {pesoText(view.originalPesos)}
              </s>
            ) : null}
            <span className={styles.final}>
              {view.originalPesos !== null ? (
                <span className={styles.visuallyHidden}>{i18n._('Now')} </span>
              ) : null}
              {pesoText(view.finalPesos)}
            </span>
          </p>
        )}
        {offer.less ? <p className={styles.less}>{offer.less}</p> : null}
        <ul className={styles.facts} aria-label={i18n._('Plan highlights')}>
          <li>
            <strong>{i18n._('up to {speed} Mbps', { speed: view.speedMbps })}</strong>
          </li>
          <li>
            <strong>{countMessage(view.freeDays, FREE_DAYS, { days: view.freeDays })}</strong>
          </li>
        </ul>
        {offer.inclusions.length > 0 ? (
          <ul className={styles.checks} aria-label={i18n._('Inclusions')}>
            {offer.inclusions.map((inclusion) => (
              <li key={inclusion}>
                <CheckIcon className={styles.checkIcon} aria-hidden="true" />
                {inclusion}
              </li>
            ))}
          </ul>
        ) : null}
        {offer.freebies.length > 0 ? (
          <div>
            <p className={styles.freebiesTitle}>{i18n._('Freebies')}</p>
            <ul className={styles.checks} aria-label={i18n._('Freebies')}>
              {offer.freebies.map((freebie) => (
                <li key={freebie}>
                  <CheckIcon className={styles.checkIcon} aria-hidden="true" />
                  {freebie}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {/* The customer's button, drawn but not a control here. */}
        <p className={styles.chooseLook} aria-hidden="true">
          {i18n._('Choose this plan')}
        </p>
      </article>
    </figure>
  );
}
