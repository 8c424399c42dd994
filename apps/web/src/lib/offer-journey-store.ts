import * as z from 'zod';

// spec §3 "Session state" holds the offers and the special offer; issue 5: the chosen offer is kept in
// the journey state for Confirm and Pay. Like the address (journey-store.ts) it lives in localStorage so
// a refresh keeps it, and it sits in lib/ because the serviceability routing and the pay step read it.

export const CHOSEN_OFFER_STORAGE_KEY = 'konek.offer';
export const CITY_OFFERS_STORAGE_KEY = 'konek.city-offers';

/** The offer the customer chose; prices are not kept: the pay step asks the server again. */
export const ZChosenOffer = z.object({
  offerId: z.string().min(1),
  name: z.string(),
  /** The city (PSGC address_code) the offer was chosen for. */
  cityCode: z.string().nullable(),
});
export type TChosenOffer = z.infer<typeof ZChosenOffer>;

/** spec §4.2: choosing a city loads its offers; what routing needs to know of them. */
export const ZCityOffersSummary = z.object({
  cityCode: z.string().min(1),
  hasSpecialOffer: z.boolean(),
});
export type TCityOffersSummary = z.infer<typeof ZCityOffersSummary>;

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    // Disabled storage or a value some other code wrote: nothing is saved.
    return undefined;
  }
}

function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the journey still works, only a refresh forgets the choice.
  }
}

export function readChosenOffer(storage: Storage = window.localStorage): TChosenOffer | null {
  const parsed = ZChosenOffer.safeParse(readJson(storage, CHOSEN_OFFER_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveChosenOffer(offer: TChosenOffer, storage: Storage = window.localStorage): void {
  writeJson(storage, CHOSEN_OFFER_STORAGE_KEY, offer);
}

export function readCityOffersSummary(
  storage: Storage = window.localStorage,
): TCityOffersSummary | null {
  const parsed = ZCityOffersSummary.safeParse(readJson(storage, CITY_OFFERS_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveCityOffersSummary(
  summary: TCityOffersSummary,
  storage: Storage = window.localStorage,
): void {
  writeJson(storage, CITY_OFFERS_STORAGE_KEY, summary);
}
