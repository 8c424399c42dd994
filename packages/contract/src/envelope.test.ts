import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { SUCCESS_CODE, ZEnvelope, envelopeWith } from './envelope';

describe('reply envelope (product §8)', () => {
  it('uses code 0 for success', () => {
    expect(SUCCESS_CODE).toBe(0);
  });

  it('requires code, module and message', () => {
    expect(ZEnvelope.safeParse({ code: 0, module: 'order', message: '' }).success).toBe(true);
    expect(ZEnvelope.safeParse({ code: 0, module: 'order' }).success).toBe(false);
    expect(ZEnvelope.safeParse({ code: 1.5, module: 'order', message: '' }).success).toBe(false);
  });

  it('extends the envelope with a call’s result fields', () => {
    const schema = envelopeWith({ reservation_id: z.string() });
    const reply = { code: 0, module: 'appointments', message: 'ok', reservation_id: 'r-1' };
    expect(schema.parse(reply)).toEqual(reply);
    expect(schema.safeParse({ code: 0, module: 'appointments', message: 'ok' }).success).toBe(
      false,
    );
  });
});
