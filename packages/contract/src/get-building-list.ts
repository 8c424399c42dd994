import * as z from 'zod';
import { defineCall } from './call';
import { TEXT_MAX_LENGTH } from './constants';
import { envelopeWith } from './envelope';

// product §7.1 "building list" and §3 "Building list entry", answered by the facility service's building
// lookup (product §7.2, ADR 081). The area is named as the address lists give it: each select's
// address_code (PSGC), or its address_name within its parent.

export const GET_BUILDING_LIST_PATH = '/api/v3/location/get_building_list';

const ZAreaName = z.string().min(1).max(TEXT_MAX_LENGTH);

export const ZGetBuildingListRequest = z.object({
  operator_name: z.string().min(1).max(100),
  barangay: ZAreaName,
  city: ZAreaName,
  province: ZAreaName,
});
export type TGetBuildingListRequest = z.infer<typeof ZGetBuildingListRequest>;

export const ZBuildingListEntry = z.object({
  buildingName: z.string(),
  streetName: z.string(),
  servingFloors: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
});
export type TBuildingListEntry = z.infer<typeof ZBuildingListEntry>;

export const ZGetBuildingListResponse = envelopeWith({ buildingList: z.array(ZBuildingListEntry) });
export type TGetBuildingListResponse = z.infer<typeof ZGetBuildingListResponse>;

/** The call's one description (ADR 024). */
export const getBuildingListCall = defineCall({
  path: GET_BUILDING_LIST_PATH,
  auth: 'none',
  target: null,
  request: ZGetBuildingListRequest,
  reply: ZGetBuildingListResponse,
  errors: ['addressbook.AREA_NOT_FOUND', 'common.SERVICE_UNAVAILABLE'],
});
