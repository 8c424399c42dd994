import { describe, expect, it } from 'vitest';
import type { TCheckedAddress } from '../../lib/journey-store';
import { resumePlan } from './resume-plan';
import { ALMANZA_HOUSE } from './auth-fixtures-for-tests';

const MAKATI_CONDO: TCheckedAddress = {
  ...ALMANZA_HOUSE,
  radioTypeValue: 'Condominium',
  condominium: { buildingName: 'Sampaguita Residences', street: 'Ayala', floor: '7', unitNo: '7A' },
};

describe('resume plan', () => {
  it('goes back to a later step with the stored address, leaving the context as it is', () => {
    const stored = { journey_path: '/serviceability/schedule', address: MAKATI_CONDO };
    expect(resumePlan(stored, ALMANZA_HOUSE)).toEqual({
      destination: '/serviceability/schedule',
      journey: null,
      addressToRestore: MAKATI_CONDO,
    });
  });

  it('takes a customer whose order is paid to its status page, not to the form again', () => {
    for (const placed of ['/serviceability/thanks', '/serviceability/specialOfferOrderconfirmed']) {
      const stored = { journey_path: placed, address: MAKATI_CONDO, OTP_Verification: true };
      expect(resumePlan(stored, ALMANZA_HOUSE)).toEqual({
        destination: '/trackmyorder/orderstatus',
        journey: null,
        addressToRestore: MAKATI_CONDO,
      });
    }
  });

  it('otherwise goes to the details form with the address checked in this browser', () => {
    const stored = { OTP_Verification: true, address: MAKATI_CONDO };
    expect(resumePlan(stored, ALMANZA_HOUSE)).toEqual({
      destination: '/serviceability/filloutdetail',
      journey: {
        OTP_Verification: true,
        address: ALMANZA_HOUSE,
        journey_path: '/serviceability/filloutdetail',
      },
      addressToRestore: null,
    });
  });

  it('takes the stored address to a browser that has none (another device)', () => {
    const plan = resumePlan({ address: MAKATI_CONDO }, null);
    expect(plan.destination).toBe('/serviceability/filloutdetail');
    expect(plan.addressToRestore).toEqual(MAKATI_CONDO);
    expect(plan.journey?.address).toEqual(MAKATI_CONDO);
  });

  it.each(['/serviceability/filloutdetail', '/serviceability/pinchanged', '/not-a-route'])(
    'does not resume at %s (not past the details form)',
    (path) => {
      expect(resumePlan({ journey_path: path }, ALMANZA_HOUSE).destination).toBe(
        '/serviceability/filloutdetail',
      );
    },
  );

  it('asks for an address first when there is none anywhere', () => {
    expect(resumePlan({}, null)).toEqual({
      destination: '/serviceability',
      journey: null,
      addressToRestore: null,
    });
  });
});
