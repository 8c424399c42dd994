import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  getBuildingListCall,
  type TBuildingListEntry,
  type TGetBuildingListRequest,
} from '@konek/contract/get-building-list';
import { call } from '../../../lib/call';

// product §4.2 / §7.1: choosing Building loads the building list of the chosen area (PSGC codes).

/** A query's function: a failure is thrown, for the query's error state. */
export async function fetchBuildingList(
  request: TGetBuildingListRequest,
  signal?: AbortSignal,
): Promise<TBuildingListEntry[]> {
  const result = await call(getBuildingListCall, request, { signal });
  if (!result.ok) throw new Error(result.message);
  return result.reply.buildingList;
}

/** `request` is undefined until the area is chosen and Building is the property type. */
export function buildingListQuery(request: TGetBuildingListRequest | undefined) {
  return queryOptions({
    queryKey: ['building-list', request ?? null],
    queryFn: request === undefined ? skipToken : ({ signal }) => fetchBuildingList(request, signal),
    staleTime: 5 * 60 * 1000,
  });
}
