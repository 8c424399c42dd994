// The journey's localStorage keys (lib/journey-store.ts owns what is written under them). Apart so that
// the first-paint script in the page's head (src/first-paint.ts) can read the checked address and its
// answer without the store's schemas.

export const ADDRESS_STORAGE_KEY = 'konek.address';
export const CHOSEN_OFFER_STORAGE_KEY = 'konek.offer';
export const CITY_OFFERS_STORAGE_KEY = 'konek.city-offers';
export const CHOSEN_SLOT_STORAGE_KEY = 'konek.slot';
export const SERVICEABILITY_STORAGE_KEY = 'konek.serviceability';
export const PAYMENT_STORAGE_KEY = 'konek.payment';

/** Every record of the journey in this browser (what a sign-out forgets here). */
export const JOURNEY_STORAGE_KEYS: readonly string[] = [
  ADDRESS_STORAGE_KEY,
  CHOSEN_OFFER_STORAGE_KEY,
  CITY_OFFERS_STORAGE_KEY,
  CHOSEN_SLOT_STORAGE_KEY,
  SERVICEABILITY_STORAGE_KEY,
  PAYMENT_STORAGE_KEY,
];
