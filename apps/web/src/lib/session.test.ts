import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearSession, getSession, setSession, subscribeSession, useSession } from './session';

describe('session', () => {
  it('holds the session and tells subscribers when it changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession({ token: 't1', userId: 'u1' });
    expect(getSession()).toEqual({ token: 't1', userId: 'u1' });
    clearSession();
    expect(getSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setSession({ token: 't2', userId: 'u2' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-renders React when it changes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => setSession({ token: 't1', userId: 'u1' }));
    expect(result.current?.userId).toBe('u1');
  });
});
