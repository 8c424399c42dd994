import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
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

export const OPS_ROLES = ['dispatcher', 'technician'] as const;
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
export const WO_DELAYED_WITH_VISIT = 'Delayed-WithVisit';
export const WO_DELAYED_WITHOUT_VISIT = 'Delayed-WithoutVisit';
export const WO_DELAYED_FOR_RESCHEDULE = 'Delayed-ForReschedule';
export const WO_DELAYED_FOR_CANCELLATION = 'Delayed-ForCancellation';
export const WO_CANCELLED = 'Cancelled';

/** ADR 047: a visit not started by the end of its period is missed while its job is in these. */
export const NOT_STARTED_STATUSES: readonly string[] = [WO_OPEN, WO_PENDING_FOR_VISIT];

const DELAYED_FAMILY = [
  'Delayed',
  WO_DELAYED_WITH_VISIT,
  WO_DELAYED_WITHOUT_VISIT,
  'Delayed-WithStartActivity',
  WO_DELAYED_FOR_RESCHEDULE,
  'ForRescue',
];
const WAIT_OR_CANCEL = [WO_PENDING_FOR_VISIT, WO_DELAYED_FOR_CANCELLATION];

/**
 * ADR 049: while a paid order's work order is in one of these, the customer changes the booked time
 * (update_appointment) or cancels with a refund (cancel_order) themselves: the visit has not started, or
 * it was missed or delayed. Not once the technician is on the way, on site, or the job has ended.
 */
export const CUSTOMER_CHANGEABLE_STATUSES: readonly string[] = [
  WO_OPEN,
  WO_PENDING_FOR_VISIT,
  ...DELAYED_FAMILY,
  WO_DELAYED_FOR_CANCELLATION,
];

/**
 * What a dispatcher may set, from each status. Completed, Completed-For Visit and Cancelled end a job.
 * Sending a job back to Pending-ForVisit from a delayed status is how a new visit is arranged. Cancelled
 * is never set here: it comes only with the order's cancellation and its refund (cancel_order).
 */
export const WORK_ORDER_TRANSITIONS: ReadonlyMap<string, readonly string[]> = new Map<
  string,
  readonly string[]
>([
  [WO_OPEN, [WO_PENDING_FOR_VISIT, WO_DELAYED_FOR_RESCHEDULE, WO_DELAYED_FOR_CANCELLATION]],
  [
    WO_PENDING_FOR_VISIT,
    [
      WO_ON_THE_WAY,
      WO_DELAYED_WITHOUT_VISIT,
      WO_DELAYED_FOR_RESCHEDULE,
      WO_DELAYED_FOR_CANCELLATION,
    ],
  ],
  [WO_ON_THE_WAY, [WO_ONGOING, WO_DELAYED_WITHOUT_VISIT, WO_DELAYED_FOR_RESCHEDULE]],
  [WO_ONGOING, [WO_COMPLETED, WO_ONGOING_ONHOLD, WO_DELAYED_WITH_VISIT]],
  [WO_ONGOING_ONHOLD, [WO_ONGOING_UNHOLD, WO_DELAYED_WITH_VISIT]],
  [WO_ONGOING_UNHOLD, [WO_COMPLETED, WO_ONGOING_ONHOLD, WO_DELAYED_WITH_VISIT]],
  ...DELAYED_FAMILY.map((status): [string, readonly string[]] => [status, WAIT_OR_CANCEL]),
  [WO_DELAYED_FOR_CANCELLATION, [WO_PENDING_FOR_VISIT]],
  [WO_COMPLETED, []],
  ['Completed-For Visit', []],
  [WO_CANCELLED, []],
]);

/** Every status a dispatcher may name: exactly the §4.5 table's values. */
export const WORK_ORDER_STATUSES = [...INSTALLATION_STATUS_LABELS.keys()] as [string, ...string[]];

export function isTransitionAllowed(from: string, to: string): boolean {
  return WORK_ORDER_TRANSITIONS.get(from)?.includes(to) ?? false;
}

/** A technician's one-tap moves of their own job. */
export const TECHNICIAN_ACTIONS = ['on_the_way', 'arrived', 'completed', 'not_installed'] as const;
export type TTechnicianAction = (typeof TECHNICIAN_ACTIONS)[number];

/**
 * The status a technician's action moves a job to from its current status, or undefined when the action
 * is not possible from there. Could not install: Delayed-WithVisit once on site, Delayed-WithoutVisit
 * before arriving.
 */
export function statusAfterAction(action: TTechnicianAction, from: string): string | undefined {
  switch (action) {
    case 'on_the_way':
      return from === WO_PENDING_FOR_VISIT ? WO_ON_THE_WAY : undefined;
    case 'arrived':
      return from === WO_ON_THE_WAY ? WO_ONGOING : undefined;
    case 'completed':
      return from === WO_ONGOING || from === WO_ONGOING_UNHOLD ? WO_COMPLETED : undefined;
    case 'not_installed':
      if ([WO_ONGOING, WO_ONGOING_ONHOLD, WO_ONGOING_UNHOLD].includes(from)) {
        return WO_DELAYED_WITH_VISIT;
      }
      return from === WO_PENDING_FOR_VISIT || from === WO_ON_THE_WAY
        ? WO_DELAYED_WITHOUT_VISIT
        : undefined;
  }
}

/** A dispatcher assigns (or reassigns) a job that no one has started. */
export const ASSIGNABLE_STATUSES: readonly string[] = [WO_OPEN, WO_PENDING_FOR_VISIT];

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

export const opsAssignCall = defineCall({
  path: OPS_ASSIGN_PATH,
  auth: 'required',
  target: null,
  request: z.object({ work_order_id: ZWorkOrderId, technician_id: z.string().min(1).max(64) }),
  reply: ZWorkOrderReply,
  errors: [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'ops.NOT_A_TECHNICIAN',
    'ops.TRANSITION_NOT_ALLOWED',
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
    /** Required for not_installed: what stopped the installation. */
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .superRefine((body, context) => {
    if (body.action === 'not_installed' && body.reason === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why the installation could not be done.',
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
