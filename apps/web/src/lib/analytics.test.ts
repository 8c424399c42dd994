import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APPLICATION_ID, TARGET_TYPE_USER } from '@konek/contract/constants';
import {
  ZAnalyticsEvent,
  ZSubmitEventsClientRequest,
  ZSubmitEventsUnregisteredRequest,
} from '@konek/contract/submit-events';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_IDLE_FLUSH_MS,
  createAnalytics,
  type AnalyticsEnvironment,
} from './analytics';
import type { Session } from './session';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

function setup(overrides: Partial<AnalyticsEnvironment> = {}) {
  const session: { current: Session | null } = { current: null };
  const send = vi.fn<AnalyticsEnvironment['send']>();
  const analytics = createAnalytics({
    // 23:30 local time: the day must be the local calendar day.
    now: () => new Date(2025, 5, 30, 23, 30, 0),
    applicationId: () => DEFAULT_APPLICATION_ID,
    session: () => session.current,
    deviceId: () => 'device-1',
    campaign: () => ({}),
    viewportWidth: () => 390,
    userAgent: () => ANDROID_CHROME,
    resolution: () => '390x844',
    send,
    ...overrides,
  });
  return { analytics, send, session };
}

describe('analytics', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the application the server is configured with (APPLICATION_ID), not a built-in one', () => {
    const { analytics, send } = setup({ applicationId: () => 'operator-web' });
    analytics.trackPageView('https://konek.ph/');
    analytics.flush();
    expect(send.mock.calls[0]![1]).toMatchObject({ application_id: 'operator-web' });
  });

  it('sends a page_view with every field of the contract, anonymously to /unregistered', () => {
    const { analytics, send } = setup({
      campaign: () => ({
        utm_source: 'facebook',
        utm_medium: 'social',
        utm_campaign: 'bde_ana',
        salesman_id: 'S-17',
        agent_code: 'ana',
      }),
    });
    analytics.trackPageView('https://konek.ph/serviceability?st=t');
    analytics.flush();

    expect(send).toHaveBeenCalledTimes(1);
    const [path, body, token] = send.mock.calls[0]!;
    expect(path).toBe(SUBMIT_EVENTS_UNREGISTERED_PATH);
    expect(token).toBeNull();
    expect(ZSubmitEventsUnregisteredRequest.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      application_id: DEFAULT_APPLICATION_ID,
      events: [
        {
          event_type: 'page_view',
          day: '2025-06-30',
          epoch_millis: new Date(2025, 5, 30, 23, 30, 0).getTime(),
          id_type: 100,
          id_value: 'device-1',
          page_location: 'https://konek.ph/serviceability?st=t',
          device: 'mobile',
          browser: 'Chrome',
          resolution: '390x844',
          utm_source: 'facebook',
          utm_medium: 'social',
          utm_campaign: 'bde_ana',
          salesman_id: 'S-17',
          agent_code: 'ana',
        },
      ],
    });
  });

  it('signed in, sends to /client for the user with the token', () => {
    const { analytics, send, session } = setup({ viewportWidth: () => 1280 });
    session.current = { token: 'token-1', userId: 'user-1' };
    analytics.trackPageView('https://konek.ph/serviceability/filloutdetail');
    analytics.flush();

    const [path, body, token] = send.mock.calls[0]!;
    expect(path).toBe(SUBMIT_EVENTS_CLIENT_PATH);
    expect(token).toBe('token-1');
    expect(ZSubmitEventsClientRequest.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      target_id: 'user-1',
      target_type: TARGET_TYPE_USER,
      events: [{ id_type: 3, id_value: 'user-1', device: 'desktop' }],
    });
  });

  it('sends events from before and after sign-in each to their own endpoint', () => {
    const { analytics, send, session } = setup();
    analytics.trackPageView('https://konek.ph/serviceability/signin');
    session.current = { token: 'token-1', userId: 'user-1' };
    analytics.trackPageView('https://konek.ph/serviceability/filloutdetail');
    analytics.flush();
    expect(send.mock.calls.map(([path]) => path).sort()).toEqual([
      SUBMIT_EVENTS_CLIENT_PATH,
      SUBMIT_EVENTS_UNREGISTERED_PATH,
    ]);
  });

  it('sends a batch when 10 events wait', () => {
    const { analytics, send } = setup();
    for (let index = 1; index < ANALYTICS_BATCH_SIZE; index += 1) {
      analytics.trackPageView(`https://konek.ph/${index}`);
    }
    expect(send).not.toHaveBeenCalled();
    analytics.trackPageView('https://konek.ph/10');
    expect(send).toHaveBeenCalledTimes(1);
    const [, body] = send.mock.calls[0]!;
    expect(ZSubmitEventsUnregisteredRequest.parse(body).events).toHaveLength(ANALYTICS_BATCH_SIZE);
  });

  it('sends after 2 s without new events', () => {
    const { analytics, send } = setup();
    analytics.trackPageView('https://konek.ph/');
    vi.advanceTimersByTime(ANALYTICS_IDLE_FLUSH_MS - 1);
    analytics.trackClick('home_check_address', 'https://konek.ph/');
    vi.advanceTimersByTime(ANALYTICS_IDLE_FLUSH_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends what is queued when the page is hidden', () => {
    const { analytics, send } = setup();
    analytics.trackPageView('https://konek.ph/');
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  describe('page_click', () => {
    it('fires for an element carrying data-tag, or inside one, and for nothing else', () => {
      const { analytics, send } = setup();
      document.body.innerHTML = `
        <a href="#" data-tag="home_check_address"><span id="inside">Check My Address</span></a>
        <button id="untagged">Other</button>`;
      const stop = analytics.listenForTaggedClicks(document);
      try {
        document.getElementById('inside')!.click();
        document.getElementById('untagged')!.click();
      } finally {
        stop();
        document.body.innerHTML = '';
      }
      analytics.flush();
      const [, body] = send.mock.calls[0]!;
      const events = ZSubmitEventsUnregisteredRequest.parse(body).events;
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(ZAnalyticsEvent.safeParse(event).success).toBe(true);
      expect(event).toMatchObject({
        event_type: 'page_click',
        tag: 'home_check_address',
        quantity: 1,
      });
    });

    it('stops listening when asked', () => {
      const { analytics, send } = setup();
      document.body.innerHTML = '<button id="tagged" data-tag="x">x</button>';
      analytics.listenForTaggedClicks(document)();
      document.getElementById('tagged')!.click();
      document.body.innerHTML = '';
      analytics.flush();
      expect(send).not.toHaveBeenCalled();
    });
  });
});
