import { describe, expect, it } from 'vitest';
import { createSemaphoreSmsSender, SEMAPHORE_MESSAGES_URL } from './semaphore-sms-sender';
import { SmsUnavailableError } from './sms-sender';

type Call = { url: string; init: RequestInit | undefined };

function fakeFetch(status: number, body: string, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
}

const message = { msisdn: '639171234567', body: '123456 is your Konek verification code.' };

describe('Semaphore SMS sender', () => {
  it('posts apikey, number, message and sendername as a form', async () => {
    const calls: Call[] = [];
    const sender = createSemaphoreSmsSender({
      apiKey: 'key-123',
      senderName: 'KONEK',
      fetch: fakeFetch(200, JSON.stringify([{ message_id: 1, status: 'Pending' }]), calls),
    });
    await sender.send(message);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(SEMAPHORE_MESSAGES_URL);
    expect(calls[0]!.init?.method).toBe('POST');
    const form = new URLSearchParams(String(calls[0]!.init?.body));
    expect(Object.fromEntries(form)).toEqual({
      apikey: 'key-123',
      number: '639171234567',
      message: message.body,
      sendername: 'KONEK',
    });
  });

  it('leaves sendername out when none is configured', async () => {
    const calls: Call[] = [];
    const sender = createSemaphoreSmsSender({
      apiKey: 'k',
      senderName: undefined,
      fetch: fakeFetch(200, JSON.stringify([{ message_id: 1 }]), calls),
    });
    await sender.send(message);
    expect(new URLSearchParams(String(calls[0]!.init?.body)).has('sendername')).toBe(false);
  });

  it.each([
    ['an HTTP error', 401, '{"error":"Invalid apikey key-123"}'],
    ['a validation reply', 200, '{"number":["The number format is invalid."]}'],
    ['a failed message', 200, '[{"message_id":1,"status":"Failed"}]'],
    ['a body that is not JSON', 502, '<html>Bad gateway</html>'],
  ])('fails with SmsUnavailableError on %s, without the API key', async (_case, status, body) => {
    const sender = createSemaphoreSmsSender({
      apiKey: 'key-123',
      senderName: undefined,
      fetch: fakeFetch(status, body),
    });
    const failure = sender.send(message);
    await expect(failure).rejects.toBeInstanceOf(SmsUnavailableError);
    await expect(failure).rejects.not.toThrow(/key-123/);
  });

  it('keeps the number and the code out of the error when the reply echoes them', async () => {
    const echo = JSON.stringify({
      number: message.msisdn,
      message: message.body,
      error: 'Rejected',
    });
    const sender = createSemaphoreSmsSender({
      apiKey: 'k',
      senderName: undefined,
      fetch: fakeFetch(400, echo),
    });
    const failure = sender.send(message);
    await expect(failure).rejects.toThrow(/Semaphore answered 400: .*Rejected/);
    await expect(failure).rejects.not.toThrow(/639171234567|123456/);
  });

  it('fails with SmsUnavailableError when the network does', async () => {
    const sender = createSemaphoreSmsSender({
      apiKey: 'k',
      senderName: undefined,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(sender.send(message)).rejects.toBeInstanceOf(SmsUnavailableError);
  });
});
