import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.1 "building list" and §3 "Building list entry". The area is named by PSGC codes (the
// address_code of each select's option).

export const GET_BUILDING_LIST_PATH = '/api/v3/location/get_building_list';

const ZPsgcCode = z.string().regex(/^\d{10}$/, 'must be a 10-digit PSGC code');

export const ZGetBuildingListRequest = z.object({
  operator_name: z.string().min(1).max(100),
  barangay: ZPsgcCode,
  city: ZPsgcCode,
  province: ZPsgcCode,
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
});
