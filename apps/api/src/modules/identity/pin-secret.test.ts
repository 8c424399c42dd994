import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPinSecret, isPinSecretCorrect } from './pin-secret';

const pepper = crypto.randomBytes(32);
const secret = crypto.createHash('sha256').update('any').digest('hex');
// Cheap parameters keep this unit test fast; the stored format carries them either way.
const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('PIN secret hashing', () => {
  it('stores scrypt with its parameters and a per-hash salt', async () => {
    const first = await hashPinSecret(pepper, secret, cheap);
    const second = await hashPinSecret(pepper, secret, cheap);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await isPinSecretCorrect(pepper, secret, first)).toBe(true);
    expect(await isPinSecretCorrect(pepper, secret, second)).toBe(true);
  });

  it('refuses another secret, another pepper and a malformed stored value', async () => {
    const stored = await hashPinSecret(pepper, secret, cheap);
    const otherSecret = crypto.createHash('sha256').update('other').digest('hex');
    expect(await isPinSecretCorrect(pepper, otherSecret, stored)).toBe(false);
    expect(await isPinSecretCorrect(crypto.randomBytes(32), secret, stored)).toBe(false);
    expect(await isPinSecretCorrect(pepper, secret, 'plain')).toBe(false);
    expect(await isPinSecretCorrect(pepper, secret, 'scrypt$x$8$1$a$b')).toBe(false);
  });

  it('uses N = 2^15, r = 8, p = 1 by default', async () => {
    expect(await hashPinSecret(pepper, secret)).toMatch(/^scrypt\$32768\$8\$1\$/);
  });
});
