import { lightFormat } from 'date-fns';
import {
  ANALYTICS_TAG_QUANTITY,
  DEFAULT_APPLICATION_ID,
  TARGET_TYPE_USER,
} from '@konek/contract/constants';
import {
  type TAnalyticsEvent,
  type TSubmitEventsClientRequest,
  type TSubmitEventsUnregisteredRequest,
} from '@konek/contract/submit-events';
import {
  ANALYTICS_ID_TYPE_DEVICE,
  ANALYTICS_ID_TYPE_USER,
  MAX_EVENTS_PER_BATCH,
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { postKeepalive } from './beacon';
import { browserName } from './browser';
import { getOrCreateDeviceId } from './cookies';
import { deviceClassForWidth } from './device';
import { getSession, type Session } from './session';
import { readCampaign, type CampaignAttribution } from './utm';
import { readInlineWebConfig } from './web-config';

// product §1 / §3 / §7.1: a page_view on every route change and a page_click on every tagged click, batched
// to /event/submit/client when signed in (id_type 3, the user id) or /unregistered when anonymous
// (id_type 100, the device id).

/** The attribute that marks a clickable element for analytics; its value is the event's tag. */
export const ANALYTICS_TAG_ATTRIBUTE = 'data-tag';
/** A batch is sent once this many events wait… */
export const ANALYTICS_BATCH_SIZE = 10;
/** …or once no event has arrived for this long, or when the page is hidden or closed. */
export const ANALYTICS_IDLE_FLUSH_MS = 2000;

type EventBase = Omit<TAnalyticsEvent, 'event_type' | 'tag' | 'quantity'>;

export type AnalyticsEnvironment = {
  now: () => Date;
  /** The web config's application_id (APPLICATION_ID on the server), for anonymous batches. */
  applicationId: () => string;
  session: () => Session | null;
  deviceId: () => string;
  campaign: () => CampaignAttribution;
  viewportWidth: () => number;
  userAgent: () => string;
  resolution: () => string;
  send: (path: string, body: unknown, token: string | null) => void;
};

const browserEnvironment: AnalyticsEnvironment = {
  now: () => new Date(),
  // The server writes its config into every page it serves (ADR 042); a page without it (a test page)
  // keeps the server's default.
  applicationId: () => readInlineWebConfig(document)?.applicationId ?? DEFAULT_APPLICATION_ID,
  session: getSession,
  deviceId: getOrCreateDeviceId,
  campaign: () => readCampaign(),
  viewportWidth: () => window.innerWidth,
  userAgent: () => navigator.userAgent,
  resolution: () => `${window.screen.width}x${window.screen.height}`,
  send: postKeepalive,
};

export type Analytics = {
  trackPageView: (pageLocation: string) => void;
  trackClick: (tag: string, pageLocation: string) => void;
  /** Sends whatever is queued now. */
  flush: () => void;
  /** Starts page_click tracking on `root`; returns the function that stops it. */
  listenForTaggedClicks: (root: Document) => () => void;
};

export function createAnalytics(environment: AnalyticsEnvironment = browserEnvironment): Analytics {
  const queue: TAnalyticsEvent[] = [];
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let isListeningForPageHide = false;

  function base(pageLocation: string): EventBase {
    const now = environment.now();
    const session = environment.session();
    const campaign = environment.campaign();
    return {
      day: lightFormat(now, 'yyyy-MM-dd'),
      epoch_millis: now.getTime(),
      ...(session
        ? { id_type: ANALYTICS_ID_TYPE_USER, id_value: session.userId }
        : { id_type: ANALYTICS_ID_TYPE_DEVICE, id_value: environment.deviceId() }),
      page_location: pageLocation.slice(0, 2048),
      device: deviceClassForWidth(environment.viewportWidth()),
      browser: browserName(environment.userAgent()),
      resolution: environment.resolution(),
      ...campaign,
    };
  }

  function enqueue(event: TAnalyticsEvent): void {
    listenForPageHide();
    queue.push(event);
    clearTimeout(idleTimer);
    if (queue.length >= ANALYTICS_BATCH_SIZE) {
      flush();
      return;
    }
    idleTimer = setTimeout(flush, ANALYTICS_IDLE_FLUSH_MS);
  }

  function flush(): void {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (queue.length === 0) return;
    const events = queue.splice(0);
    const session = environment.session();
    for (const [targetId, group] of groupByTarget(events)) {
      for (let start = 0; start < group.length; start += MAX_EVENTS_PER_BATCH) {
        const batch = group.slice(start, start + MAX_EVENTS_PER_BATCH);
        if (targetId === null) {
          const body: TSubmitEventsUnregisteredRequest = {
            application_id: environment.applicationId(),
            events: batch,
          };
          environment.send(SUBMIT_EVENTS_UNREGISTERED_PATH, body, null);
        } else {
          const body: TSubmitEventsClientRequest = {
            target_id: targetId,
            target_type: TARGET_TYPE_USER,
            events: batch,
          };
          const token = session?.userId === targetId ? session.token : null;
          environment.send(SUBMIT_EVENTS_CLIENT_PATH, body, token);
        }
      }
    }
  }

  // Queued events must not be lost when the visitor leaves: pagehide covers closing and bfcache,
  // visibilitychange covers switching apps on a phone (the page may never get pagehide there).
  function listenForPageHide(): void {
    if (isListeningForPageHide) return;
    isListeningForPageHide = true;
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  function listenForTaggedClicks(root: Document): () => void {
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const tagged = target.closest(`[${ANALYTICS_TAG_ATTRIBUTE}]`);
      const tag = tagged?.getAttribute(ANALYTICS_TAG_ATTRIBUTE)?.trim();
      if (!tag) return;
      trackClick(tag, root.location.href);
    };
    // Capture phase: a handler that stops propagation must not hide the click from analytics.
    root.addEventListener('click', onClick, true);
    return () => root.removeEventListener('click', onClick, true);
  }

  function trackPageView(pageLocation: string): void {
    enqueue({ ...base(pageLocation), event_type: 'page_view' });
  }

  function trackClick(tag: string, pageLocation: string): void {
    enqueue({
      ...base(pageLocation),
      event_type: 'page_click',
      tag: tag.slice(0, 255),
      quantity: ANALYTICS_TAG_QUANTITY,
    });
  }

  return { trackPageView, trackClick, flush, listenForTaggedClicks };
}

/** Signed-in events are grouped by user (null: anonymous), since each batch names one target. */
function groupByTarget(events: readonly TAnalyticsEvent[]): Map<string | null, TAnalyticsEvent[]> {
  const groups = new Map<string | null, TAnalyticsEvent[]>();
  for (const event of events) {
    const key = event.id_type === ANALYTICS_ID_TYPE_USER ? (event.id_value ?? null) : null;
    const group = groups.get(key) ?? [];
    group.push(event);
    groups.set(key, group);
  }
  return groups;
}

/** The app's one tracker. */
export const analytics = createAnalytics();
