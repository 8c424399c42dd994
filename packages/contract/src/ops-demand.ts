import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZBoundingBox } from './ops-network';

// ADR 095: the network planner's demand map — the households waiting for fibre (the notify-me waitlist),
// counted per barangay, with the share of them the plant already serves and the earliest planned NAP
// that will reach one of them; the same rows as a CSV file.

export const OPS_DEMAND_PATH = '/api/ops/coverage/demand';
export const OPS_DEMAND_EXPORT_PATH = '/api/ops/coverage/demand/export';

/** The CSV file's columns, in order. */
export const DEMAND_FILE_COLUMNS = [
  'barangay_code',
  'barangay',
  'city',
  'province',
  'latitude',
  'longitude',
  'waiting',
  'covered_share',
  'planned_date',
] as const;

export const ZDemandRow = z.object({
  /** The PSGC code; null when the households' area names match no barangay of the lists. */
  barangay_code: z.string().nullable(),
  barangay: z.string(),
  city: z.string(),
  province: z.string(),
  /** The barangay's point from the PSGC data, or the mean of its households' pins. */
  latitude: z.number(),
  longitude: z.number(),
  /** Households waiting (distinct emails whose latest request there has not been answered since). */
  waiting: z.number().int().min(1),
  /** Of those, the share (0 to 1) whose pin an active NAP with a free port serves now. */
  covered_share: z.number().min(0).max(1),
  /** The earliest expected date (YYYY-MM-DD) of a planned NAP within reach of one of them, or null. */
  planned_date: z.string().nullable(),
});
export type TDemandRow = z.infer<typeof ZDemandRow>;

/** The barangays with households waiting, in the box when `bbox` is given; most waiting first. */
export const opsDemandCall = defineCall({
  path: OPS_DEMAND_PATH,
  auth: 'required',
  target: null,
  request: z.object({ bbox: ZBoundingBox.optional() }),
  reply: envelopeWith({
    rows: z.array(ZDemandRow),
    /** Waiting households in all the rows. */
    waiting_total: z.number().int(),
  }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

/** The same rows as CSV text (every barangay, or the box's), named for the download. */
export const opsDemandExportCall = defineCall({
  path: OPS_DEMAND_EXPORT_PATH,
  auth: 'required',
  target: null,
  request: z.object({ bbox: ZBoundingBox.optional() }),
  reply: envelopeWith({
    /** demand.csv */
    file_name: z.string(),
    /** text/csv */
    media_type: z.string(),
    content: z.string(),
    row_count: z.number().int(),
  }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
