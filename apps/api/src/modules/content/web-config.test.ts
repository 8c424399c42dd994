import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APPOINTMENT_HOLD_MINUTES } from '@konek/contract/appointments';
import {
  DEFAULT_INSTALLATION_LEAD_DAYS,
  DEFAULT_PAYMENT_SESSION_MINUTES,
} from '@konek/contract/constants';
import { WEB_CONFIG_PATH, ZWebConfigResponse } from '@konek/contract/web-config';
import { loadConfig } from '../../platform/config';
import { createTestApp, type TestApp } from '../../test/test-app';

// The web config carries the operator's page links and the privacy notice's data protection officer,
// both from configuration; unset, they stay out of the reply (no link, no invented contact).

async function webConfig(testApp: TestApp) {
  const reply = await testApp.app.inject({ method: 'GET', url: WEB_CONFIG_PATH });
  expect(reply.statusCode).toBe(200);
  return ZWebConfigResponse.parse(reply.json());
}

describe('web config without operator settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('answers no site links and an empty data protection officer', async () => {
    const body = await webConfig(testApp);
    expect(body.site_links).toEqual({});
    expect(body.dpo_name).toBe('');
    expect(body.dpo_email).toBe('');
  });

  it('answers the rules the help page states at their defaults (ADR 079)', async () => {
    const body = await webConfig(testApp);
    expect(body.installation_lead_days).toBe(DEFAULT_INSTALLATION_LEAD_DAYS);
    expect(body.appointment_hold_minutes).toBe(DEFAULT_APPOINTMENT_HOLD_MINUTES);
    expect(body.payment_session_minutes).toBe(DEFAULT_PAYMENT_SESSION_MINUTES);
  });
});

describe('web config with operator settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const configured = loadConfig({
      NODE_ENV: 'test',
      OPERATOR_SITE_LINKS: JSON.stringify({
        fiber: 'https://operator.example/fiber',
        facebook: 'https://www.facebook.com/operator',
        customer_service: 'mailto:help@operator.example',
      }),
      DPO_NAME: 'Maria Santos',
      DPO_EMAIL: 'dpo@operator.example',
      INSTALLATION_LEAD_DAYS: '3',
      APPOINTMENT_HOLD_MINUTES: '45',
      PAYMENT_SESSION_MINUTES: '20',
    });
    testApp = await createTestApp({
      operatorSiteLinks: configured.operatorSiteLinks,
      dpoName: configured.dpoName,
      dpoEmail: configured.dpoEmail,
      holds: configured.holds,
      paymentSessionMinutes: configured.paymentSessionMinutes,
    });
  });
  afterAll(() => testApp.close());

  it('answers the configured links and the data protection officer', async () => {
    const body = await webConfig(testApp);
    expect(body.site_links).toEqual({
      fiber: 'https://operator.example/fiber',
      facebook: 'https://www.facebook.com/operator',
      customer_service: 'mailto:help@operator.example',
    });
    expect(body.dpo_name).toBe('Maria Santos');
    expect(body.dpo_email).toBe('dpo@operator.example');
    expect(body.installation_lead_days).toBe(3);
    expect(body.appointment_hold_minutes).toBe(45);
    expect(body.payment_session_minutes).toBe(20);
  });
});

describe('OPERATOR_SITE_LINKS and DPO_EMAIL are checked at start', () => {
  it.each([
    ['not JSON', { OPERATOR_SITE_LINKS: '{fiber:' }],
    ['an unknown link', { OPERATOR_SITE_LINKS: '{"fibre":"https://operator.example"}' }],
    ['a script URL', { OPERATOR_SITE_LINKS: '{"fiber":"javascript:alert(1)"}' }],
    ['a DPO email that is not one', { DPO_EMAIL: 'dpo at operator' }],
  ])('refuses %s', (_case, environment) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...environment })).toThrow(
      /Invalid configuration: (OPERATOR_SITE_LINKS|DPO_EMAIL)/,
    );
  });
});
