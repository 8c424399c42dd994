import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    });
    testApp = await createTestApp({
      operatorSiteLinks: configured.operatorSiteLinks,
      dpoName: configured.dpoName,
      dpoEmail: configured.dpoEmail,
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
