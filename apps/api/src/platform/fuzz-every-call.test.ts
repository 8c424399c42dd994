import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_APPLICATION_ID, DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { LOGIN_PATH } from '@konek/contract/login';
import { LOGOUT_PATH } from '@konek/contract/logout';
import { createTestApp, type TestApp } from '../test/test-app';
import { GOOD_PIN, loginPayload, post, signUp, type Customer } from '../test/accounts';
import { OPENAPI_PATH } from './openapi';

// Every POST call the app publishes gets hostile bodies built from its own schema: a plausible body with
// one string made hostile, a hostile key, a value nested far too deep, wrong types, random JSON and
// broken text, with and without a valid token. Whatever arrives, the reply is a 2xx or 4xx envelope that
// gives away nothing of the server (ADR 020).

const RUNS_PER_CALL = 14;
/** Only a hang reaches this: a request normally takes milliseconds. */
const REQUEST_BOUND_MS = 10_000;

type Call = { path: string; bodySchema: unknown };
type Attempt = { payload: string; withToken: boolean };
type Path = (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((current, key) => (isRecord(current) ? current[key] : undefined), value);

/** The POST calls of the OpenAPI document, so a call added later is fuzzed without touching this file. */
function postCalls(document: unknown): Call[] {
  const paths = at(document, 'paths');
  if (!isRecord(paths)) return [];
  return Object.entries(paths).flatMap(([path, item]) =>
    isRecord(at(item, 'post'))
      ? [
          {
            path: path.replaceAll(/\{[^}]*\}/g, 'x'),
            bodySchema: at(item, 'post', 'requestBody', 'content', 'application/json', 'schema'),
          },
        ]
      : [],
  );
}

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u001B[2J',
  '\u0007\u0008',
  "'; drop table users; --",
  '%00',
  '../../../etc/passwd',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '\u202Egnp.exe',
  '\uFEFF',
  '',
  ' ',
];
const HUGE_TEXT = ['x'.repeat(100_000), '😀'.repeat(30_000), 'ñ'.repeat(60_000)];
const HOSTILE_STRING = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(...HUGE_TEXT),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
);
// Well-formed times at the ends of what the database can hold (its years are 0001-9999; ISO year 0000
// is 1 BC), tried on purpose: a random one from the pattern finds them only now and then.
const EDGE_TIMES: Record<string, string[]> = {
  'date-time': [
    '0000-02-10T00:00:00-00:00',
    '0001-01-01T07:00:00+08:00',
    '9999-12-31T23:00:00-08:00',
  ],
  date: ['0000-01-01', '0001-01-01', '9999-12-31'],
};
const WRONG_TYPE = fc.constantFrom<unknown>(null, 0, -1, 1.5, true, '', [], {}, [null], { a: 1 });

/** A string for a field: the plausible text of `text`, and with `mutate` sometimes any JSON at all. */
type Shaper = {
  text: (schema: Record<string, unknown>, name: string) => fc.Arbitrary<string>;
  mutate: boolean;
};

/** A value of the JSON schema's shape. */
function shaped(schema: unknown, shaper: Shaper, name = '', depth = 0): fc.Arbitrary<unknown> {
  const value = shapedValue(schema, shaper, name, depth);
  return shaper.mutate
    ? fc.oneof({ arbitrary: value, weight: 6 }, { arbitrary: WRONG_TYPE, weight: 1 })
    : value;
}

