import { queryOptions, skipToken } from '@tanstack/react-query';
import {
  GET_BUILDING_LIST_PATH,
  ZGetBuildingListResponse,
  type TBuildingListEntry,
  type TGetBuildingListRequest,
} from '@konek/contract/get-building-list';
import { SUCCESS_CODE } from '@konek/contract/envelope';
import { apiPost } from '../../../lib/api-client';

// spec §4.2 / §7.1: choosing Building loads the building list of the chosen area (PSGC codes).

export async function fetchBuildingList(
  request: TGetBuildingListRequest,
  signal?: AbortSignal,
): Promise<TBuildingListEntry[]> {
  const reply = await apiPost(GET_BUILDING_LIST_PATH, request, { signal });
  const parsed = ZGetBuildingListResponse.safeParse(reply);
  if (!parsed.success || parsed.data.code !== SUCCESS_CODE) throw new Error(reply.message);
  return parsed.data.buildingList;
}

/** `request` is undefined until the area is chosen and Building is the property type. */
export function buildingListQuery(request: TGetBuildingListRequest | undefined) {
  return queryOptions({
    queryKey: ['building-list', request ?? null],
    queryFn: request === undefined ? skipToken : ({ signal }) => fetchBuildingList(request, signal),
    staleTime: 5 * 60 * 1000,
  });
}
