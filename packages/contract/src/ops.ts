import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZBookableSlot } from './appointments';
import { ZTimeSlot } from './slot-period';
import { ZGeoPoint } from './tracking';
import { INSTALLATION_STATUS_LABELS } from './work-order-status';

// ADR 046: the operator API under /api/ops (Konek's own prefix; the spec has no operator side).
// Dispatchers list the day's work orders, assign them to technicians and set their statuses;
// technicians list their own jobs and move them through the visit. Statuses are the §4.5 values of
// work-order-status.ts; which moves are allowed, and for whom, is decided here once.

export const OPS_LOGIN_PATH = '/api/ops/login';
export const OPS_LOGOUT_PATH = '/api/ops/logout';
export const OPS_ME_PATH = '/api/ops/me';
export const OPS_TECHNICIANS_PATH = '/api/ops/technicians';
export const OPS_WORK_ORDERS_PATH = '/api/ops/work_orders';
export const OPS_ASSIGN_PATH = '/api/ops/work_orders/assign';
export const OPS_SET_STATUS_PATH = '/api/ops/work_orders/set_status';
export const OPS_MOVE_PATH = '/api/ops/work_orders/move';
export const OPS_SLOTS_PATH = '/api/ops/work_orders/slots';
export const OPS_CANCEL_PATH = '/api/ops/work_orders/cancel';

// Kept on one line: every branch that adds a role writes this same line.
// prettier-ignore
export const OPS_ROLES = ['admin', 'network_planner', 'dispatcher', 'marketing', 'technician'] as const;
export type TOpsRole = (typeof OPS_ROLES)[number];

/** Lower-case letters, digits, dot, dash and underscore; 3 to 32 characters. */
export const ZOpsUsername = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9._-]+$/, 'Use lower-case letters, digits, dot, dash or underscore.');
/** What an operator types; the server hashes it as it hashes PINs (ADR 006). */
export const ZOpsPassword = z.string().min(1).max(200);
/** The shortest password `npm run ops -- add-user` accepts. */
export const OPS_PASSWORD_MIN_LENGTH = 12;

// ---------------------------------------------------------------------------------------------------
// Statuses and moves (product §4.5 values)

export const WO_OPEN = 'Open';
export const WO_PENDING_FOR_VISIT = 'Pending-ForVisit';
export const WO_ON_THE_WAY = 'Pending-OnTheWay';
export const WO_ONGOING = 'Ongoing';
export const WO_ONGOING_ONHOLD = 'Ongoing-Onhold';
export const WO_ONGOING_UNHOLD = 'Ongoing-Unhold';
export const WO_COMPLETED = 'Completed';
export const WO_COMPLETED_FOR_VISIT = 'Completed-For Visit';
export const WO_DELAYED = 'Delayed';
export const WO_DELAYED_WITH_VISIT = 'Delayed-WithVisit';
export const WO_DELAYED_WITHOUT_VISIT = 'Delayed-WithoutVisit';
export const WO_DELAYED_WITH_START_ACTIVITY = 'Delayed-WithStartActivity';
export const WO_DELAYED_FOR_RESCHEDULE = 'Delayed-ForReschedule';
export const WO_FOR_RESCUE = 'ForRescue';
export const WO_DELAYED_FOR_CANCELLATION = 'Delayed-ForCancellation';
export const WO_CANCELLED = 'Cancelled';

/** ADR 047: a visit not started by the end of its period is missed while its job is in these. */
export const NOT_STARTED_STATUSES: readonly string[] = [WO_OPEN, WO_PENDING_FOR_VISIT];

/** The technician is at the home, working (paused or resumed). */
export const ON_SITE_STATUSES: readonly string[] = [
  WO_ONGOING,
  WO_ONGOING_ONHOLD,
  WO_ONGOING_UNHOLD,
];

/** The statuses §4.5 shows "Reschedule Installation [provider initiated]": the visit needs a new time. */
export const DELAYED_STATUSES: readonly string[] = [
  WO_DELAYED,
  WO_DELAYED_WITH_VISIT,
  WO_DELAYED_WITHOUT_VISIT,
  WO_DELAYED_WITH_START_ACTIVITY,
  WO_DELAYED_FOR_RESCHEDULE,
  WO_FOR_RESCUE,
];

