import { describe, expect, it } from 'vitest';
import { deviceClassForWidth, isNativeApp } from './device';

describe('deviceClassForWidth (product §9)', () => {
  it.each([
    [360, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1179, 'tablet'],
    [1180, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(deviceClassForWidth(width)).toBe(expected);
  });
});

describe('isNativeApp (product §1)', () => {
  it('recognises the "isapp" marker in the user agent', () => {
    expect(isNativeApp('Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile isapp')).toBe(true);
    expect(isNativeApp('Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile')).toBe(false);
  });
});