function shapedValue(
  schema: unknown,
  shaper: Shaper,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (!isRecord(schema) || depth > 8) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  for (const choice of [schema.anyOf, schema.oneOf, schema.allOf]) {
    if (Array.isArray(choice) && choice.length > 0) {
      return fc.oneof(...choice.map((option: unknown) => shaped(option, shaper, name, depth + 1)));
    }
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return shaper.text(schema, name);
    case 'integer':
      return fc.oneof(fc.constantFrom(0, 1, 2, 3, 100), fc.integer(), fc.maxSafeInteger());
    case 'number':
      return fc.oneof(fc.constantFrom(14.55, 121.03, 0), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(shaped(schema.items, shaper, name, depth + 1), {
        minLength: 1,
        maxLength: 3,
      });
    case 'object': {
      const properties = isRecord(schema.properties) ? Object.entries(schema.properties) : [];
      // A free-form object (a stored context's data) holds any JSON.
      if (properties.length === 0) {
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), {
          minKeys: 1,
          maxKeys: 4,
        });
      }
      const model = Object.fromEntries(
        properties.map(([key, property]) => [key, shaped(property, shaper, key, depth + 1)]),
      );
      const required = Array.isArray(schema.required)
        ? schema.required.filter((key: unknown): key is string => typeof key === 'string')
        : [];
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Paths to the value's leaves (strings only, or any non-container), in document order. */
function leafPaths(value: unknown, stringsOnly: boolean, path: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown, index) => leafPaths(item, stringsOnly, [...path, index]));
  }
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([key, item]) =>
      leafPaths(item, stringsOnly, [...path, key]),
    );
  }
  return !stringsOnly || typeof value === 'string' ? [path] : [];
}

function objectPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown, index) => objectPaths(item, [...path, index]));
  }
  if (!isRecord(value)) return [];
  return [
    path,
    ...Object.entries(value).flatMap(([key, item]) => objectPaths(item, [...path, key])),
  ];
}

function replaceAt(value: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replace(value);
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) =>
      index === key ? replaceAt(item, rest, replace) : item,
    );
  }
  if (isRecord(value)) return { ...value, [key]: replaceAt(value[key], rest, replace) };
  return value;
}

const pickFrom = (paths: Path[], pick: number): Path | undefined => paths[pick % paths.length];

/** One string leaf of the body made hostile; the rest stays plausible. */
const withHostileString = (body: fc.Arbitrary<unknown>) =>
  fc.tuple(body, fc.nat(), HOSTILE_STRING).map(([value, pick, hostile]) => {
    const path = pickFrom(leafPaths(value, true), pick);
    return path === undefined ? value : replaceAt(value, path, () => hostile);
  });

/** A hostile key added to one object of the body. */
const withHostileKey = (body: fc.Arbitrary<unknown>) =>
  fc.tuple(body, fc.nat(), HOSTILE_STRING).map(([value, pick, hostile]) => {
    const path = pickFrom(objectPaths(value), pick);
    return path === undefined
      ? value
      : replaceAt(value, path, (old) => (isRecord(old) ? { ...old, [hostile]: 'x' } : old));
  });

