import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'semaphore',
  SEMAPHORE_API_KEY: 'a-key',
};

describe('production refuses to start with what would expose one-time codes', () => {
  it('starts with a real SMS provider and no sandbox', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      env: 'production',
      smsProvider: 'semaphore',
      sandboxEnabled: false,
      sandboxAllowRemote: false,
    });
  });

  it('refuses the default SMS provider (the outbox) and an explicit outbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /NODE_ENV=production needs SMS_PROVIDER set explicitly to a real SMS provider/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SMS_PROVIDER: 'outbox' })).toThrow(
      /NODE_ENV=production needs SMS_PROVIDER set explicitly/,
    );
  });

  it('refuses the sandbox, and the sandbox open to other machines', () => {
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_ENABLED: 'true' })).toThrow(
      /NODE_ENV=production refuses the sandbox/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX_ALLOW_REMOTE: 'true' })).toThrow(
      /NODE_ENV=production refuses the sandbox/,
    );
  });

  it('keeps development as it was: the outbox and a sandbox for this machine only', () => {
    expect(loadConfig({})).toMatchObject({
      env: 'development',
      smsProvider: 'outbox',
      sandboxEnabled: true,
      sandboxAllowRemote: false,
    });
  });
});

describe('session token settings', () => {
  it('default to issuer konek and audience konek-api, and can be set', () => {
    expect(loadConfig({})).toMatchObject({ tokenIssuer: 'konek', tokenAudience: 'konek-api' });
    expect(loadConfig({ TOKEN_ISSUER: 'isp', TOKEN_AUDIENCE: 'isp-api' })).toMatchObject({
      tokenIssuer: 'isp',
      tokenAudience: 'isp-api',
    });
  });
});
