import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// ADR 090 (the map and in-place edits): the network planner's map of the plant on /ops — every NAP as a
// compact row (no object per NAP: 100,000 of them are one array of arrays) and the listed buildings with
// the floors they serve, for the box the map shows — and the edit of one NAP or one building in place,
// audited in its transaction. A planned NAP carries its expected date; the map shades the area it will
// serve (a circle of the service radius the check uses, sent with the reply) and labels it with that date.

export const OPS_NETWORK_PATH = '/api/ops/coverage/network';
export const OPS_NAP_EDIT_PATH = '/api/ops/coverage/naps/edit';
export const OPS_BUILDING_EDIT_PATH = '/api/ops/coverage/buildings/edit';

/** The Philippines, as the NAP file checks a point (ADR 090): a swapped pair falls outside. */
export const NETWORK_LATITUDE = { min: 4, max: 21.5 } as const;
export const NETWORK_LONGITUDE = { min: 116, max: 127 } as const;
export const NAP_STATUSES = ['active', 'planned'] as const;
export type TNapStatus = (typeof NAP_STATUSES)[number];

/** The columns of a NAP row of the map, in order. */
export const NETWORK_NAP_COLUMNS = [
  'code',
  'latitude',
  'longitude',
  'ports_total',
  'ports_used',
  'status',
  'expected_date',
] as const;
/** [code, latitude, longitude, ports_total, ports_used, status, expected_date (YYYY-MM-DD or null)]. */
export type TNetworkNap = [string, number, number, number, number, TNapStatus, string | null];
const ZNetworkNap = z.tuple([
  z.string(),
  z.number(),
  z.number(),
  z.number().int(),
  z.number().int(),
  z.enum(NAP_STATUSES),
  z.string().nullable(),
]);

export const ZNetworkBuilding = z.object({
  id: z.number().int(),
  building_name: z.string(),
  street_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  serving_floors: z.array(z.string()),
});
export type TNetworkBuilding = z.infer<typeof ZNetworkBuilding>;

export const ZBoundingBox = z
  .object({
    south: z.number().min(-90).max(90),
    west: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
  })
  .superRefine((box, context) => {
    if (box.north < box.south) {
      context.addIssue({ code: 'custom', path: ['north'], message: 'must not be south of south' });
    }
    if (box.east < box.west) {
      context.addIssue({ code: 'custom', path: ['east'], message: 'must not be west of west' });
    }
  });
export type TBoundingBox = z.infer<typeof ZBoundingBox>;

/**
 * At most this many NAPs (and as many listed buildings) per answer: a box of the whole country stays
 * about 250 KB, and the reply says `truncated` when the box holds more, so the map asks to zoom in.
 */
export const NETWORK_MAX_NAPS = 5_000;

/**
 * The network in a bounding box, or all of it when `bbox` is left out — at most NETWORK_MAX_NAPS NAPs
 * and as many buildings either way (`truncated` when there were more). `code` answers that one NAP
 * wherever it is (the code search), and no buildings.
 */
export const opsNetworkCall = defineCall({
  path: OPS_NETWORK_PATH,
  auth: 'required',
  target: null,
  request: z.object({
    bbox: ZBoundingBox.optional(),
    code: z.string().trim().min(1).max(100).optional(),
  }),
  reply: envelopeWith({
    nap_columns: z.array(z.enum(NETWORK_NAP_COLUMNS)),
    naps: z.array(ZNetworkNap),
    buildings: z.array(ZNetworkBuilding),
    /** More NAPs or buildings lie in the box than the answer holds (NETWORK_MAX_NAPS). */
    truncated: z.boolean(),
    /** The radius, in metres, within which a NAP serves an address (the serviceability check's). */
    service_radius_meters: z.number().int(),
  }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

const ZLatitude = z
  .number()
  .min(NETWORK_LATITUDE.min, 'must be inside the Philippines (4 to 21.5)')
  .max(NETWORK_LATITUDE.max, 'must be inside the Philippines (4 to 21.5)');
const ZLongitude = z
  .number()
  .min(NETWORK_LONGITUDE.min, 'must be inside the Philippines (116 to 127)')
  .max(NETWORK_LONGITUDE.max, 'must be inside the Philippines (116 to 127)');

export const ZNapEdit = z
  .object({
    code: z.string().trim().min(1).max(100),
    latitude: ZLatitude,
    longitude: ZLongitude,
    ports_total: z.number().int('must be a whole number').min(0).max(10_000),
    ports_used: z.number().int('must be a whole number').min(0).max(10_000),
    status: z.enum(NAP_STATUSES),
    /** YYYY-MM-DD: required for a planned NAP, refused for an active one (as in the NAP file). */
    expected_date: z.string().nullable(),
  })
  .superRefine((nap, context) => {
    if (nap.ports_used > nap.ports_total) {
      context.addIssue({
        code: 'custom',
        path: ['ports_used'],
        message: 'must not be more than ports_total',
      });
    }
    if (nap.status === 'planned') {
      if (nap.expected_date === null || nap.expected_date === '') {
        context.addIssue({
          code: 'custom',
          path: ['expected_date'],
          message: 'is required for a planned NAP',
        });
      } else if (!z.iso.date().safeParse(nap.expected_date).success) {
        context.addIssue({
          code: 'custom',
          path: ['expected_date'],
          message: 'must be a date (YYYY-MM-DD)',
        });
      }
    } else if (nap.expected_date !== null && nap.expected_date !== '') {
      context.addIssue({
        code: 'custom',
        path: ['expected_date'],
        message: 'must be empty for an active NAP',
      });
    }
  });
export type TNapEdit = z.infer<typeof ZNapEdit>;

export const ZNetworkNapRecord = z.object({
  code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  ports_total: z.number().int(),
  ports_used: z.number().int(),
  status: z.enum(NAP_STATUSES),
  expected_date: z.string().nullable(),
});
export type TNetworkNapRecord = z.infer<typeof ZNetworkNapRecord>;

/** Changes one NAP in place (by code); the coverage index of every process hears it (ADR 018). */
export const opsNapEditCall = defineCall({
  path: OPS_NAP_EDIT_PATH,
  auth: 'required',
  target: null,
  request: ZNapEdit,
  reply: envelopeWith({ nap: ZNetworkNapRecord }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'coverage.NAP_NOT_FOUND'],
});

/** A floor as buildings name them: G, a number, or a short label (UG, PH, 3A). */
export const FLOOR_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,9}$/;

export const ZBuildingEdit = z.object({
  id: z.number().int().positive(),
  building_name: z.string().trim().min(1, 'is required').max(200),
  serving_floors: z
    .array(
      z
        .string()
        .trim()
        .regex(FLOOR_PATTERN, 'must be a floor such as G, 2 or UG (letters, digits, -)'),
    )
    .max(300)
    .refine((floors) => new Set(floors).size === floors.length, 'must not repeat a floor'),
});
export type TBuildingEdit = z.infer<typeof ZBuildingEdit>;

/** Changes one listed building's name and floors served; checks near it answer from them (ADR 018). */
export const opsBuildingEditCall = defineCall({
  path: OPS_BUILDING_EDIT_PATH,
  auth: 'required',
  target: null,
  request: ZBuildingEdit,
  reply: envelopeWith({ building: ZNetworkBuilding }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'coverage.BUILDING_NOT_FOUND'],
});
