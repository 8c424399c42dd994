import { describe, expect, it } from 'vitest';
import { saveAddress, saveCityOffersSummary } from '../../lib/journey-store';
import { BAGUIO_HOUSE } from './serviceability-fixtures-for-tests';
import {
  destinationForServiceable,
  PREPAID_PATH,
  SPECIAL_OFFER_PATH,
} from './serviceability-paths';

const BAGUIO_CODE = BAGUIO_HOUSE.area.city.address_code;

describe('destinationForServiceable (product §1, §4.6)', () => {
  it('sends a city with a special offer to it', () => {
    saveAddress(BAGUIO_HOUSE);
    saveCityOffersSummary({ cityCode: BAGUIO_CODE, hasSpecialOffer: true });
    expect(destinationForServiceable()).toBe(SPECIAL_OFFER_PATH);
  });

  it('sends a city without one to the prepaid plans', () => {
    saveAddress(BAGUIO_HOUSE);
    saveCityOffersSummary({ cityCode: BAGUIO_CODE, hasSpecialOffer: false });
    expect(destinationForServiceable()).toBe(PREPAID_PATH);
  });

  it("ignores another city's offers and unknown offers", () => {
    saveAddress(BAGUIO_HOUSE);
    expect(destinationForServiceable()).toBe(PREPAID_PATH);
    saveCityOffersSummary({ cityCode: '1380200000', hasSpecialOffer: true });
    expect(destinationForServiceable()).toBe(PREPAID_PATH);
  });
});
