import { EncryptJWT, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTNER_BUILD_LINK_PATH,
  ZPartnerBuildLinkResponse,
} from '@konek/contract/partner-build-link';
import { PARTNER_OPEN_LINK_PATH } from '@konek/contract/partner-open-link';
import { PARTNER_PAYLOAD_PARAM, PARTNER_REDIRECT_PATH } from '@konek/contract/partner-link';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post } from '../../test/accounts';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const MSISDN = '639171234567';

async function buildLink(claims: object = {}) {
  const reply = await post(testApp.app, PARTNER_BUILD_LINK_PATH, {
    msisdn: MSISDN,
    campaign: 'summer-2026',
    agent_code: 'AGT-042',
    ...claims,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return ZPartnerBuildLinkResponse.parse(reply.json());
}

const openLink = (payload: string) => post(testApp.app, PARTNER_OPEN_LINK_PATH, { payload });

describe('partner links', () => {
  it('round trip: a built link opens to its claims', async () => {
    const { payload, url } = await buildLink();
    expect(decodeProtectedHeader(payload)).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(payload.split('.')).toHaveLength(5);
    expect(payload).not.toContain(MSISDN);
    const link = new URL(url, 'https://konek.example');
    expect(link.pathname).toBe(PARTNER_REDIRECT_PATH);
    expect(link.searchParams.get(PARTNER_PAYLOAD_PARAM)).toBe(payload);

    const opened = await openLink(payload);
    expect(opened.json()).toEqual({
      code: 0,
      module: 'partner',
      message: 'OK',
      msisdn: MSISDN,
      campaign: 'summer-2026',
      agent_code: 'AGT-042',
      expires_at: new Date(
        (Math.floor(clock.now().getTime() / 1000) + 24 * 3600) * 1000,
      ).toISOString(),
    });
  });

  it('opens a link with the number only', async () => {
    const { payload } = await buildLink({ campaign: undefined, agent_code: undefined });
    const opened = await openLink(payload);
    expect(opened.json()).toMatchObject({ msisdn: MSISDN });
    expect(opened.json()).not.toHaveProperty('campaign');
  });

  it('refuses a tampered payload with a clear envelope', async () => {
    const { payload } = await buildLink();
    const parts = payload.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    const reply = await openLink(parts.join('.'));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      code: 1,
      module: 'partner',
      message: "This link couldn't be opened. Please ask for a new link.",
    });
    expect((await openLink('not-a-jwe')).json()).toMatchObject({ code: 1, module: 'partner' });
  });

  it('refuses a link encrypted with another key, or without an expiry', async () => {
    const otherKey = new Uint8Array(32).fill(7);
    const foreign = await new EncryptJWT({ msisdn: MSISDN })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setExpirationTime('1h')
      .encrypt(otherKey);
    expect((await openLink(foreign)).json()).toMatchObject({ code: 1, module: 'partner' });
  });

  it('refuses an expired link', async () => {
    const { payload } = await buildLink({ expires_in_seconds: 600 });
    clock.advance(601_000);
    const reply = await openLink(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      code: 2,
      module: 'partner',
      message: 'This link has expired. Please ask for a new link.',
    });
  });

  it('refuses to build a link for a bad number', async () => {
    const reply = await post(testApp.app, PARTNER_BUILD_LINK_PATH, { msisdn: '09171234567' });
    expect(reply.statusCode).toBe(400);
  });
});

describe('the link builder answers only the machine itself', () => {
  it('refuses a non-local caller with 404; a local one builds', async () => {
    const remote = await post(
      testApp.app,
      PARTNER_BUILD_LINK_PATH,
      { msisdn: MSISDN },
      undefined,
      '203.0.113.7',
    );
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({
      code: 4,
      module: 'common',
      message: `No such endpoint: POST ${PARTNER_BUILD_LINK_PATH}`,
    });
    expect(remote.body).not.toContain('payload');
    const local = await post(
      testApp.app,
      PARTNER_BUILD_LINK_PATH,
      { msisdn: MSISDN },
      undefined,
      '::1',
    );
    expect(local.statusCode).toBe(200);
  });

  it('builds for a remote caller when the operator allows it', async () => {
    const open = await createTestApp({ sandboxAllowRemote: true }, { clock });
    try {
      const reply = await post(
        open.app,
        PARTNER_BUILD_LINK_PATH,
        { msisdn: MSISDN },
        undefined,
        '203.0.113.7',
      );
      expect(reply.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('with the sandbox disabled', () => {
  it('has no link builder (404) but still opens links', async () => {
    const { payload } = await buildLink();
    const production = await createTestApp({ sandboxEnabled: false }, { clock });
    try {
      const build = await post(production.app, PARTNER_BUILD_LINK_PATH, { msisdn: MSISDN });
      expect(build.statusCode).toBe(404);
      expect(build.json()).toMatchObject({ code: 4, module: 'common' });
      // Its own data directory means its own generated key: this app cannot read the other's link.
      expect((await openLink(payload)).statusCode).toBe(200);
      expect((await post(production.app, PARTNER_OPEN_LINK_PATH, { payload })).statusCode).toBe(
        400,
      );
    } finally {
      await production.close();
    }
  });
});
