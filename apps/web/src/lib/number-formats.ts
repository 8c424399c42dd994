import * as numbers from '@konek/contract/number-formats';

// ADR 083: every amount and mobile number a customer reads is written here, by the contract's
// number-formats (the same the SMS texts use). Apart from the dates (formats.ts): the first screen shows
// a price and the signed-in number, and a module is bundled whole, so the dates stay out of its load.

/** product §9: "₱1,499.00". */
export const pesoText = (pesos: number): string => numbers.pesoText(pesos);

/** product §2.4: "0917 555 0101", on one line. */
export const mobileText = (msisdn: string): string =>
  numbers.mobileText(msisdn, { keepTogether: true });

/** "0917 555 0101" with plain spaces: a field's value, which never wraps and is copied as it reads. */
export const mobileFieldText = (msisdn: string): string => numbers.mobileText(msisdn);
