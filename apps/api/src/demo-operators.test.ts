import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_LOGIN_PATH, OPS_ME_PATH } from '@konek/contract/ops';
import { loadAppSecrets } from './platform/auth/data-secrets';
import { createPinHasher } from './modules/identity/service';
import { prepareDemoOperators } from './demo-operators';
import { createTestApp, type TestApp } from './test/test-app';
import { createTestClock, type TestClock } from './test/test-clock';
import { post } from './test/accounts';

// ADR 046, 089: a data directory a development start used holds the demo operators, with their
// passwords in a file beside the data. Started again with NODE_ENV=production, Konek disables them and
// says so once: their sign-in is refused as any wrong password is, and the tokens they held stop working.

let testApp: TestApp;
let clock: TestClock;

beforeAll(async () => {
  clock = createTestClock(new Date('2026-12-05T01:00:00Z'));
  testApp = await createTestApp({}, { clock });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const start = async (env: 'development' | 'production') => {
  const said: { info: string[]; warn: string[] } = { info: [], warn: [] };
  await prepareDemoOperators(
    { ...testApp.config, env },
    {
      db: testApp.database.db,
      clock,
      passwords: () => createPinHasher(loadAppSecrets(testApp.config).pinPepper),
    },
    { info: (line) => said.info.push(line), warn: (line) => said.warn.push(line) },
  );
  return said;
};

describe('the demo operators', () => {
  it('work after a development start and never after a production one', async () => {
    const development = await start('development');
    expect(development.info[0]).toMatch(/^demo operators added \(development only\)/);
    const file = path.join(testApp.config.dataDir, 'secrets', 'ops-demo-logins');
    const logins = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(logins.map(([, username]) => username).sort()).toEqual([
      'demo-dispatcher',
      'demo-technician',
    ]);
    const tokens: string[] = [];
    for (const [, username, password] of logins) {
      const reply = await post(testApp.app, OPS_LOGIN_PATH, { username, password });
      expect(reply.statusCode, reply.body).toBe(200);
      tokens.push(reply.json().api_token);
    }

    clock.advance(1000);
    const production = await start('production');
    expect(production.warn).toEqual([
      'demo operators disabled (NODE_ENV=production): demo-dispatcher, demo-technician can no ' +
        'longer sign in and their tokens are refused; add real operators with npm run ops -- add-user',
    ]);
    const wrongPassword = await post(testApp.app, OPS_LOGIN_PATH, {
      username: 'demo-dispatcher',
      password: 'not-the-password',
    });
    for (const [, username, password] of logins) {
      const reply = await post(testApp.app, OPS_LOGIN_PATH, { username, password });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual(wrongPassword.json());
      expect(reply.json()).toMatchObject({ module: 'ops', code: 1 });
    }
    for (const token of tokens) {
      expect((await post(testApp.app, OPS_ME_PATH, {}, token)).statusCode).toBe(401);
    }
    // A second production start finds nothing left to disable and says nothing.
    expect((await start('production')).warn).toEqual([]);
    // A development start does not bring them back either: they exist, disabled.
    expect((await start('development')).info).toEqual([]);
  });
});
