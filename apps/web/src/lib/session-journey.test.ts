import { describe, expect, it } from 'vitest';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { setCookie } from './cookies';
import { ok, stubApi } from './fake-api-for-tests';
import { saveChosenOffer } from './journey-store';
import { getSession, setSession } from './session';
import { fetchJourney, recordJourneyStep } from './session-journey';

function signIn() {
  setCookie('token', 'token-1');
  setSession({ token: 'token-1', userId: 'user-1' });
}

const stored = (value: Record<string, unknown>) =>
  ok({
    result_set: [{ context: 'serviceability', value, updated_at: '2026-01-01T00:00:00.000Z' }],
  });

describe('the stored journey context (product §3, ADR 011)', () => {
  it('reads the serviceability context; none yet is an empty one', async () => {
    signIn();
    const { calls } = stubApi({ [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }) });
    expect(await fetchJourney('user-1')).toEqual({});
    expect(calls[0]?.body).toEqual({
      target_id: 'user-1',
      target_type: 3,
      context: 'serviceability',
    });
  });

  it('answers null when it cannot be read, so nothing overwrites it', async () => {
    signIn();
    stubApi({ [CLIENT_STORAGE_GET_PATH]: () => ({ code: 500, module: 'common', message: 'x' }) });
    expect(await fetchJourney('user-1')).toBeNull();
  });

  it('records a later step without losing what is stored (add replaces the whole context)', async () => {
    signIn();
    const { calls } = stubApi({
      [CLIENT_STORAGE_GET_PATH]: () => stored({ OTP_Verification: true, referenceId: 'ref-1' }),
      [CLIENT_STORAGE_ADD_PATH]: () => ok({ result_set: [] }),
    });
    expect(await recordJourneyStep('/serviceability/schedule', { order_Create: false })).toBe(true);
    const saved = {
      OTP_Verification: true,
      referenceId: 'ref-1',
      order_Create: false,
      journey_path: '/serviceability/schedule',
    };
    expect(calls.find((call) => call.path === CLIENT_STORAGE_ADD_PATH)?.body).toMatchObject({
      data: saved,
    });
    expect(getSession()?.journey).toEqual(saved);
  });

  it('records the plan chosen in this browser with the step, for another device to order', async () => {
    signIn();
    const offer = { offerId: 'offer-7', name: 'Fiber 1999', cityCode: '137404000' };
    saveChosenOffer(offer);
    const { calls } = stubApi({
      [CLIENT_STORAGE_GET_PATH]: () => stored({ OTP_Verification: true }),
      [CLIENT_STORAGE_ADD_PATH]: () => ok({ result_set: [] }),
    });
    expect(await recordJourneyStep('/serviceability/schedule')).toBe(true);
    expect(calls.find((call) => call.path === CLIENT_STORAGE_ADD_PATH)?.body).toMatchObject({
      data: { OTP_Verification: true, offer, journey_path: '/serviceability/schedule' },
    });
  });

  it('writes nothing when the stored context cannot be read first', async () => {
    signIn();
    const { calls } = stubApi({
      [CLIENT_STORAGE_GET_PATH]: () => ({ code: 502, module: 'client', message: 'x' }),
    });
    expect(await recordJourneyStep('/serviceability/schedule')).toBe(false);
    expect(calls.some((call) => call.path === CLIENT_STORAGE_ADD_PATH)).toBe(false);
  });

  it('does nothing for an anonymous visitor', async () => {
    const { calls } = stubApi({});
    expect(await recordJourneyStep('/serviceability/schedule')).toBe(false);
    expect(calls).toEqual([]);
  });
});
