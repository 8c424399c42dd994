import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_APPLICATION_ID } from '@konek/contract/constants';
import {
  DEFAULT_PAYMENT_METHOD_SETTING,
  PAYMENT_METHOD_CONFIG_KEY,
  REMOTE_CONFIG_GET_PATH,
  ZPaymentMethodSetting,
} from '@konek/contract/remote-config-get';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post } from '../../test/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

it('answers the seeded payment-method setting and leaves unknown keys out', async () => {
  const reply = await post(testApp.app, REMOTE_CONFIG_GET_PATH, {
    keys: ['unknown_key', PAYMENT_METHOD_CONFIG_KEY],
    application_id: DEFAULT_APPLICATION_ID,
  });
  expect(reply.statusCode).toBe(200);
  const body = reply.json();
  expect(body).toMatchObject({ code: 0, module: 'remote_config' });
  expect(body.result_set).toHaveLength(1);
  expect(body.result_set[0].key).toBe(PAYMENT_METHOD_CONFIG_KEY);
  const setting = ZPaymentMethodSetting.parse(body.result_set[0].value);
  expect(setting).toEqual(DEFAULT_PAYMENT_METHOD_SETTING);
  expect(setting.default_payment_method).toBe(1);
  expect(setting.methods.map((method) => method.id)).toEqual([
    'gc',
    'GrabPay',
    'Maya',
    'ShopeePay',
  ]);
});

it('answers a changed setting and refuses a request without keys', async () => {
  await testApp.database.pool.query(
    `update remote_config set value = jsonb_set(value, '{default_payment_method}', '2') where key = $1`,
    [PAYMENT_METHOD_CONFIG_KEY],
  );
  const reply = await post(testApp.app, REMOTE_CONFIG_GET_PATH, {
    keys: [PAYMENT_METHOD_CONFIG_KEY],
    application_id: DEFAULT_APPLICATION_ID,
  });
  expect(reply.json().result_set[0].value.default_payment_method).toBe(2);
  const empty = await post(testApp.app, REMOTE_CONFIG_GET_PATH, {
    keys: [],
    application_id: DEFAULT_APPLICATION_ID,
  });
  expect(empty.statusCode).toBe(400);
});
