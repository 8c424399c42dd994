import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, signatureHeader, verifyPayMongoWebhook } from './paymongo-signature';

// PayMongo's Paymongo-Signature: t=<unix>,te=<test hmac>,li=<live hmac>, HMAC-SHA256 over "<t>.<raw body>".

const SECRET = 'whsk_signatureTestSecret';
const BODY =
  '{"data":{"id":"evt_1","type":"event","attributes":{"type":"payment.paid","livemode":false,"data":{},"created_at":1700000000}}}';
const NOW = new Date('2026-11-25T00:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

describe('Paymongo-Signature', () => {
  it('is the hex HMAC-SHA256 of "<t>.<body>" in te for a test event, li left empty', () => {
    const expected = crypto.createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signatureHeader(SECRET, BODY, T, 'test')).toBe(`t=${T},te=${expected},li=`);
    expect(signatureHeader(SECRET, BODY, T, 'live')).toBe(`t=${T},te=,li=${expected}`);
  });

  it('checks the mode’s field within the tolerance, either side of now', () => {
    const header = (at: number) => signatureHeader(SECRET, BODY, at, 'test');
    expect(checkSignature(BODY, header(T), SECRET, 'test', NOW)).toEqual({ ok: true });
    expect(checkSignature(BODY, header(T - 300), SECRET, 'test', NOW)).toEqual({ ok: true });
    expect(checkSignature(BODY, header(T + 300), SECRET, 'test', NOW)).toEqual({ ok: true });
    expect(checkSignature(BODY, header(T - 301), SECRET, 'test', NOW)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkSignature(BODY, header(T + 301), SECRET, 'test', NOW)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkSignature(BODY, header(T - 50), SECRET, 'test', NOW, 30)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkSignature(BODY, header(T), SECRET, 'live', NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['t=1', 'malformed'],
    [`te=abc,li=`, 'malformed'],
    [`t=abc,te=,li=`, 'malformed'],
    [`t=${T},t=${T},te=,li=`, 'malformed'],
    [`t=${T},te=zz,li=`, 'mismatch'],
    [`t=${T},te=${'0'.repeat(64)},li=`, 'mismatch'],
    [`t=${T},te=${'0'.repeat(63)},li=`, 'mismatch'],
  ])('refuses the header %j as %s', (header, reason) => {
    expect(checkSignature(BODY, header, SECRET, 'test', NOW)).toEqual({ ok: false, reason });
  });

  it('refuses a body that changed by one byte', () => {
    const header = signatureHeader(SECRET, BODY, T, 'test');
    expect(checkSignature(`${BODY} `, header, SECRET, 'test', NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('reads the event only once the signature holds, and refuses an event of the other mode', () => {
    expect(
      verifyPayMongoWebhook(BODY, signatureHeader(SECRET, BODY, T, 'test'), SECRET, 'test', NOW),
    ).toMatchObject({ ok: true, event: { id: 'evt_1', livemode: false } });
    expect(
      verifyPayMongoWebhook(
        'nope',
        signatureHeader(SECRET, 'nope', T, 'test'),
        SECRET,
        'test',
        NOW,
      ),
    ).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    const live = BODY.replace('"livemode":false', '"livemode":true');
    expect(
      verifyPayMongoWebhook(live, signatureHeader(SECRET, live, T, 'test'), SECRET, 'test', NOW),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });
});
