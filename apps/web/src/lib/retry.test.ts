import { describe, expect, it, vi } from 'vitest';
import { retryCall, retryUntilSuccess } from './retry';

const failure = { code: 500, module: 'appointments', message: 'busy' };
const success = { code: 0, module: 'appointments', message: 'ok' };

describe('retryUntilSuccess (product §7.1 / §9)', () => {
  it('stops after 3 attempts and resolves with the last reply', async () => {
    const call = vi
      .fn<() => Promise<typeof failure>>()
      .mockResolvedValueOnce({ ...failure, message: 'first' })
      .mockResolvedValueOnce({ ...failure, message: 'second' })
      .mockResolvedValueOnce({ ...failure, message: 'third' })
      .mockResolvedValue({ ...failure, message: 'never' });
    const reply = await retryUntilSuccess(call, { attempts: 3, delayMs: 1 });
    expect(call).toHaveBeenCalledTimes(3);
    expect(reply.message).toBe('third');
  });

  it('stops as soon as a reply has code 0', async () => {
    const call = vi.fn().mockResolvedValueOnce(failure).mockResolvedValueOnce(success);
    await expect(retryUntilSuccess(call, { attempts: 3, delayMs: 1 })).resolves.toEqual(success);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('waits the delay between attempts', async () => {
    vi.useFakeTimers();
    try {
      const call = vi.fn().mockResolvedValue(failure);
      const pending = retryUntilSuccess(call, { attempts: 3, delayMs: 1000 });
      await vi.advanceTimersByTimeAsync(0);
      expect(call).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(call).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(call).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(pending).resolves.toEqual(failure);
      expect(call).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a thrown error such as "Auth expired"', async () => {
    const call = vi.fn().mockRejectedValue(new Error('Auth expired'));
    await expect(retryUntilSuccess(call, { attempts: 3, delayMs: 1 })).rejects.toThrow(
      'Auth expired',
    );
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('retryCall (a call of lib/call.ts)', () => {
  const busy = {
    ok: false as const,
    status: 503,
    module: 'resource',
    code: 503,
    message: 'busy',
    unreachable: false,
  };
  const taken = {
    ok: false as const,
    status: 409,
    module: 'appointments',
    code: 3,
    message: 'taken',
    unreachable: false,
  };
  const noAnswer = { ...busy, status: 502, code: 502, unreachable: true };

  it('tries again while the failure may pass (no answer, 5xx), up to the attempts', async () => {
    const attempt = vi.fn().mockResolvedValueOnce(noAnswer).mockResolvedValue(busy);
    await expect(retryCall(attempt, { attempts: 3, delayMs: 1 })).resolves.toEqual(busy);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('answers the first success', async () => {
    const success = { ok: true as const, reply: { id: 'x' } };
    const attempt = vi.fn().mockResolvedValueOnce(busy).mockResolvedValue(success);
    await expect(retryCall(attempt, { attempts: 3, delayMs: 1 })).resolves.toEqual(success);
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('stops at a refusal of the request itself (a 4xx): asking again would not change it', async () => {
    const attempt = vi.fn().mockResolvedValue(taken);
    await expect(retryCall(attempt, { attempts: 3, delayMs: 1 })).resolves.toEqual(taken);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