/** Nothing more happens to the installation: no move leads out of these but a dispatcher's close. */
export const FINAL_STATUSES: readonly string[] = [
  WO_COMPLETED,
  WO_COMPLETED_FOR_VISIT,
  WO_CANCELLED,
];

/** A technician's taps on their own job (the technicians' page, /api/ops/work_orders/move). */
export const TECHNICIAN_ACTIONS = [
  'on_the_way',
  'arrived',
  'completed',
  'completed_follow_up',
  'hold',
  'resume',
  'return_visit',
  'rescue',
  'not_installed',
] as const;
export type TTechnicianAction = (typeof TECHNICIAN_ACTIONS)[number];

/** The technician's actions that need their words: what stopped the work, or what is left to do. */
export const ACTIONS_WITH_REASON: readonly TTechnicianAction[] = [
  'completed_follow_up',
  'return_visit',
  'rescue',
  'not_installed',
];

/** Who moves a work order. */
export type TWorkOrderMover = 'dispatcher' | 'technician' | 'customer' | 'system';

/**
 * How a move is made, each through one call:
 * - a technician action: the technician on their own job (/api/ops/work_orders/move);
 * - `set_status`: a dispatcher (/api/ops/work_orders/set_status) — what a technician phoned in, or the
 *   provider's own decision (a delay, a rescue crew, marking a job for cancellation);
 * - `new_visit`: a dispatcher arranges a visit — a technician, and a new time when the booked one has
 *   passed (/api/ops/work_orders/assign);
 * - `new_time`: the customer picks a new time (update_appointment): a new visit, Open, no technician;
 * - `refund`: the paid order is cancelled and refunded — by the customer (cancel_order) or a dispatcher
 *   (/api/ops/work_orders/cancel);
 * - `missed`: the booked period ended and nobody had set off (ADR 047).
 */
export type TMoveVia =
  TTechnicianAction | 'set_status' | 'new_visit' | 'new_time' | 'refund' | 'missed';

export type TWorkOrderMove = {
  readonly from: readonly string[];
  readonly to: string;
  readonly by: TWorkOrderMover;
  readonly via: TMoveVia;
};

/** The technician's actions: on site, from arriving to installed, paused, or stopped for a reason. */
const TECHNICIAN_MOVES: readonly (TWorkOrderMove & { via: TTechnicianAction })[] = [
  { via: 'on_the_way', by: 'technician', from: [WO_PENDING_FOR_VISIT], to: WO_ON_THE_WAY },
  { via: 'arrived', by: 'technician', from: [WO_ON_THE_WAY], to: WO_ONGOING },
  { via: 'completed', by: 'technician', from: [WO_ONGOING, WO_ONGOING_UNHOLD], to: WO_COMPLETED },
  // Installed and working, but a follow-up visit is needed (to finish the cabling, say).
  {
    via: 'completed_follow_up',
    by: 'technician',
    from: [WO_ONGOING, WO_ONGOING_UNHOLD],
    to: WO_COMPLETED_FOR_VISIT,
  },
  // Paused on site (waiting for building access, power, a permit) and taken up again.
  { via: 'hold', by: 'technician', from: [WO_ONGOING, WO_ONGOING_UNHOLD], to: WO_ONGOING_ONHOLD },
  { via: 'resume', by: 'technician', from: [WO_ONGOING_ONHOLD], to: WO_ONGOING_UNHOLD },
  // Started on site, but the technician must come back to finish.
  {
    via: 'return_visit',
    by: 'technician',
    from: ON_SITE_STATUSES,
    to: WO_DELAYED_WITH_START_ACTIVITY,
  },
  // A line fault or specialised work: a rescue crew is needed.
  { via: 'rescue', by: 'technician', from: ON_SITE_STATUSES, to: WO_FOR_RESCUE },
  // Could not install at all: once on site, or before arriving.
  { via: 'not_installed', by: 'technician', from: ON_SITE_STATUSES, to: WO_DELAYED_WITH_VISIT },
  {
    via: 'not_installed',
    by: 'technician',
    from: [WO_PENDING_FOR_VISIT, WO_ON_THE_WAY],
    to: WO_DELAYED_WITHOUT_VISIT,
  },
];

/** Where a new visit can be arranged from: before the visit, and after every delay. */
const NEW_VISIT_FROM = [
  WO_OPEN,
  WO_PENDING_FOR_VISIT,
  ...DELAYED_STATUSES,
  WO_DELAYED_FOR_CANCELLATION,
];

