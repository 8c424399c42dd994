import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOME_PAGE_CONFIG_ID,
  PAGE_CONFIGS_PATH,
  ZGetPageConfigResponse,
} from '@konek/contract/get-page-config';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { GET_OFFERS_PATH } from '@konek/contract/get-offers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post } from '../../test/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const pageConfig = (id: unknown) => post(testApp.app, PAGE_CONFIGS_PATH, { id });

it('answers the home page configuration (id 27) from the database, without sign-in', async () => {
  const reply = await pageConfig(HOME_PAGE_CONFIG_ID);
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['cache-control']).toBe('public, max-age=60');
  const body = ZGetPageConfigResponse.parse(reply.json());
  expect(body).toMatchObject({ code: 0, module: 'content', message: 'OK' });
  expect(body.page_config).toMatchObject({ id: 27, name: 'home' });
  const { content } = body.page_config;
  expect(content.hero.heading).toBe('I-check ang iyong address para makita ang special offer!');
  expect(content.default_offer_id).toBe('konek-prepaid-50');
  expect(content.highlights.length).toBeGreaterThan(0);
  expect(content.faqs.length).toBeGreaterThan(0);
});

it('names a default offer that get_offers answers', async () => {
  const { page_config } = ZGetPageConfigResponse.parse((await pageConfig(27)).json());
  const offers = await post(testApp.app, GET_OFFERS_PATH, {
    ids: [page_config.content.default_offer_id],
    operator_name: DEFAULT_OPERATOR_NAME,
  });
  expect(offers.json().offers.offer_ids).toEqual([page_config.content.default_offer_id]);
});

it('answers an unknown page with the 404 envelope', async () => {
  const reply = await pageConfig(28);
  expect(reply.statusCode).toBe(404);
  expect(reply.json()).toEqual({
    code: 1,
    module: 'content',
    message: 'This page is not available.',
    id: 28,
  });
});

it('refuses an id that is not a positive whole number', async () => {
  for (const id of [0, -27, 27.5, '27', null, 2 ** 31]) {
    const reply = await pageConfig(id);
    expect(reply.statusCode, JSON.stringify(id)).toBe(400);
    expect(reply.json().message).toMatch(/^id: /);
  }
});

it('never answers a random body with a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.jsonValue(), fc.record({ id: fc.oneof(fc.integer(), fc.jsonValue()) })),
      async (body) => {
        const reply = await testApp.app.inject({
          method: 'POST',
          url: PAGE_CONFIGS_PATH,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(reply.statusCode).toBeLessThan(500);
      },
    ),
    { numRuns: 150 },
  );
});
