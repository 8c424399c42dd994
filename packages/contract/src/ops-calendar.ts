import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZManilaDay } from './ops-closed-days';

// ADR 092: the dispatchers' installation calendar on /ops. A dispatcher blocks a period (a morning, an
// afternoon, or the whole day) in one work zone or the whole network, with a reason (a typhoon, road
// works): first a preview lists the bookings it would affect, then the block is confirmed — in one
// transaction the block is written, each paid booking loses its time (the order waits for a new one
// and its customer is texted the reason once), and each unpaid hold ends as a hold that ran out.
// Blocked periods are never offered nor booked. Unblocking re-books nobody. The day view counts each
// period's places, holds, bookings and blocks from the tables the booking uses. Dispatchers only.

export const OPS_CALENDAR_PATH = '/api/ops/calendar';
export const OPS_CALENDAR_BLOCKS_PATH = '/api/ops/calendar/blocks';
export const OPS_CALENDAR_PREVIEW_BLOCK_PATH = '/api/ops/calendar/blocks/preview';
export const OPS_CALENDAR_ADD_BLOCK_PATH = '/api/ops/calendar/blocks/add';
export const OPS_CALENDAR_REMOVE_BLOCK_PATH = '/api/ops/calendar/blocks/remove';

export const BLOCK_REASON_MAX_LENGTH = 200;
/** The most days one day view answers. */
export const CALENDAR_VIEW_MAX_DAYS = 14;

/** The periods of a day (product §4.4): morning and afternoon. */
export const SLOT_PERIODS = ['am', 'pm'] as const;

/** What a block covers of its day: a period (am, pm) or the whole day. */
export const BLOCK_SPANS = [...SLOT_PERIODS, 'day'] as const;
export type TBlockSpan = (typeof BLOCK_SPANS)[number];

export const ZWorkZone = z.object({ code: z.string(), name: z.string() });
export type TWorkZone = z.infer<typeof ZWorkZone>;

/** What a dispatcher asks to block (preview and confirm send the same). */
export const ZBlockRequest = z.object({
  day: ZManilaDay,
  period: z.enum(BLOCK_SPANS),
  /** A work zone's code; null (or absent) blocks the whole network. */
  work_zone: z.string().trim().min(1).max(40).nullish(),
  reason: z.string().trim().min(1).max(BLOCK_REASON_MAX_LENGTH),
});
export type TBlockRequest = z.infer<typeof ZBlockRequest>;

/** A booking a block takes the time of. */
export const ZAffectedBooking = z.object({
  /** KNK-…; null for a hold no order was made for yet. */
  order_number: z.string().nullable(),
  /** paid: the order waits for a new time; held: an unpaid hold, ended. */
  kind: z.enum(['paid', 'held']),
  customer_first_name: z.string(),
  /** The mobile number with its middle digits hidden, e.g. 0917 ••• 0101. */
  masked_mobile: z.string(),
  slot: z.object({ start_time: z.string(), end_time: z.string() }),
  period: z.enum(SLOT_PERIODS),
  work_zone: ZWorkZone,
});
export type TAffectedBooking = z.infer<typeof ZAffectedBooking>;

export const ZCalendarBlock = z.object({
  block_id: z.string(),
  day: ZManilaDay,
  period: z.enum(BLOCK_SPANS),
  /** null: the whole network. */
  work_zone: ZWorkZone.nullable(),
  reason: z.string(),
  blocked_by: z.object({ user_id: z.string(), first_name: z.string() }).nullable(),
  blocked_at: z.iso.datetime({ offset: true }),
});
export type TCalendarBlock = z.infer<typeof ZCalendarBlock>;

const DISPATCHER_ERRORS = ['ops.ROLE_NOT_ALLOWED'] as const;
const BLOCK_ERRORS = [
  ...DISPATCHER_ERRORS,
  'ops.DAY_IN_THE_PAST',
  'ops.PERIOD_STARTED',
  'ops.WORK_ZONE_NOT_FOUND',
  'ops.PERIOD_ALREADY_BLOCKED',
] as const;

