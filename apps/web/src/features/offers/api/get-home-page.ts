import {
  HOME_PAGE_CONFIG_ID,
  getPageConfigCall,
  type THomePageContent,
} from '@konek/contract/get-page-config';
import type { TCatalogOffer } from '@konek/contract/get-offers';
import { call } from '../../../lib/call';
import { fetchOffers } from './get-offers';

// product §7.2: the home page's configuration (page-configs id 27) names the default offer; get_offers in
// its ids form returns it with the server's prices.

export type HomeOffer = { content: THomePageContent; offer: TCatalogOffer | null };

/** Null when the page's configuration cannot be read: the home page then leaves the section out. */
export async function fetchHomeOffer(
  operatorName: string,
  signal?: AbortSignal,
): Promise<HomeOffer | null> {
  const result = await call(getPageConfigCall, { id: HOME_PAGE_CONFIG_ID }, { signal });
  if (!result.ok) return null;
  const content = result.reply.page_config.content;
  const offers = await fetchOffers(
    { ids: [content.default_offer_id], operator_name: operatorName },
    { signal },
  );
  const offer = offers.ok ? (offers.reply[0] ?? null) : null;
  return { content, offer };
}
