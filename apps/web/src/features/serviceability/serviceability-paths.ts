import { readCheckedAddress, readCityOffersSummary } from '../../lib/journey-store';
import { PATHS } from '@konek/contract/routes';

// product §2.2 / §8: where the serviceability check sends the customer.

export const PREPAID_PATH = PATHS.prepaid;
export const SPECIAL_OFFER_PATH = PATHS.specialOffer;
export const NOTIFY_ME_PATH = PATHS.notifyme;
export const LOCATION_ERROR_PATH = PATHS.locationerror;
export const SERVER_ERROR_PATH = PATHS.servererror;
export const TIMEOUT_PATH = PATHS.timeout;

/**
 * Where a serviceable address goes (product §1, §4.6): the city's special offer when it has one, else the
 * prepaid offers. The city's offers were loaded when the city was chosen (product §4.2); when they are not
 * known for the checked city, the prepaid list is the safe answer — it lists special offers first too.
 */
export function destinationForServiceable(storage: Storage = window.localStorage): string {
  const cityCode = readCheckedAddress(storage)?.area.city.address_code;
  const summary = readCityOffersSummary(storage);
  const hasSpecialOffer =
    summary !== null && summary.cityCode === cityCode && summary.hasSpecialOffer;
  return hasSpecialOffer ? SPECIAL_OFFER_PATH : PREPAID_PATH;
}
