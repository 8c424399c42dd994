import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// ADR 083: the days closed to installations, as a dispatcher sees and changes them on /ops. The days
// Philippine law closes (regular holidays and special non-working days) are listed with the law's name
// for them and cannot be removed here; a dispatcher adds a day of their own with a reason, and removes
// it again. A day that still has bookings is not closed: they are moved first.

export const OPS_CLOSED_DAYS_PATH = '/api/ops/closed_days';
export const OPS_ADD_CLOSED_DAY_PATH = '/api/ops/closed_days/add';
export const OPS_REMOVE_CLOSED_DAY_PATH = '/api/ops/closed_days/remove';

export const CLOSED_DAY_REASON_MAX_LENGTH = 200;

/** Why a day is closed: the holiday rules (the law), or a dispatcher. */
export const CLOSED_DAY_SOURCES = ['law', 'dispatcher'] as const;
export type TClosedDaySource = (typeof CLOSED_DAY_SOURCES)[number];

/** A Manila day, YYYY-MM-DD, that exists (no February 30). */
export const ZManilaDay = z.iso.date();

export const ZClosedDay = z.object({
  day: ZManilaDay,
  source: z.enum(CLOSED_DAY_SOURCES),
  /** The holiday's name for a day the law closes; the dispatcher's words for their own. */
  reason: z.string(),
  /** Who closed it and when; null for a day the law closes. */
  added_by: z.object({ user_id: z.string(), first_name: z.string() }).nullable(),
  added_at: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Bookings still on the day (held or paid): a day the law closes whose places were booked before Konek
   * knew it. A dispatcher moves them.
   */
  bookings: z.number().int().nonnegative(),
});
export type TClosedDay = z.infer<typeof ZClosedDay>;

/** The call's one description (ADR 024): the closed days from today through the calendar's weeks. */
export const opsClosedDaysCall = defineCall({
  path: OPS_CLOSED_DAYS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ closed_days: z.array(ZClosedDay) }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

export const ZOpsAddClosedDayRequest = z.object({
  day: ZManilaDay,
  reason: z.string().trim().min(1).max(CLOSED_DAY_REASON_MAX_LENGTH),
});

/** A dispatcher closes a day: its free places go; a day with bookings is refused (DAY_HAS_BOOKINGS). */
export const opsAddClosedDayCall = defineCall({
  path: OPS_ADD_CLOSED_DAY_PATH,
  auth: 'required',
  target: null,
  request: ZOpsAddClosedDayRequest,
  reply: envelopeWith({ closed_day: ZClosedDay }),
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.DAY_IN_THE_PAST',
    'ops.DAY_ALREADY_CLOSED',
    'ops.DAY_HAS_BOOKINGS',
  ],
});

/** A dispatcher opens a day they closed again: its places come back from the crew plans. */
export const opsRemoveClosedDayCall = defineCall({
  path: OPS_REMOVE_CLOSED_DAY_PATH,
  auth: 'required',
  target: null,
  request: z.object({ day: ZManilaDay }),
  reply: envelopeWith({ day: ZManilaDay }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'ops.DAY_NOT_CLOSED', 'ops.DAY_CLOSED_BY_LAW'],
});
