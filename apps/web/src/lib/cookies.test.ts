import { describe, expect, it } from 'vitest';
import { cookieAttributes, getCookie, getOrCreateDeviceId, setCookie } from './cookies';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

describe('cookie lifetimes (product §9)', () => {
  it.each([
    ['token', 30 * MINUTE],
    ['user', 7 * DAY],
    ['account', 7 * DAY],
    ['mobile', 7 * DAY],
    ['deviceId', 365 * DAY],
  ] as const)('%s lives %i ms', (kind, lifetime) => {
    expect(cookieAttributes(kind, NOW, 'https:').expires.getTime() - NOW).toBe(lifetime);
  });

  it('is SameSite=Lax, and Secure only over https', () => {
    expect(cookieAttributes('token', NOW, 'https:')).toMatchObject({
      sameSite: 'Lax',
      secure: true,
      path: '/',
    });
    expect(cookieAttributes('token', NOW, 'http:').secure).toBe(false);
  });
});

describe('cookies', () => {
  it('reads back what it wrote', () => {
    setCookie('user', 'user-42');
    expect(getCookie('user')).toBe('user-42');
    expect(document.cookie).toContain('userid=user-42');
  });

  it('creates the device id once and then keeps it', () => {
    const first = getOrCreateDeviceId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(getOrCreateDeviceId()).toBe(first);
    expect(getCookie('deviceId')).toBe(first);
  });
});