/**
 * ADR 049, 080: while a paid order's work order is in one of these, the customer changes the booked time
 * (update_appointment) or cancels with a refund (cancel_order) themselves: the visit has not started, or
 * it was missed or delayed. Not once the technician is on the way, on site, or the job has ended.
 */
export const CUSTOMER_CHANGEABLE_STATUSES: readonly string[] = [
  WO_OPEN,
  WO_PENDING_FOR_VISIT,
  ...DELAYED_STATUSES,
  WO_DELAYED_FOR_CANCELLATION,
];

/**
 * ADR 046, 080: every move of a work order, who makes it and how. The API and the operators' page ask
 * this table (through the functions below) and nothing else. Cancelled comes only with the order's
 * cancellation and its refund; Completed and Cancelled end a job, and Completed-For Visit is closed by a
 * dispatcher once the follow-up visit is done.
 */
export const WORK_ORDER_MOVES: readonly TWorkOrderMove[] = [
  ...TECHNICIAN_MOVES,
  // A dispatcher may record any technician's move (the technician phoned it in).
  ...TECHNICIAN_MOVES.map((move) => ({
    ...move,
    by: 'dispatcher' as const,
    via: 'set_status' as const,
  })),
  // The provider delays a booked visit before it starts (a network or area problem, the weather).
  {
    via: 'set_status',
    by: 'dispatcher',
    from: [WO_OPEN, WO_PENDING_FOR_VISIT],
    to: WO_DELAYED,
  },
  // The visit cannot happen at the booked time: the customer picks a new one.
  {
    via: 'set_status',
    by: 'dispatcher',
    from: [WO_OPEN, WO_PENDING_FOR_VISIT, WO_ON_THE_WAY],
    to: WO_DELAYED_FOR_RESCHEDULE,
  },
  // The technician could not install: a rescue crew is sent.
  { via: 'set_status', by: 'dispatcher', from: [WO_DELAYED_WITH_VISIT], to: WO_FOR_RESCUE },
  // The installation may not be possible at all (the customer's side or the provider's).
  {
    via: 'set_status',
    by: 'dispatcher',
    from: [WO_OPEN, WO_PENDING_FOR_VISIT, ...DELAYED_STATUSES],
    to: WO_DELAYED_FOR_CANCELLATION,
  },
  // The follow-up visit is done.
  { via: 'set_status', by: 'dispatcher', from: [WO_COMPLETED_FOR_VISIT], to: WO_COMPLETED },
  { via: 'new_visit', by: 'dispatcher', from: NEW_VISIT_FROM, to: WO_PENDING_FOR_VISIT },
  {
    via: 'refund',
    by: 'dispatcher',
    from: [WO_DELAYED_FOR_CANCELLATION],
    to: WO_CANCELLED,
  },
  { via: 'new_time', by: 'customer', from: CUSTOMER_CHANGEABLE_STATUSES, to: WO_OPEN },
  { via: 'refund', by: 'customer', from: CUSTOMER_CHANGEABLE_STATUSES, to: WO_CANCELLED },
  { via: 'missed', by: 'system', from: NOT_STARTED_STATUSES, to: WO_DELAYED_FOR_RESCHEDULE },
];

/** Whether `by` may move a work order from `from` to `to` through `via`. */
export function isMoveAllowed(
  from: string,
  to: string,
  by: TWorkOrderMover,
  via: TMoveVia,
): boolean {
  return WORK_ORDER_MOVES.some(
    (move) => move.by === by && move.via === via && move.to === to && move.from.includes(from),
  );
}

/** The statuses `by` can move a work order out of through `via`. */
export function statusesFrom(by: TWorkOrderMover, via: TMoveVia): readonly string[] {
  const from = WORK_ORDER_MOVES.filter((move) => move.by === by && move.via === via).flatMap(
    (move) => move.from,
  );
  return [...new Set(from)];
}

/** Every status a dispatcher may name: exactly the §4.5 table's values. */
export const WORK_ORDER_STATUSES = [...INSTALLATION_STATUS_LABELS.keys()] as [string, ...string[]];

/**
 * What a dispatcher may set (set_status), from each status. Cancelled is never among them: it comes only
 * with the order's cancellation and its refund; Pending-ForVisit is a new visit (assign).
 */
