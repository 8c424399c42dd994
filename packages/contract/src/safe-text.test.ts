import { describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_MAX_BYTES, ZContextData } from './client-storage-add';
import {
  MAX_JSON_DEPTH,
  MESSAGE_CONTROL_CHARACTER,
  MESSAGE_LONE_SURROGATE,
  MESSAGE_TOO_DEEP,
  fieldOfPath,
  findUnsafeInput,
  isSurelySafeInput,
  unsafeTextProblem,
} from './safe-text';

/** `levels` objects inside one another, {"a":{"a":…1…}}, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

describe('safe text', () => {
  it('keeps ordinary, accented, emoji, multi-line and tabbed text', () => {
    for (const text of [
      '',
      'Maria Santos',
      'Parañaque',
      '日本語',
      '👍🏽 ok',
      'line 1\nline 2\r\n\tend',
    ]) {
      expect(unsafeTextProblem(text), text).toBeUndefined();
    }
  });

  it('refuses NUL and the other C0 control characters', () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f]) {
      expect(unsafeTextProblem(`a${String.fromCharCode(code)}b`), String(code)).toBe(
        MESSAGE_CONTROL_CHARACTER,
      );
    }
  });

  it('refuses a lone high or low surrogate anywhere, but not a pair', () => {
    for (const text of ['\uD800', 'a\uD83Db', '\uDC00', 'x\uDE00', '\uDE00\uD83D']) {
      expect(unsafeTextProblem(text), escape(text)).toBe(MESSAGE_LONE_SURROGATE);
    }
    expect(unsafeTextProblem('\uD83D\uDE00')).toBeUndefined();
  });
});

describe('findUnsafeInput', () => {
  it('names the first bad string by its path, as validation errors name fields', () => {
    const found = findUnsafeInput({ ok: 'fine', events: [{ day: 'x' }, { day: 'a\u0000' }] });
    expect(found).toEqual({ path: ['events', 1, 'day'], message: MESSAGE_CONTROL_CHARACTER });
    expect(fieldOfPath(found!.path)).toBe('events.1.day');
    expect(fieldOfPath([])).toBe('body');
    expect(findUnsafeInput('\uD800')).toEqual({ path: [], message: MESSAGE_LONE_SURROGATE });
  });

  it('checks object keys and names the object holding them', () => {
    expect(findUnsafeInput({ data: { 'bad\u0000key': 1 } })).toEqual({
      path: ['data'],
      message: `key ${MESSAGE_CONTROL_CHARACTER}`,
    });
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(findUnsafeInput(nested(MAX_JSON_DEPTH))).toBeUndefined();
    const tooDeep = findUnsafeInput(nested(MAX_JSON_DEPTH + 1));
    expect(tooDeep?.message).toBe(MESSAGE_TOO_DEEP);
    expect(tooDeep?.path).toHaveLength(MAX_JSON_DEPTH);
  });

  it('walks a value nested far deeper than the call stack allows without overflowing', () => {
    expect(findUnsafeInput(nested(100_000))?.message).toBe(MESSAGE_TOO_DEEP);
    expect(findUnsafeInput(nested(100_000), Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('accepts numbers, booleans, null and empty containers', () => {
    expect(findUnsafeInput({ a: 1, b: true, c: null, d: [], e: {} })).toBeUndefined();
  });
});

describe('isSurelySafeInput, the quick walk before findUnsafeInput', () => {
  it('passes what findUnsafeInput passes, but for surrogate pairs, which it leaves to the full walk', () => {
    const safe = [
      { a: 1, b: true, c: null, d: [], e: {} },
      { name: 'Parañaque', lines: ['line 1\nline 2\r\n\tend'], nested: { 日本語: 'x' } },
      nested(MAX_JSON_DEPTH),
      'plain',
      42,
    ];
    for (const value of safe) expect(isSurelySafeInput(value), JSON.stringify(value)).toBe(true);
    expect(findUnsafeInput({ face: '\uD83D\uDE00' })).toBeUndefined();
    expect(isSurelySafeInput({ face: '\uD83D\uDE00' })).toBe(false);
  });

  it('never passes what findUnsafeInput refuses, keys and depth included', () => {
    const unsafe = [
      { events: [{ day: 'x' }, { day: 'a\u0000' }] },
      { data: { 'bad\u0000key': 1 } },
      ['\uD800'],
      { text: 'a\u001Bb' },
      nested(MAX_JSON_DEPTH + 1),
      nested(100_000),
    ];
    for (const value of unsafe) {
      expect(findUnsafeInput(value)).toBeDefined();
      expect(isSurelySafeInput(value)).toBe(false);
    }
  });
});

describe('stored context data', () => {
  it('refuses a deeply nested context instead of overflowing while measuring its size', () => {
    const result = ZContextData.safeParse({ value: nested(5_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGE_TOO_DEEP);
  });

  it('refuses NUL in a value and still measures the size of safe data', () => {
    expect(ZContextData.safeParse({ note: 'a\u0000' }).error?.issues[0]).toMatchObject({
      message: MESSAGE_CONTROL_CHARACTER,
      path: ['note'],
    });
    const large = ZContextData.safeParse({ blob: 'x'.repeat(CLIENT_STORAGE_MAX_BYTES) });
    expect(large.error?.issues[0]?.message).toBe(
      `must be at most ${CLIENT_STORAGE_MAX_BYTES} bytes of JSON`,
    );
    expect(ZContextData.safeParse({ address: { area: { city: 'Makati' } } }).success).toBe(true);
  });
});
