import { DomainError } from '../../platform/domain-error';
import { requireOperator } from '../../platform/operator';
import {
  checkResetCode,
  codeCheckError,
  issueResetCode,
  type CodeRequest,
  type IssuedCode,
} from '../otp/service';
import { assertNotCommonPin } from './common-pin-check';
import type { IdentityDependencies } from './identity-dependencies';
import { findUserByMsisdn, replacePin } from './store';

/** product §7.1 create challenge: a reset code by SMS, for a registered number only. */
export async function createPinResetChallenge(
  deps: IdentityDependencies,
  request: CodeRequest,
): Promise<IssuedCode> {
  if (!(await findUserByMsisdn(deps.db, request.msisdn))) {
    throw new DomainError('auth', 'LOGIN_NOT_FOUND');
  }
  return issueResetCode(deps.otp, request);
}

export type PinReset = {
  msisdn: string;
  challengeId: string;
  code: string;
  newSecret: string;
  operatorName: string;
};

/**
 * product §7.1 verify challenge (forgot PIN). The new PIN is checked before the code, so choosing an
 * easy PIN does not spend the code. The code check, the new PIN, the unlock and the revocation of
 * every earlier token commit together; a wrong code's try is still counted. ADR 023: the new PIN is
 * hashed only after the code proved right, so a wrong code costs no scrypt.
 */
export async function resetPin(deps: IdentityDependencies, reset: PinReset): Promise<void> {
  requireOperator(reset.operatorName, deps.operatorName);
  await assertNotCommonPin(reset.msisdn, reset.newSecret);
  const user = await findUserByMsisdn(deps.db, reset.msisdn);
  if (!user) throw new DomainError('auth', 'LOGIN_NOT_FOUND');
  const now = deps.clock.now();
  const check = await deps.db.transaction(async (tx) => {
    const outcome = await checkResetCode(tx, deps.pepper, now, {
      msisdn: reset.msisdn,
      code: reset.code,
      challengeId: reset.challengeId,
    });
    if (outcome.isValid) await replacePin(tx, user.id, await deps.pins.hash(reset.newSecret), now);
    return outcome;
  });
  if (!check.isValid) throw codeCheckError(check);
}
