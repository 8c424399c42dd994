import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CLIENT_STORAGE_ADD_PATH,
  CLIENT_STORAGE_MAX_CONTEXTS,
} from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';

// ADR 023: one user keeps at most CLIENT_STORAGE_MAX_CONTEXTS named contexts.

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const add = (context: string, data: object) =>
  post(
    testApp.app,
    CLIENT_STORAGE_ADD_PATH,
    { target_id: customer.userId, target_type: 3, context, data },
    customer.token,
  );

it('refuses a new context name past the limit, even in parallel, and still saves over a kept one', async () => {
  expect(CLIENT_STORAGE_MAX_CONTEXTS).toBe(20);
  for (let index = 0; index < CLIENT_STORAGE_MAX_CONTEXTS - 2; index++) {
    expect((await add(`context-${index}`, { index })).statusCode).toBe(200);
  }
  // Five new names at once for the last two places: two are kept, three refused.
  const parallel = await Promise.all(
    ['a', 'b', 'c', 'd', 'e'].map((name) => add(`parallel-${name}`, { name })),
  );
  const statuses = parallel.map((reply) => reply.statusCode).sort();
  expect(statuses).toEqual([200, 200, 409, 409, 409]);

  const refused = await add('one-too-many', { flag: true });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    code: 1,
    module: 'clientstorage',
    message:
      'You already keep the most saved contexts allowed (20). Save over one of them instead.',
    field: 'context',
    max_contexts: 20,
  });
  const notStored = await post(
    testApp.app,
    CLIENT_STORAGE_GET_PATH,
    { target_id: customer.userId, target_type: 3, context: 'one-too-many' },
    customer.token,
  );
  expect(notStored.json().result_set).toEqual([]);

  const updated = await add('context-0', { index: 'again' });
  expect(updated.statusCode).toBe(200);
  expect(updated.json().result_set[0].value).toEqual({ index: 'again' });

  // The count is per user: another customer still saves a new name.
  const other = await signUp(testApp.app);
  const theirs = await post(
    testApp.app,
    CLIENT_STORAGE_ADD_PATH,
    { target_id: other.userId, target_type: 3, context: 'one-too-many', data: { mine: true } },
    other.token,
  );
  expect(theirs.statusCode).toBe(200);
});
