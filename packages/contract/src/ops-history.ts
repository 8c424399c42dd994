import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import type { TOpsRole } from './ops';

// ADR 089: every change an operator makes to what Konek serves from — an operator account, a NAP, a
// building, an offer, a voucher, a referral rule, a closed day, a work zone — is an audit row written in
// the change's own transaction: who, when, what, and the record before and after. The history of one
// record is read back here, newest first, by an admin or by the role that owns the record.

export const OPS_HISTORY_PATH = '/api/ops/history';

export const AUDIT_ENTITIES = [
  'ops_user',
  'nap',
  'building',
  'offer',
  'voucher',
  'referral_rule',
  'closed_day',
  'work_zone',
  'calendar_block',
  'day_places',
  'nap_import',
] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'disable',
  'retire',
  'delete',
  'import',
  'publish',
  'lift',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who may read an entity's history: an admin always, and the role that changes it. */
export const AUDIT_ENTITY_ROLES: Readonly<Record<TAuditEntity, readonly TOpsRole[]>> = {
  ops_user: ['admin'],
  nap: ['admin', 'network_planner'],
  building: ['admin', 'network_planner'],
  offer: ['admin', 'marketing'],
  voucher: ['admin', 'marketing'],
  referral_rule: ['admin', 'marketing'],
  closed_day: ['admin', 'dispatcher'],
  work_zone: ['admin', 'dispatcher'],
  calendar_block: ['admin', 'dispatcher'],
  day_places: ['admin', 'dispatcher'],
  nap_import: ['admin', 'network_planner'],
};

/** A record's fields as they were (before) or became (after); null for a creation's before or a deletion's after. */
const ZRecordState = z.record(z.string(), z.unknown()).nullable();

export const ZAuditEntry = z.object({
  audit_id: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Who made the change; null when nobody signed in did (`npm run ops` on the server, a start). */
  operator: z.object({ user_id: z.string(), username: z.string() }).nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: ZRecordState,
  after: ZRecordState,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZOpsHistoryRequest = z.object({
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.string().trim().min(1).max(200),
});

/** One record's changes, newest first. */
export const opsHistoryCall = defineCall({
  path: OPS_HISTORY_PATH,
  auth: 'required',
  target: null,
  request: ZOpsHistoryRequest,
  reply: envelopeWith({ history: z.array(ZAuditEntry) }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