/** One leaf of the body replaced by arrays or objects nested `levels` deep, as raw JSON text. */
const withDeepValue = (body: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      body,
      fc.nat(),
      fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 100_000 })),
      fc.boolean(),
    )
    .map(([value, pick, levels, arrays]) => {
      const marker = '__deep_value__';
      const path = pickFrom(leafPaths(value, false), pick);
      const marked = path === undefined ? { x: marker } : replaceAt(value, path, () => marker);
      const deep = arrays
        ? `${'['.repeat(levels)}${']'.repeat(levels)}`
        : `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
      return JSON.stringify(marked).replace(`"${marker}"`, deep);
    });

// Words of a stack trace, a file path or SQL: none belongs in a message meant for a customer.
const INTERNAL_DETAIL =
  /\bat \S+ \(|node_modules|\/src\/|\.[tj]s:\d|\b(select|insert|update|delete|syntax|relation|violates|postgres|drizzle)\b/i;

/** The messages of an error reply, without the field names they start with (those come from the schema). */
function errorMessages(body: unknown): string[] {
  const errors = at(body, 'errors');
  const fieldMessages = Array.isArray(errors) ? errors.map((error) => at(error, 'message')) : [];
  const message = at(body, 'message');
  return [message, ...fieldMessages]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.replace(/^[\w.]+: /, ''));
}

/** What must hold of every reply: a 2xx or 4xx envelope, and for errors nothing about the server. */
function expectSafeReply(reply: LightMyRequestResponse, context: string): void {
  expect(reply.statusCode, context).toBeLessThan(500);
  expect(reply.headers['content-type'], context).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(reply.body);
  expect(body, context).toMatchObject({
    code: expect.any(Number),
    module: expect.any(String),
    message: expect.any(String),
  });
  if (reply.statusCode < 400) return;
  expect(Object.keys(isRecord(body) ? body : {}), context).not.toContain('stack');
  for (const message of errorMessages(body)) expect(message, context).not.toMatch(INTERNAL_DETAIL);
}

let testApp: TestApp;
/** The token's owner. Its number is never sent by the fuzzer, so no fuzzed sign-in can lock it out. */
let owner: Customer;
/** Another customer, whose number the fuzzer sends so sign-in and code calls reach their checks. */
let other: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signUp(testApp.app);
  other = await signUp(testApp.app);
});
afterAll(() => testApp.close());

it('answers hostile bodies on every POST call with a safe 2xx or 4xx envelope', async () => {
  const document: unknown = (await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  const calls = postCalls(document);
  // A broken enumeration must not pass by fuzzing nothing.
  expect(calls.length).toBeGreaterThan(25);

  // Plausible text, so that one hostile part is all that stands between a body and the service: the
  // token owner's ids for targets, the other customer's number, the schema's pattern when it has one.
  const byName: Record<string, fc.Arbitrary<string>> = {
    target_id: fc.constantFrom(owner.userId, owner.accountId),
    msisdn: fc.constant(other.msisdn),
    login_id: fc.constant(other.msisdn),
    reference_id: fc.constant(other.referenceId),
    application_id: fc.constant(DEFAULT_APPLICATION_ID),
    operator_name: fc.constant(DEFAULT_OPERATOR_NAME),
  };
  const plausible = (schema: Record<string, unknown>, name: string): fc.Arbitrary<string> => {
    const hinted = byName[name];
    if (hinted) return hinted;
    const edges = typeof schema.format === 'string' ? EDGE_TIMES[schema.format] : undefined;
    if (edges && typeof schema.pattern === 'string') {
      return fc.oneof(fc.constantFrom(...edges), fc.stringMatching(new RegExp(schema.pattern)));
    }
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
    if (schema.format === 'email') return fc.constant('maria.santos@example.com');
    return fc.constantFrom('Makati', 'konek', '2026-11-22', '390x844', GOOD_PIN, 'ABC123');
  };
  const text = (schema: Record<string, unknown>, name: string) =>
    fc.oneof(
      { arbitrary: plausible(schema, name), weight: 4 },
      { arbitrary: HOSTILE_STRING, weight: 1 },
    );

  let token = owner.token;
  let requests = 0;
  for (const call of calls) {
    const base = shaped(call.bodySchema, { text: plausible, mutate: false });
    const json = (body: fc.Arbitrary<unknown>) => body.map((value) => JSON.stringify(value));
    const attempt: fc.Arbitrary<Attempt> = fc.record({
      withToken: fc.boolean(),
      payload: fc.oneof(
        { weight: 1, arbitrary: json(base) },
        { weight: 4, arbitrary: json(withHostileString(base)) },
        { weight: 1, arbitrary: json(withHostileKey(base)) },
        { weight: 2, arbitrary: withDeepValue(base) },
        { weight: 2, arbitrary: json(shaped(call.bodySchema, { text, mutate: true })) },
        { weight: 1, arbitrary: json(fc.jsonValue()) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      ),
    });
    await fc.assert(
      fc.asyncProperty(attempt, async ({ payload, withToken }) => {
        requests += 1;
        const reply = await testApp.app.inject({
          method: 'POST',
          url: call.path,
          payload,
          headers: {
            'content-type': 'application/json',
            ...(withToken ? { authorization: `Bearer ${token}` } : {}),
          },
        });
        expectSafeReply(reply, `${call.path} ${payload.slice(0, 200)}`);
        if (call.path === LOGOUT_PATH && withToken && reply.statusCode === 200) {
          // Signing out revokes the token; sign in again so later calls still reach their checks.
          const login = await post(
            testApp.app,
            LOGIN_PATH,
            await loginPayload(owner.msisdn, owner.pin),
          );
          token = login.json().api_token;
        }
      }),
      { numRuns: RUNS_PER_CALL, timeout: REQUEST_BOUND_MS },
    );
  }
  expect(requests).toBe(calls.length * RUNS_PER_CALL);
}, 120_000);
