import { describe, expect, it } from 'vitest';
import { ERRORS, UNKNOWN_SERVER_ERROR, describeError } from './errors';

// product §8: codes known by name.
const NAMED_CODES: [module: string, name: string, code: number][] = [
  ['referral', 'INVALID_REFERRAL_CODE', 3],
  ['referral', 'ALREADY_REFERRED', 5],
  ['referral', 'SELF_REFERRAL', 8],
  ['appointments', 'TIME_SLOT_NOT_FOUND', 3],
  ['appointments', 'RESERVATION_EXPIRED', 6],
  ['appointments', 'INVALID_TIME_SLOT', 15],
  ['order', 'INSUFFICIENT_FUNDS', 4],
  ['order', 'PURCHASE_LIMIT_REACHED', 5],
  ['order', 'ACCOUNT_ALREADY_HAVE_ORDER', 63],
];

const catalogue: Record<
  string,
  Record<string, { code: number; status: number; message: string }>
> = ERRORS;
const allEntries = Object.entries(catalogue).flatMap(([module, definitions]) =>
  Object.entries(definitions).map(([name, definition]) => ({ module, name, ...definition })),
);

describe('product §8 error catalogue', () => {
  it.each(NAMED_CODES)('%s code %s is %d', (module, name, code) => {
    expect(catalogue[module]?.[name]?.code).toBe(code);
  });

  it.each(NAMED_CODES)('describeError(%j, code of %s) names it', (module, name, code) => {
    const described = describeError(module, code);
    expect(described.name).toBe(name);
    expect(described.message).toBe(catalogue[module]?.[name]?.message);
  });

  it('reads "unknown server error" for an unknown code', () => {
    expect(UNKNOWN_SERVER_ERROR).toBe('unknown server error');
    expect(describeError('referral', 999)).toEqual({
      name: 'UNKNOWN',
      message: 'unknown server error',
    });
  });

  it.each(['referral', 'appointments', 'order', 'common'])(
    'treats code 0 (success) in %s as no named error',
    (module) => {
      expect(describeError(module, 0).message).toBe(UNKNOWN_SERVER_ERROR);
    },
  );

  it.each([['nonexistent'], [''], ['__proto__'], ['constructor'], ['toString']])(
    'reads "unknown server error" for module %j',
    (module) => {
      expect(describeError(module, 3)).toEqual({ name: 'UNKNOWN', message: UNKNOWN_SERVER_ERROR });
    },
  );

  it('does not borrow a code from another module', () => {
    // TIME_SLOT_NOT_FOUND is 3 in appointments; order has no 3.
    expect(describeError('order', 3).message).toBe(UNKNOWN_SERVER_ERROR);
  });

  it.each(Object.entries(catalogue))('no two %s entries share a code', (_module, definitions) => {
    const codes = Object.values(definitions).map((definition) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(allEntries)(
    '$module.$name has a nonzero code, an error status and a message',
    (entry) => {
      expect(Number.isInteger(entry.code)).toBe(true);
      expect(entry.code).not.toBe(0);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.message.trim()).not.toBe('');
    },
  );
});
