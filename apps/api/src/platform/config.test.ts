import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'semaphore',
  SEMAPHORE_API_KEY: 'a-key',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://mailer:secret@smtp.konek.example:587',
  EMAIL_FROM: 'Konek <alerts@konek.example>',
  PAYMENT_PROVIDER: 'paymongo',
  PAYMONGO_SECRET_KEY: 'sk_live_0123456789abcdef',
  PAYMONGO_WEBHOOK_SECRET: 'whsk_0123456789abcdef',
  PUBLIC_BASE_URL: 'https://konek.example/',
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

  it('refuses the email outbox', () => {
    expect(() => loadConfig({ ...PRODUCTION, EMAIL_PROVIDER: 'outbox' })).toThrow(
      /NODE_ENV=production needs EMAIL_PROVIDER=smtp/,
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

describe('payments (ADR 038)', () => {
  it('start in production with PayMongo, its keys and the public address', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      paymentProvider: 'paymongo',
      paymongoSecretKey: 'sk_live_0123456789abcdef',
      paymongoWebhookSecret: 'whsk_0123456789abcdef',
      paymongoApiUrl: 'https://api.paymongo.com',
      publicBaseUrl: 'https://konek.example',
      paymentSessionMinutes: 30,
      paymentWebhookToleranceSeconds: 300,
    });
  });

  it('refuse the local gateway in production, by default or named', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: undefined })).toThrow(
      /NODE_ENV=production needs PAYMENT_PROVIDER=paymongo/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'local' })).toThrow(
      /NODE_ENV=production needs PAYMENT_PROVIDER=paymongo/,
    );
  });

  it('refuse PayMongo without its secret key, webhook secret or public address', () => {
    for (const key of ['PAYMONGO_SECRET_KEY', 'PAYMONGO_WEBHOOK_SECRET', 'PUBLIC_BASE_URL']) {
      expect(() => loadConfig({ ...PRODUCTION, [key]: undefined }), key).toThrow(
        /PAYMENT_PROVIDER=paymongo needs/,
      );
    }
    expect(() => loadConfig({ ...PRODUCTION, PAYMONGO_SECRET_KEY: 'pk_live_123' })).toThrow(
      /PAYMONGO_SECRET_KEY must be a secret key/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://konek.example/pay' }),
    ).toThrow(/PUBLIC_BASE_URL is a scheme and host/);
  });

  it('use the local gateway in development', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'local', publicBaseUrl: undefined });
  });
});

