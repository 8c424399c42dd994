import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  getAddressesCall,
  type TAddressEntry,
  type TBarangayDetail,
  type TGetAddressesRequest,
} from '@konek/contract/get-addresses';
import { UNREADABLE_MESSAGE, call } from '../../../lib/call';

// product §7.1 "get address info": the province list, a province's cities, a city's barangays, and a
// barangay's detail (zip code, region, map point, pilot flag). The lists change only when the geography
// is re-imported, so each is fetched once per visit.

export type AddressListLevel = TGetAddressesRequest['address_type'];

/** A query's function: a failure is thrown, for the query's error state. */
export async function fetchAddressList(
  ossSegment: string,
  request: TGetAddressesRequest,
  signal?: AbortSignal,
): Promise<TAddressEntry[]> {
  const result = await call(getAddressesCall, request, { ossSegment, signal });
  if (!result.ok) throw new Error(result.message);
  if (!Array.isArray(result.reply.result)) throw new Error(UNREADABLE_MESSAGE);
  return result.reply.result;
}

export async function fetchBarangayDetail(
  ossSegment: string,
  barangayCode: string,
  signal?: AbortSignal,
): Promise<TBarangayDetail> {
  const request = { address_type: 'barangay', address_code: barangayCode } as const;
  const result = await call(getAddressesCall, request, { ossSegment, signal });
  if (!result.ok) throw new Error(result.message);
  if (Array.isArray(result.reply.result)) throw new Error(UNREADABLE_MESSAGE);
  return result.reply.result;
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
