import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import { REMOTE_CONFIG_GET_PATH } from '@konek/contract/remote-config-get';
import {
  MAX_JSON_DEPTH,
  MESSAGE_CONTROL_CHARACTER,
  MESSAGE_LONE_SURROGATE,
  MESSAGE_TOO_DEEP,
} from '@konek/contract/safe-text';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';
import { VALIDATE_REFERRAL_PATH } from '@konek/contract/validate-referral';
import { WAITLIST_COUNT_PATH } from '@konek/contract/waitlist-count';
import { createTestApp, type TestApp } from '../test/test-app';
import { post, signUp, type Customer } from '../test/accounts';

// Each body below is valid but for one hostile string, so before the safe-text rule it reached
// PostgreSQL and came back as a 500 (ADR 020).

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

function expectRefused(reply: LightMyRequestResponse, field: string, message: string): void {
  expect(reply.statusCode, reply.body).toBe(400);
  expect(reply.json()).toEqual({
    code: 1,
    module: 'common',
    message: `${field}: ${message}`,
    errors: [{ field, message }],
  });
}

const pageView = (overrides: Record<string, unknown> = {}) => ({
  event_type: 'page_view',
  day: '2026-11-22',
  epoch_millis: 1_795_000_000_000,
  id_type: 100,
  id_value: 'device-1',
  page_location: 'http://localhost:3000/',
  device: 'mobile',
  browser: 'Chrome',
  resolution: '390x844',
  ...overrides,
});

/** Sends JSON text as it is, for bodies a JavaScript value cannot be turned into by JSON.stringify. */
const postText = (url: string, text: string, token: string) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload: text,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });

describe('hostile text is a 400 naming the field', () => {
  it('NUL in an anonymous event', async () => {
    const reply = await post(testApp.app, SUBMIT_EVENTS_UNREGISTERED_PATH, {
      application_id: DEFAULT_APPLICATION_ID,
      events: [pageView({ browser: 'Chrome\u0000' })],
    });
    expectRefused(reply, 'events.0.browser', MESSAGE_CONTROL_CHARACTER);
  });

  it('NUL in a signed-in event', async () => {
    const reply = await post(
      testApp.app,
      SUBMIT_EVENTS_CLIENT_PATH,
      {
        target_id: customer.userId,
        target_type: 3,
        events: [pageView({ id_type: 3, id_value: customer.userId, page_location: '/\u0000' })],
      },
      customer.token,
    );
    expectRefused(reply, 'events.0.page_location', MESSAGE_CONTROL_CHARACTER);
  });

  it('a lone surrogate or NUL in the waitlist count', async () => {
    const area = { province: 'Metro Manila', city: 'Makati', barangay: 'Poblacion' };
    const surrogate = await post(testApp.app, WAITLIST_COUNT_PATH, { ...area, province: '\uD800' });
    expectRefused(surrogate, 'province', MESSAGE_LONE_SURROGATE);
    const nul = await post(testApp.app, WAITLIST_COUNT_PATH, { ...area, city: 'Makati\u0000' });
    expectRefused(nul, 'city', MESSAGE_CONTROL_CHARACTER);
  });

  it('NUL or a lone surrogate in stored context data, and in a key', async () => {
    const add = (data: object) =>
      post(
        testApp.app,
        CLIENT_STORAGE_ADD_PATH,
        { target_id: customer.userId, target_type: 3, context: 'journey', data },
        customer.token,
      );
    expectRefused(
      await add({ address: { street: 'Rizal\u0000' } }),
      'data.address.street',
      MESSAGE_CONTROL_CHARACTER,
    );
    expectRefused(await add({ note: '\uDC00' }), 'data.note', MESSAGE_LONE_SURROGATE);
    expectRefused(await add({ 'a\u0000': 1 }), 'data', `key ${MESSAGE_CONTROL_CHARACTER}`);
  });

  it('NUL in a remote config key', async () => {
    const reply = await post(testApp.app, REMOTE_CONFIG_GET_PATH, {
      keys: ['payment_method\u0000'],
      application_id: DEFAULT_APPLICATION_ID,
    });
    expectRefused(reply, 'keys.0', MESSAGE_CONTROL_CHARACTER);
  });

  it('NUL in a pricing preview entity id', async () => {
    const reply = await post(
      testApp.app,
      PREVIEW_PRICING_PATH,
      {
        voucher_codes: [],
        target_id: customer.accountId,
        target_type: 2,
        operator_name: DEFAULT_OPERATOR_NAME,
        entity_ids: [{ id: 'plan\u0000', type: 'offer', quantity: 1 }],
      },
      customer.token,
    );
    expectRefused(reply, 'entity_ids.0.id', MESSAGE_CONTROL_CHARACTER);
  });

  it('NUL in a referral code', async () => {
    const reply = await post(
      testApp.app,
      VALIDATE_REFERRAL_PATH,
      {
        referral_code: 'KNK\u0000',
        target_id: customer.accountId,
        target_type: 2,
        operator_name: DEFAULT_OPERATOR_NAME,
      },
      customer.token,
    );
    expectRefused(reply, 'referral_code', MESSAGE_CONTROL_CHARACTER);
  });

  it('an escape character in a query string', async () => {
    const reply = await testApp.app.inject({
      method: 'GET',
      url: `${SANDBOX_OUTBOX_PATH}?msisdn=%1B%5B2J`,
      headers: { accept: 'application/json' },
    });
    expectRefused(reply, 'msisdn', MESSAGE_CONTROL_CHARACTER);
  });
});

