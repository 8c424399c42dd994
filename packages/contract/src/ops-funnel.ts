import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { ZManilaDay } from './ops-closed-days';

// ADR 096: the journey's funnel for marketing and admin. Counted from the journey's own events (distinct
// devices a day) and orders, per Manila day or week, filterable by city, offer, UTM source and sales
// agent. The figures come from a daily rollup (finished days) plus today counted live. The CSV is made
// in the browser from this reply: one call, the same numbers as the screen.

export const OPS_FUNNEL_PATH = '/api/ops/funnel';

/** The steps in order (ADR 096 defines what counts for each). */
export const FUNNEL_STEPS = [
  'visitors',
  'address_checked',
  'covered',
  'account',
  'details',
  'schedule',
  'paid',
  'installed',
] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number];

/** The steps counted from the journey's page views: devices, which carry no city and no offer. */
export const FUNNEL_EVENT_STEPS: readonly TFunnelStep[] = [
  'visitors',
  'address_checked',
  'covered',
  'account',
  'details',
];

export const FUNNEL_GRANULARITIES = ['day', 'week'] as const;
export type TFunnelGranularity = (typeof FUNNEL_GRANULARITIES)[number];

/** The longest range one call answers (inclusive days). */
export const FUNNEL_MAX_DAYS = 366;

const ZFilterValue = z.string().trim().min(1).max(100);

export const ZFunnelRequest = z.object({
  /** First Manila day, inclusive. */
  from: ZManilaDay,
  /** Last Manila day, inclusive. */
  to: ZManilaDay,
  granularity: z.enum(FUNNEL_GRANULARITIES),
  /** A city's PSGC code. */
  city: ZFilterValue.optional(),
  /** An offer's id. */
  offer: ZFilterValue.optional(),
  utm_source: ZFilterValue.optional(),
  /** A sales agent's code (the order's sales_agent_code, the events' agent_code or salesman_id). */
  agent: ZFilterValue.optional(),
});
export type TFunnelRequest = z.infer<typeof ZFunnelRequest>;

/** null: not known under the filters asked (the event steps under a city or offer filter). */
const ZCount = z.number().int().nonnegative().nullable();

export const ZFunnelStepFigures = z.object({
  step: z.enum(FUNNEL_STEPS),
  /** One per period, in the order of `periods`. */
  counts: z.array(ZCount),
  total: ZCount,
  /** Share of the previous step's total that did not reach this one (0–100, one decimal); null first. */
  drop_off_percent: z.number().nullable(),
});
export type TFunnelStepFigures = z.infer<typeof ZFunnelStepFigures>;

export const ZFunnelOption = z.object({ value: z.string(), label: z.string() });
export type TFunnelOption = z.infer<typeof ZFunnelOption>;

export const ZFunnelReply = z.object({
  /** Each period's first day (a week starts on Monday; the first may start before `from`). */
  periods: z.array(ZManilaDay),
  steps: z.array(ZFunnelStepFigures),
  /** Median hours from payment to installation of the orders installed in the range; null: none. */
  median_install_hours: z.number().nullable(),
  /** Visits missed by the crews in the range. */
  missed_visits: z.number().int().nonnegative(),
  /** Missed-visit credits given in the range, their free days and their worth in centavos. */
  credits: z.object({
    count: z.number().int().nonnegative(),
    free_days: z.number().int().nonnegative(),
    centavos: z.number().int().nonnegative(),
  }),
  options: z.object({
    cities: z.array(ZFunnelOption),
    offers: z.array(ZFunnelOption),
    utm_sources: z.array(ZFunnelOption),
    agents: z.array(ZFunnelOption),
  }),
});
export type TFunnelReply = z.infer<typeof ZFunnelReply>;

export const opsFunnelCall = defineCall({
  path: OPS_FUNNEL_PATH,
  auth: 'required',
  target: null,
  request: ZFunnelRequest,
  reply: envelopeWith(ZFunnelReply.shape),
  errors: ['ops.ROLE_NOT_ALLOWED', 'common.VALIDATION_FAILED'],
});
