import * as z from 'zod';
import { TARGET_TYPE_ACCOUNT, TARGET_TYPE_USER } from './constants';

// product §6, §9: a signed-in call acts on a target — a user (type 3) or an account (type 2) — that must
// belong to the token's user.

export const ZTargetId = z.string().min(1).max(64);

export const userTargetFields = {
  target_id: ZTargetId,
  target_type: z.literal(TARGET_TYPE_USER),
};

export const accountTargetFields = {
  target_id: ZTargetId,
  target_type: z.literal(TARGET_TYPE_ACCOUNT),
};
