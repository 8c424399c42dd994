import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';
import { OPS_ROLES, ZOpsUsername, type TOpsRole } from './ops';

// ADR 089: an admin manages the operators on /ops — lists them, adds one (the server makes the first
// password and shows it once), changes a role and disables an account (it can no longer sign in and its
// tokens stop working at once). An admin never demotes nor disables themselves. Each change is written
// to the audit log with the change, in its transaction (ops-history.ts reads it back).

export const OPS_OPERATORS_PATH = '/api/ops/operators';
export const OPS_ADD_OPERATOR_PATH = '/api/ops/operators/add';
export const OPS_SET_OPERATOR_ROLE_PATH = '/api/ops/operators/set_role';
export const OPS_DISABLE_OPERATOR_PATH = '/api/ops/operators/disable';

/** The roles that manage operators. */
export const OPERATOR_ADMIN_ROLES: readonly TOpsRole[] = ['admin'];

/** The length of the password the server makes for a new operator (base64url characters). */
export const OPS_GENERATED_PASSWORD_LENGTH = 20;

export const ZOpsOperator = z.object({
  user_id: z.string(),
  username: z.string(),
  first_name: z.string(),
  role: z.enum(OPS_ROLES),
  created_at: z.iso.datetime({ offset: true }),
  /** When an admin disabled the account; null while it can sign in. */
  disabled_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TOpsOperator = z.infer<typeof ZOpsOperator>;

const ZOperatorId = z.string().min(1).max(64);
export const ZOpsFirstName = z.string().trim().min(1).max(100);

/** Every operator, enabled first, then by username. */
export const opsOperatorsCall = defineCall({
  path: OPS_OPERATORS_PATH,
  auth: 'required',
  target: null,
  request: z.object({}).nullish(),
  reply: envelopeWith({ operators: z.array(ZOpsOperator) }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

export const ZOpsAddOperatorRequest = z.object({
  username: ZOpsUsername,
  first_name: ZOpsFirstName,
  role: z.enum(OPS_ROLES),
});

/** A new operator; `password` is the one the server made, shown to the admin this once and never again. */
export const opsAddOperatorCall = defineCall({
  path: OPS_ADD_OPERATOR_PATH,
  auth: 'required',
  target: null,
  request: ZOpsAddOperatorRequest,
  reply: envelopeWith({ operator: ZOpsOperator, password: z.string() }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'ops.USERNAME_TAKEN'],
});

/** A new role for an operator; it holds from their next call (the role is read on every call). */
export const opsSetOperatorRoleCall = defineCall({
  path: OPS_SET_OPERATOR_ROLE_PATH,
  auth: 'required',
  target: null,
  request: z.object({ user_id: ZOperatorId, role: z.enum(OPS_ROLES) }),
  reply: envelopeWith({ operator: ZOpsOperator }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'ops.OPERATOR_NOT_FOUND', 'ops.NOT_YOURSELF'],
});

/** Disables an operator: no more sign-in, and every token they hold is refused from now on. */
export const opsDisableOperatorCall = defineCall({
  path: OPS_DISABLE_OPERATOR_PATH,
  auth: 'required',
  target: null,
  request: z.object({ user_id: ZOperatorId }),
  reply: envelopeWith({ operator: ZOpsOperator }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'ops.OPERATOR_NOT_FOUND', 'ops.NOT_YOURSELF'],
});