describe('email (ADR 093)', () => {
  const SMTP = {
    EMAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtps://alerts:p%40ss@smtp.example.ph:465',
    EMAIL_FROM: 'Konek <alerts@konek.example>',
  };

  it('is the outbox by default in development', () => {
    expect(loadConfig({}).email).toEqual({
      provider: 'outbox',
      from: 'Konek <no-reply@konek.invalid>',
    });
    expect(loadConfig({ EMAIL_FROM: 'alerts@konek.example' }).email).toEqual({
      provider: 'outbox',
      from: 'alerts@konek.example',
    });
    expect(loadConfig({ NODE_ENV: 'development' }).email.provider).toBe('outbox');
  });

  it('sends over SMTP with its URL and From', () => {
    expect(loadConfig({ ...PRODUCTION, ...SMTP }).email).toEqual({
      provider: 'smtp',
      smtpUrl: 'smtps://alerts:p%40ss@smtp.example.ph:465',
      from: 'Konek <alerts@konek.example>',
    });
    expect(loadConfig({ ...SMTP, SMTP_URL: 'smtp://smtp.example.ph:587' }).email).toMatchObject({
      provider: 'smtp',
    });
  });

  it('refuses SMTP without SMTP_URL or EMAIL_FROM, naming what is missing', () => {
    expect(() => loadConfig({ ...SMTP, SMTP_URL: undefined })).toThrow(
      /^Invalid configuration: EMAIL_PROVIDER=smtp needs SMTP_URL$/,
    );
    expect(() => loadConfig({ ...SMTP, EMAIL_FROM: undefined })).toThrow(
      /^Invalid configuration: EMAIL_PROVIDER=smtp needs EMAIL_FROM$/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(
      /^Invalid configuration: EMAIL_PROVIDER=smtp needs SMTP_URL and EMAIL_FROM$/,
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, without repeating its password', () => {
    for (const url of [
      'https://alerts:hunter22@smtp.example.ph',
      'smtp.example.ph:587',
      'smtp://',
    ]) {
      const load = () => loadConfig({ ...SMTP, SMTP_URL: url });
      expect(load, url).toThrow(
        /SMTP_URL: SMTP_URL must be smtp:\/\/user:pass@host:port or smtps:/,
      );
      expect(load, url).not.toThrow(/hunter22/);
    }
  });

  it('refuses an EMAIL_FROM that is not an address or Name <address>', () => {
    for (const from of [
      'Konek',
      'Konek <alerts>',
      'a@b@c.ph',
      'alerts@konek.example\r\nBcc: x@y.ph',
    ]) {
      expect(() => loadConfig({ ...SMTP, EMAIL_FROM: from }), from).toThrow(
        /EMAIL_FROM: EMAIL_FROM must be an address or Name <address>/,
      );
    }
    expect(loadConfig({ ...SMTP, EMAIL_FROM: 'alerts@konek.example' }).email.from).toBe(
      'alerts@konek.example',
    );
  });

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'sendgrid' })).toThrow(/EMAIL_PROVIDER: /);
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

describe('TRUST_PROXY (ADR 061)', () => {
  const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default, and never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    // `true` is a proxy on this machine, not Fastify's "trust every hop".
    expect(trustProxyOf('true')).toEqual(['loopback']);
    expect(trustProxyOf('1')).toEqual(['loopback']);
  });

  it('takes the proxies by address or CIDR', () => {
    expect(trustProxyOf('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(trustProxyOf('10.0.0.0/8, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with the setting named', () => {
    for (const value of ['yes', '2', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '']) {
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses trusting every address, in one line naming TRUST_PROXY', () => {
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.2, 0.0.0.0/0', '::/00', '0.0.0.0/000']) {
      expect(() => trustProxyOf(value), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: TRUST_PROXY must not trust every address [^\n]*X-Forwarded-For[^\n]*$/,
      );
    }
  });

  it('refuses a prefix Fastify would refuse at start, and what it accepts starts Fastify', () => {
    for (const value of ['10.0.0.0/033', '10.0.0.0/08', 'fd00::/0128', '10.0.0.0/', '1.2.3.4/x']) {
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY/);
    }
    for (const value of ['true', '10.0.0.0/8', '10.0.0.1/32', 'fd00::/8', '::1/128', '0.0.0.0/1']) {
      const trustProxy = trustProxyOf(value);
      expect(() => Fastify({ trustProxy }), value).not.toThrow();
    }
  });
});

describe('waits on the database (ADR 078)', () => {
  it('are bounded by default, and as configured', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ acquireMs: 3000, statementMs: 5000 });
    expect(
      loadConfig({ DATABASE_ACQUIRE_TIMEOUT_MS: '1500', DATABASE_STATEMENT_TIMEOUT_MS: '30000' })
        .databaseTimeouts,
    ).toEqual({ acquireMs: 1500, statementMs: 30_000 });
  });

  it('refuses no limit, a limit too short to serve and a value that is not a number', () => {
    for (const value of ['0', '50', '-1', 'soon', '2.5']) {
      expect(() => loadConfig({ DATABASE_ACQUIRE_TIMEOUT_MS: value }), value).toThrow(
        /DATABASE_ACQUIRE_TIMEOUT_MS/,
      );
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: value }), value).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS/,
      );
    }
  });
});

describe('the building lookup (ADR 081)', () => {
  it('is the local catalogue by default, and the facility service over HTTP when set', () => {
    expect(loadConfig({}).buildingLookup).toEqual({ provider: 'local' });
    expect(
      loadConfig({ BUILDING_LOOKUP: 'http', BUILDING_LOOKUP_URL: 'https://facility.example/api' })
        .buildingLookup,
    ).toEqual({ provider: 'http', url: 'https://facility.example/api', timeoutMs: 2000 });
    expect(
      loadConfig({
        BUILDING_LOOKUP: 'http',
        BUILDING_LOOKUP_URL: 'https://facility.example/api',
        BUILDING_LOOKUP_TIMEOUT_MS: '500',
      }).buildingLookup,
    ).toMatchObject({ timeoutMs: 500 });
  });

  it('refuses the facility service without its address, and an unbounded wait', () => {
    expect(() => loadConfig({ BUILDING_LOOKUP: 'http' })).toThrow(/BUILDING_LOOKUP_URL/);
    expect(() => loadConfig({ BUILDING_LOOKUP: 'facility' })).toThrow(/BUILDING_LOOKUP/);
    expect(() =>
      loadConfig({
        BUILDING_LOOKUP: 'http',
        BUILDING_LOOKUP_URL: 'https://facility.example',
        BUILDING_LOOKUP_TIMEOUT_MS: '0',
      }),
    ).toThrow(/BUILDING_LOOKUP_TIMEOUT_MS/);
  });
});