describe('deep JSON is a 400 naming the field', () => {
  const contextWith = (dataText: string) =>
    `{"target_id":"${customer.userId}","target_type":3,"context":"journey","data":${dataText}}`;

  it('5,000 levels of stored context data', async () => {
    const levels = 5_000;
    const reply = await postText(
      CLIENT_STORAGE_ADD_PATH,
      contextWith(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`),
      customer.token,
    );
    // The body is level 1 and data level 2, so the first refused object is data and 31 "a"s down.
    expectRefused(
      reply,
      ['data', ...Array(MAX_JSON_DEPTH - 1).fill('a')].join('.'),
      MESSAGE_TOO_DEEP,
    );
  });

  it('as deep as the body limit allows, in arrays', async () => {
    const levels = 100_000;
    const reply = await postText(
      CLIENT_STORAGE_ADD_PATH,
      contextWith(`{"list":${'['.repeat(levels)}${']'.repeat(levels)}}`),
      customer.token,
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(new RegExp(`^data\\.list(\\.0)+: ${MESSAGE_TOO_DEEP}$`));
  });
});

describe('the limits are exact', () => {
  const nestedNote = (levels: number): unknown => {
    let nested: unknown = 'Parañaque 👍🏽\n\tline two\r\n';
    for (let level = 0; level < levels; level += 1) nested = { a: nested };
    return nested;
  };
  const add = (data: object) =>
    post(
      testApp.app,
      CLIENT_STORAGE_ADD_PATH,
      { target_id: customer.userId, target_type: 3, context: 'journey', data },
      customer.token,
    );

  it('stores accented, emoji and multi-line text nested as deep as allowed, and no deeper', async () => {
    // The body and data take two of the allowed levels.
    const data = { note: nestedNote(MAX_JSON_DEPTH - 2) };
    const added = await add(data);
    expect(added.statusCode, added.body).toBe(200);
    const read = await post(
      testApp.app,
      CLIENT_STORAGE_GET_PATH,
      { target_id: customer.userId, target_type: 3, context: 'journey' },
      customer.token,
    );
    expect(read.json().result_set[0].value).toEqual(data);

    const tooDeep = await add({ note: nestedNote(MAX_JSON_DEPTH - 1) });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toMatch(/^data\.note(\.a)+: must not be nested/);
  });
});