export const WORK_ORDER_TRANSITIONS: ReadonlyMap<string, readonly string[]> = new Map(
  WORK_ORDER_STATUSES.map((status): [string, readonly string[]] => [
    status,
    [
      ...new Set(
        WORK_ORDER_MOVES.filter(
          (move) =>
            move.by === 'dispatcher' && move.via === 'set_status' && move.from.includes(status),
        ).map((move) => move.to),
      ),
    ],
  ]),
);

export function isTransitionAllowed(from: string, to: string): boolean {
  return isMoveAllowed(from, to, 'dispatcher', 'set_status');
}

/**
 * The status a technician's action moves a job to from its current status, or undefined when the action
 * is not possible from there.
 */
export function statusAfterAction(action: TTechnicianAction, from: string): string | undefined {
  return TECHNICIAN_MOVES.find((move) => move.via === action && move.from.includes(from))?.to;
}

/** ADR 080: a dispatcher arranges a visit (assigns a technician, a new time when needed) from these. */
export const ASSIGNABLE_STATUSES: readonly string[] = statusesFrom('dispatcher', 'new_visit');

/** ADR 080: a dispatcher cancels the order, with a full refund to the customer, from these. */
export const OPERATOR_CANCELLABLE_STATUSES: readonly string[] = statusesFrom(
  'dispatcher',
  'refund',
);

// ---------------------------------------------------------------------------------------------------
// Calls

const ZOpsUser = z.object({
  user_id: z.string(),
  username: z.string(),
  role: z.enum(OPS_ROLES),
  first_name: z.string(),
});
export type TOpsUser = z.infer<typeof ZOpsUser>;

export const ZOpsLoginRequest = z.object({ username: ZOpsUsername, password: ZOpsPassword });
export const opsLoginCall = defineCall({
  path: OPS_LOGIN_PATH,
  auth: 'none',
  target: null,
  request: ZOpsLoginRequest,
  reply: envelopeWith({ api_token: z.string(), token_start: z.number().int(), user: ZOpsUser }),
  errors: ['ops.INVALID_CREDENTIALS', 'ops.ACCOUNT_LOCKED'],
  rateLimited: true,
});

const ZEmpty = z.object({}).nullish();

export const opsLogoutCall = defineCall({
  path: OPS_LOGOUT_PATH,
  auth: 'required',
  target: null,
  request: ZEmpty,
  reply: envelopeWith({}),
});

export const opsMeCall = defineCall({
  path: OPS_ME_PATH,
  auth: 'required',
  target: null,
  request: ZEmpty,
  reply: envelopeWith({ user: ZOpsUser }),
});

