import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  getAddressesPath,
  ZGetAddressesDetailResponse,
  ZGetAddressesListResponse,
  type TAddressEntry,
  type TBarangayDetail,
  type TGetAddressesRequest,
} from '@konek/contract/get-addresses';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

// spec §7.1 "get address info": the province list, a province's cities, a city's barangays, and a
// barangay's detail (zip code, region, map point, pilot flag). The lists change only when the geography
// is re-imported, so each is fetched once per visit.

export type AddressListLevel = TGetAddressesRequest['address_type'];

export async function fetchAddressList(
  ossSegment: string,
  request: TGetAddressesRequest,
  signal?: AbortSignal,
): Promise<TAddressEntry[]> {
  const reply = await apiPost(getAddressesPath(ossSegment), request, { signal });
  const parsed = ZGetAddressesListResponse.safeParse(reply);
  if (!parsed.success || parsed.data.code !== SUCCESS_CODE) throw new Error(reply.message);
  return parsed.data.result;
}

export async function fetchBarangayDetail(
  ossSegment: string,
  barangayCode: string,
  signal?: AbortSignal,
): Promise<TBarangayDetail> {
  const request = { address_type: 'barangay', address_code: barangayCode } as const;
  const reply = await apiPost(getAddressesPath(ossSegment), request, { signal });
  const parsed = ZGetAddressesDetailResponse.safeParse(reply);
  if (!parsed.success || parsed.data.code !== SUCCESS_CODE) throw new Error(reply.message);
  return parsed.data.result;
}

/**
 * The options of one select: provinces (no parent), a province's cities or a city's barangays. Waits
 * (skipToken) until the configuration and the parent choice are known.
 */
export function addressListQuery(
  ossSegment: string | undefined,
  level: AddressListLevel,
  parentCode: string | undefined,
) {
  const request: TGetAddressesRequest | undefined =
    level === 'province'
      ? { address_type: 'province' }
      : parentCode === undefined
        ? undefined
        : { address_type: level, address_code: parentCode };
  return queryOptions({
    queryKey: ['addresses', ossSegment, level, parentCode ?? null],
    queryFn:
      ossSegment === undefined || request === undefined
        ? skipToken
        : ({ signal }) => fetchAddressList(ossSegment, request, signal),
    staleTime: Infinity,
  });
}

export function barangayDetailQuery(
  ossSegment: string | undefined,
  barangayCode: string | undefined,
) {
  return queryOptions({
    queryKey: ['addresses', ossSegment, 'detail', barangayCode ?? null],
    queryFn:
      ossSegment === undefined || barangayCode === undefined
        ? skipToken
        : ({ signal }) => fetchBarangayDetail(ossSegment, barangayCode, signal),
    staleTime: Infinity,
  });
}
