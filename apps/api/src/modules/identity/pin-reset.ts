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

export type ResetCodeCheck = Omit<PinReset, 'newSecret'>;

/**
 * ADR 029: verify challenge without a new PIN only confirms the reset code, so the customer learns of a
 * wrong code before choosing a PIN. A wrong try counts against the code's attempts as in a reset; a right
 * code stays unspent for the reset that follows; nothing is hashed.
 */
export async function confirmResetCode(
  deps: IdentityDependencies,
  check: ResetCodeCheck,
): Promise<void> {
  requireOperator(check.operatorName, deps.operatorName);
  if (!(await findUserByMsisdn(deps.db, check.msisdn))) {
    throw new DomainError('auth', 'LOGIN_NOT_FOUND');
  }
  const now = deps.clock.now();
  const outcome = await deps.db.transaction((tx) =>
    checkResetCode(tx, deps.pepper, now, {
      msisdn: check.msisdn,
      code: check.code,
      challengeId: check.challengeId,
      spend: false,
    }),
  );
  if (!outcome.isValid) throw codeCheckError(outcome);
}

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
