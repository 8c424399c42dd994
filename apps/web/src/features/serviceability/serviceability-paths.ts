// spec §2.2 / §8: where the serviceability check sends the customer.

export const CHECK_ADDRESS_PATH = '/';
export const PREPAID_PATH = '/serviceability/prepaid';
export const NOTIFY_ME_PATH = '/serviceability/notifyme';
export const LOCATION_ERROR_PATH = '/serviceability/locationerror';
export const SERVER_ERROR_PATH = '/serviceability/servererror';
export const TIMEOUT_PATH = '/serviceability/timeout';

/**
 * Where a serviceable address goes: the prepaid offers. The offers feature decides here when a city has
 * a special offer, and sends those customers to /serviceability/specialOffer instead (spec §1, §4.6).
 */
export function destinationForServiceable(): string {
  return PREPAID_PATH;
}
