import { pesosToCentavos } from './money';
import { toDisplayMobile } from './validation';

// ADR 083: the one way an amount and a mobile number read, on every screen, on the operators' page and
// in the SMS texts. Apart from the dates (formats.ts) because the first screen shows a price and the
// signed-in number but no date: a module is bundled whole, and the dates' words and rules stay out of
// the first load.

export const NO_BREAK_SPACE = '\u00a0';

export type KeepTogether = {
  /**
   * On a screen a time ("12:00 PM") and a number ("0917 555 0101") stay on one line, and a range may
   * break only after its dash: their inner spaces are no-break spaces. An SMS keeps plain spaces.
   */
  keepTogether?: boolean;
};

/**
 * product §9: an amount in pesos as "1,499.00" — thousands separators, 2 decimals, half away from zero;
 * -0 and what rounds to zero as "0.00". Written from its centavos (ADR 057); the tests hold it to
 * Intl.NumberFormat's output.
 */
export function amountText(pesos: number): string {
  const centavos = pesosToCentavos(pesos);
  const magnitude = Math.abs(centavos);
  const whole = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(magnitude % 100).padStart(2, '0');
  return `${centavos < 0 ? '-' : ''}${whole}.${cents}`;
}

/** product §9: an amount in pesos with the peso sign: "₱1,499.00", "-₱50.00". */
export function pesoText(pesos: number): string {
  const text = amountText(pesos);
  return text.startsWith('-') ? `-₱${text.slice(1)}` : `₱${text}`;
}

/**
 * product §2.4: a mobile number as Filipinos read it, with its leading 0 and in groups: 639175550101 →
 * "0917 555 0101". A number of another shape is shown as it is.
 */
export function mobileText(msisdn: string, style: KeepTogether = {}): string {
  const local = toDisplayMobile(msisdn);
  if (!/^0\d{10}$/.test(local)) return local;
  return [local.slice(0, 4), local.slice(4, 7), local.slice(7)].join(
    style.keepTogether ? NO_BREAK_SPACE : ' ',
  );
}

/** A share from 0 to 1 as a whole percent: 0.25 → "25%", 1/3 → "33%" (half away from zero). */
export function percentText(share: number): string {
  return `${Math.round(share * 100)}%`;
}