export const opsTechniciansCall = defineCall({
  path: OPS_TECHNICIANS_PATH,
  auth: 'required',
  target: null,
  request: ZEmpty,
  reply: envelopeWith({
    technicians: z.array(z.object({ user_id: z.string(), first_name: z.string() })),
  }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

const ZWorkOrderId = z.string().min(1).max(64);
/** A calendar day in Manila (YYYY-MM-DD). */
const ZDay = z.iso.date();

export const ZOpsWorkOrder = z.object({
  work_order_id: z.string(),
  order_number: z.string(),
  order_action_id: z.string(),
  /** product §4.5 work_order_status. */
  status: z.string(),
  /** What the customer sees for it (§4.5). */
  installation_status: z.string(),
  installation: ZTimeSlot.nullable(),
  technician: z.object({ user_id: z.string(), first_name: z.string() }).nullable(),
  updated_at: z.string(),
  /** Why the job last moved, in the operator's words (a technician's reason), or null. */
  note: z.string().nullable(),
  /**
   * What the technician needs to get there (ADR 051): the customer's first name, the installation
   * address as two lines (the home, then barangay, city, province) with its landmark, and its pin.
   * Null when the order's reservation has no saved address.
   */
  visit: z
    .object({
      customer_first_name: z.string(),
      home: z.string(),
      area: z.string(),
      landmark: z.string().nullable(),
      destination: ZGeoPoint,
    })
    .nullable(),
});
export type TOpsWorkOrder = z.infer<typeof ZOpsWorkOrder>;

export const opsWorkOrdersCall = defineCall({
  path: OPS_WORK_ORDERS_PATH,
  auth: 'required',
  target: null,
  /** The day of the visits (Manila); today when left out. A technician sees only their own jobs. */
  request: z.object({ day: ZDay.optional() }).nullish(),
  reply: envelopeWith({ day: z.string(), work_orders: z.array(ZOpsWorkOrder) }),
});

const ZWorkOrderReply = envelopeWith({ work_order: ZOpsWorkOrder });

/**
 * ADR 080: a dispatcher arranges a visit — assigns (or reassigns) a technician, and moves the booking to
 * `time_slot` (a slot of /api/ops/work_orders/slots) when given. A booked period that has already ended
 * needs a new time (NEW_TIME_NEEDED): a visit in the past would be missed again at once.
 */
export const opsAssignCall = defineCall({
  path: OPS_ASSIGN_PATH,
  auth: 'required',
  target: null,
  request: z.object({
    work_order_id: ZWorkOrderId,
    technician_id: z.string().min(1).max(64),
    time_slot: ZBookableSlot.optional(),
  }),
  reply: ZWorkOrderReply,
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'ops.NOT_A_TECHNICIAN',
    'ops.TRANSITION_NOT_ALLOWED',
    'ops.NEW_TIME_NEEDED',
    'appointments.TIME_SLOT_NOT_FOUND',
    'appointments.INVALID_TIME_SLOT',
    'appointments.NO_RESOURCE',
    // The booking cancelled meanwhile (a new time moves it as update_appointment does).
    'appointments.APPOINTMENT_NOT_FOUND',
  ],
});

/** ADR 080: the free installation slots a dispatcher can move a job's booking to (its own counts free). */
export const opsSlotsCall = defineCall({
  path: OPS_SLOTS_PATH,
  auth: 'required',
  target: null,
  request: z.object({ work_order_id: ZWorkOrderId }),
  reply: envelopeWith({ time_slots: z.array(ZBookableSlot) }),
  // The job's booking cancelled meanwhile: its appointment is not found.
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'appointments.NO_RESOURCE',
    'appointments.APPOINTMENT_NOT_FOUND',
  ],
});

/**
 * ADR 080: a dispatcher cancels a job marked Delayed-ForCancellation: the customer's payment is refunded
 * in full first, then the place and the port go back, the work order is Cancelled and the customer is
 * texted.
 */
export const opsCancelCall = defineCall({
  path: OPS_CANCEL_PATH,
  auth: 'required',
  target: null,
  request: z.object({
    work_order_id: ZWorkOrderId,
    reason: z.string().trim().min(1).max(500).optional(),
  }),
  reply: ZWorkOrderReply,
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'ops.TRANSITION_NOT_ALLOWED',
    'payment.REFUND_REFUSED',
    'payment.PROVIDER_UNAVAILABLE',
    // The job finished while it was being cancelled.
    'order.ORDER_NOT_CANCELLABLE',
  ],
});

export const opsSetStatusCall = defineCall({
  path: OPS_SET_STATUS_PATH,
  auth: 'required',
  target: null,
  request: z.object({
    work_order_id: ZWorkOrderId,
    status: z.enum(WORK_ORDER_STATUSES),
    reason: z.string().trim().min(1).max(500).optional(),
  }),
  reply: ZWorkOrderReply,
  errors: ['ops.ROLE_NOT_ALLOWED', 'ops.WORK_ORDER_NOT_FOUND', 'ops.TRANSITION_NOT_ALLOWED'],
});

export const ZOpsMoveRequest = z
  .object({
    work_order_id: ZWorkOrderId,
    action: z.enum(TECHNICIAN_ACTIONS),
    /** Required for the actions of ACTIONS_WITH_REASON: what stopped the work, or what is left. */
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((body, context) => {
    if (ACTIONS_WITH_REASON.includes(body.action) && body.reason === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message:
          body.action === 'not_installed'
            ? 'Say why the installation could not be done.'
            : 'Say what is left to do, and why.',
      });
    }
  });

export const opsMoveCall = defineCall({
  path: OPS_MOVE_PATH,
  auth: 'required',
  target: null,
  request: ZOpsMoveRequest,
  reply: ZWorkOrderReply,
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'ops.NOT_YOUR_JOB',
    'ops.TRANSITION_NOT_ALLOWED',
  ],
});