/** The bookings a block would take the time of; nothing changes. */
export const opsPreviewBlockCall = defineCall({
  path: OPS_CALENDAR_PREVIEW_BLOCK_PATH,
  auth: 'required',
  target: null,
  request: ZBlockRequest,
  reply: envelopeWith({ affected: z.array(ZAffectedBooking) }),
  errors: [...BLOCK_ERRORS],
});

/** The block, and every booking it took the time of (as the preview listed them, now done). */
export const opsAddBlockCall = defineCall({
  path: OPS_CALENDAR_ADD_BLOCK_PATH,
  auth: 'required',
  target: null,
  request: ZBlockRequest,
  reply: envelopeWith({ block: ZCalendarBlock, affected: z.array(ZAffectedBooking) }),
  errors: [...BLOCK_ERRORS],
});

/** Lifts a block: its periods are offered again; nobody is booked back. */
export const opsRemoveBlockCall = defineCall({
  path: OPS_CALENDAR_REMOVE_BLOCK_PATH,
  auth: 'required',
  target: null,
  request: z.object({ block_id: z.uuid() }),
  reply: envelopeWith({ block_id: z.string() }),
  errors: [...DISPATCHER_ERRORS, 'ops.BLOCK_NOT_FOUND'],
});

/** The blocks from today on, and the work zones a block can name. */
export const opsBlocksCall = defineCall({
  path: OPS_CALENDAR_BLOCKS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ blocks: z.array(ZCalendarBlock), work_zones: z.array(ZWorkZone) }),
  errors: [...DISPATCHER_ERRORS],
});

/** One period of one zone on one day, as the booking counts it. */
export const ZCalendarPeriod = z.object({
  period: z.enum(SLOT_PERIODS),
  work_zone: ZWorkZone,
  /** The crews' places (the slot's capacity). */
  places: z.number().int().nonnegative(),
  /** Unpaid holds still running. */
  holds: z.number().int().nonnegative(),
  /** Paid bookings. */
  bookings: z.number().int().nonnegative(),
  /** Places taken by other channels (the demo's full periods): taken minus holds and bookings. */
  other: z.number().int().nonnegative(),
  /** Places a customer could still book (0 while blocked). */
  free: z.number().int().nonnegative(),
  blocked: z.boolean(),
  /** A dispatcher set this day's places by hand (opsSetDayPlacesCall): the weekly plan leaves them. */
  set_for_day: z.boolean(),
});
export type TCalendarPeriod = z.infer<typeof ZCalendarPeriod>;

export const ZCalendarRequest = z.object({
  from: ZManilaDay,
  days: z.number().int().min(1).max(CALENDAR_VIEW_MAX_DAYS).optional(),
});

/** The day view: per day, each period of each zone. */
export const opsCalendarCall = defineCall({
  path: OPS_CALENDAR_PATH,
  auth: 'required',
  target: null,
  request: ZCalendarRequest,
  reply: envelopeWith({
    days: z.array(z.object({ day: ZManilaDay, periods: z.array(ZCalendarPeriod) })),
  }),
  errors: [...DISPATCHER_ERRORS],
});

// ── The crews' plans (ADR 035, 092): places per weekday and period in each work zone ─────────────────

export const OPS_CREW_PLANS_PATH = '/api/ops/calendar/crew_plans';
export const OPS_SET_CREW_PLAN_PATH = '/api/ops/calendar/crew_plans/set';

/** The most places one zone's crews can offer in one period. */
export const CREW_PLACES_MAX = 50;
/** The weekdays a plan covers: Monday (1) to Saturday (6); Sundays have no installations. */
export const PLAN_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

export const ZCrewPlanEntry = z.object({
  /** 1 Monday … 6 Saturday (Manila). */
  weekday: z.number().int().min(1).max(6),
  period: z.enum(SLOT_PERIODS),
  places: z.number().int().min(0).max(CREW_PLACES_MAX),
});
export type TCrewPlanEntry = z.infer<typeof ZCrewPlanEntry>;

export const ZCrewPlanZone = z.object({
  work_zone: ZWorkZone,
  cities: z.array(z.object({ code: z.string(), name: z.string() })),
  /** One entry per weekday and period (a missing one has no places). */
  plan: z.array(ZCrewPlanEntry),
});
export type TCrewPlanZone = z.infer<typeof ZCrewPlanZone>;

