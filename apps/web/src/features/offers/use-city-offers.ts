import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCatalogOffer } from '@konek/contract/get-offers';
import { isSpecialOffer } from '@konek/contract/offer-rules';
import { readSavedAddress, saveCityOffersSummary } from '../../lib/journey-store';
import { useSession } from '../../lib/session';
import { webConfigQuery } from '../../lib/web-config';
import { mapReply, type CallResult } from '../../lib/call';
import { fetchOffers, fetchPurchasedOfferIds } from './api/get-offers';

/** product §4.2: the offers of a city (get_offers with addressbook_id = the city's PSGC code). */
export async function loadCityOffers(
  cityCode: string,
  operatorName: string,
  accountId: string | undefined,
  signal?: AbortSignal,
): Promise<CallResult<TCatalogOffer[]>> {
  const [result, purchasedIds] = await Promise.all([
    fetchOffers({ addressbook_id: cityCode, operator_name: operatorName }, { signal }),
    accountId ? fetchPurchasedOfferIds(accountId, signal) : Promise.resolve(new Set<string>()),
  ]);
  return mapReply(result, (offers) =>
    offers.map((offer) => ({ ...offer, purchased: offer.purchased || purchasedIds.has(offer.id) })),
  );
}

/** The city's offers, with the signed-in account's purchases marked (product §4.6). */
export function useCityOffers(cityCode: string | null) {
  const queryClient = useQueryClient();
  const accountId = useSession()?.accountId;
  const query = useQuery({
    queryKey: ['city-offers', cityCode, accountId ?? null],
    queryFn: async ({ signal }) => {
      const config = await queryClient.ensureQueryData(webConfigQuery);
      return loadCityOffers(cityCode ?? '', config.operatorName, accountId, signal);
    },
    enabled: cityCode !== null,
  });
  const offers = query.data?.ok ? query.data.reply : null;
  // The routing after the address check reads whether the city has a special offer from the journey
  // store (product §1 and §4.6); the query only fetches.
  useEffect(() => {
    if (cityCode === null || offers === null) return;
    saveCityOffersSummary({ cityCode, hasSpecialOffer: offers.some(isSpecialOffer) });
  }, [cityCode, offers]);
  return query;
}

/**
 * product §4.2: choosing a city loads its offers, so the routing after the address check knows whether the
 * city has a special offer. A city restored with the saved address loads at once too.
 */
export function useOffersOnCityChoice(): (city: { address_code: string }) => void {
  const [cityCode, setCityCode] = useState(
    () => readSavedAddress()?.area.city?.address_code ?? null,
  );
  useCityOffers(cityCode);
  return useCallback((city) => setCityCode(city.address_code), []);
}
