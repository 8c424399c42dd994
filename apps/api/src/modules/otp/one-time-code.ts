import crypto from 'node:crypto';
import { OTP_LENGTH } from '@konek/contract/identity-limits';

/** A code of OTP_LENGTH digits from the operating system's cryptographic random source. */
export function generateCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * ADR 009: codes are stored as HMAC-SHA256 with the server's pepper, bound to the code's own id, so a
 * copied table does not reveal live codes (a million plain hashes would) and a hash fits no other row.
 */
export function hashCode(pepper: Buffer, id: string, code: string): string {
  return crypto.createHmac('sha256', pepper).update(`otp:v1:${id}:${code}`).digest('hex');
}

/** Constant-time comparison of an entered code with the stored hash. */
export function isSameCode(pepper: Buffer, id: string, code: string, storedHash: string): boolean {
  const entered = Buffer.from(hashCode(pepper, id, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return entered.length === stored.length && crypto.timingSafeEqual(entered, stored);
}