/** Every work zone with its cities and its crews' plan. */
export const opsCrewPlansCall = defineCall({
  path: OPS_CREW_PLANS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ zones: z.array(ZCrewPlanZone) }),
  errors: [...DISPATCHER_ERRORS],
});

export const ZSetCrewPlanRequest = z.object({
  work_zone: z.string().trim().min(1).max(40),
  /** The places of each weekday and period sent; those not sent stay as they are. */
  plan: z
    .array(ZCrewPlanEntry)
    .min(1)
    .max(PLAN_WEEKDAYS.length * SLOT_PERIODS.length)
    .refine(
      (entries) => new Set(entries.map((e) => `${e.weekday}${e.period}`)).size === entries.length,
      { message: 'Each weekday and period once.' },
    ),
});
export type TSetCrewPlanRequest = z.infer<typeof ZSetCrewPlanRequest>;

/**
 * A slot already made whose places could not go as low as the plan asks: it keeps as many places as
 * are taken there (nobody loses a booking).
 */
export const ZKeptSlot = z.object({
  day: ZManilaDay,
  period: z.enum(SLOT_PERIODS),
  taken: z.number(),
});
export type TKeptSlot = z.infer<typeof ZKeptSlot>;

/**
 * Changes one zone's plan. The slots already made for the bookable days ahead take the new places at
 * once (never fewer than are taken: such a slot is kept at its taken places and listed in `kept`); the
 * days closed stay closed. Audited ('work_zone', the plan before and after).
 */
export const opsSetCrewPlanCall = defineCall({
  path: OPS_SET_CREW_PLAN_PATH,
  auth: 'required',
  target: null,
  request: ZSetCrewPlanRequest,
  reply: envelopeWith({ zone: ZCrewPlanZone, slots_changed: z.number(), kept: z.array(ZKeptSlot) }),
  errors: [...DISPATCHER_ERRORS, 'ops.WORK_ZONE_NOT_FOUND'],
});

// ── ADR 092: one day's places (a crew on leave, an extra crew on a busy day) ─────────────────────────

export const OPS_SET_DAY_PLACES_PATH = '/api/ops/calendar/day_places/set';

export const ZSetDayPlacesRequest = z.object({
  work_zone: z.string().trim().min(1).max(40),
  /** A Manila day from tomorrow through the calendar's last day (INSTALLATION_CALENDAR_WEEKS). */
  day: ZManilaDay,
  period: z.enum(SLOT_PERIODS),
  places: z.number().int().min(0).max(CREW_PLACES_MAX),
});
export type TSetDayPlacesRequest = z.infer<typeof ZSetDayPlacesRequest>;

/**
 * Sets one zone's places for one day and period, whatever its weekday's plan says: the slot takes them
 * at once (customers' listings read it), never fewer than are taken there (held or booked) — then it
 * keeps as many as are taken and `kept` says so. The day keeps these places when the weekly plan changes
 * later. A closed day (DAY_IS_CLOSED) and a blocked period (PERIOD_IS_BLOCKED) are refused: they stay
 * closed or blocked. Audited ('day_places', "ZONE DAY PERIOD", the places before and after).
 */
export const opsSetDayPlacesCall = defineCall({
  path: OPS_SET_DAY_PLACES_PATH,
  auth: 'required',
  target: null,
  request: ZSetDayPlacesRequest,
  reply: envelopeWith({
    /** The slot's places now. */
    places: z.number().int().nonnegative(),
    /** Places taken there (holds, bookings, other channels). */
    taken: z.number().int().nonnegative(),
    /** Fewer places were asked than are taken: the slot keeps `taken` places. */
    kept: z.boolean(),
  }),
  errors: [
    ...DISPATCHER_ERRORS,
    'ops.WORK_ZONE_NOT_FOUND',
    'ops.DAY_OUTSIDE_CALENDAR',
    'ops.DAY_IS_CLOSED',
    'ops.PERIOD_IS_BLOCKED',
  ],
});

/** The audit id of one zone's day and period: "MM-SOUTH 2026-12-12 am". */
export const dayPlacesEntityId = (workZone: string, day: string, period: string): string =>
  `${workZone} ${day} ${period}`;
