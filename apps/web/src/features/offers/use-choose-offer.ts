import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TOffer } from '@konek/contract/offer-rules';
import { readCheckedAddress, saveChosenOffer } from '../../lib/journey-store';
import { afterChoosingPlan } from '../../lib/offer-return';
import { getSession } from '../../lib/session';
import {
  ENTER_MOBILE_PATH,
  FILL_OUT_DETAIL_PATH,
  PREPAID_PATH,
  SPECIAL_OFFER_PATH,
} from './offer-paths';

/**
 * Choosing an offer keeps it in the journey state for Confirm and Pay, then continues to the
 * account step — or, already signed in, straight to the details form (product §4.2 step order), or back
 * to Confirm and Pay when that is what sent the customer here.
 */
export function useChooseOffer(): (offer: TOffer) => void {
  const navigate = useNavigate();
  const { state, pathname } = useLocation();
  const backTo = afterChoosingPlan(state);
  return useCallback(
    (offer: TOffer) => {
      saveChosenOffer({
        offerId: offer.id,
        name: offer.data.name,
        cityCode: readCheckedAddress()?.area.city.address_code ?? null,
        // Back from the details step returns here: the special offer, or all the plans.
        chosenOn: pathname === SPECIAL_OFFER_PATH ? SPECIAL_OFFER_PATH : PREPAID_PATH,
      });
      if (getSession()) void navigate(backTo ?? FILL_OUT_DETAIL_PATH);
      else void navigate(ENTER_MOBILE_PATH);
    },
    [navigate, backTo, pathname],
  );
}
