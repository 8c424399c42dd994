import crypto from 'node:crypto';
import { commonPinCandidates } from '@konek/contract/common-pins';
import { hashPin } from '@konek/contract/pin-hash';
import { DomainError } from '../../platform/domain-error';

/**
 * ADR 006: the server only sees the PIN's hash, so it hashes every refused PIN for this number (about
 * 150 SHA-256, well under a millisecond of work) and compares. The client checks the digits first; this
 * makes the rule hold for any client.
 */
export async function assertNotCommonPin(msisdn: string, secret: string): Promise<void> {
  const sent = Buffer.from(secret, 'hex');
  const candidates = await Promise.all(
    commonPinCandidates(msisdn).map((pin) => hashPin(msisdn, pin)),
  );
  const isCommon = candidates.some((candidate) => {
    const hashed = Buffer.from(candidate, 'hex');
    return hashed.length === sent.length && crypto.timingSafeEqual(hashed, sent);
  });
  if (isCommon) throw new DomainError('auth', 'PIN_TOO_COMMON');
}
