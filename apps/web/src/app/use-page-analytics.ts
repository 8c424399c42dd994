import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Analytics } from '../lib/analytics';

/** The longest the tracker waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * ADR 042: once the first render is on screen and the browser has nothing more urgent to do (loading
 * and drawing the screen, its data): the tracker's code and its first events never compete with them.
 */
function afterFirstPaintAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        } else {
          setTimeout(resolve, 0);
        }
      }, 0),
    );
  });
}

/** The app's one tracker; its code loads when the first screen is drawn, so analytics never delays it. */
const loadAppAnalytics = () =>
  afterFirstPaintAndIdle()
    .then(() => import('../lib/analytics'))
    .then((module) => module.analytics);

/**
 * product §1: a page_view on every route change and a page_click on every tagged click. Navigations made
 * before the tracker has loaded are kept and tracked, in order, once it has.
 */
export function usePageAnalytics(load: () => Promise<Analytics> = loadAppAnalytics): void {
  const location = useLocation();
  const [analytics, setAnalytics] = useState<Analytics | null>(null);
  const trackedKey = useRef<string | null>(null);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    let isCurrent = true;
    void load().then((loaded) => {
      if (isCurrent) setAnalytics(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [load]);

  useEffect(() => {
    // Each navigation has its own key; React's development double effects must not count twice.
    if (trackedKey.current === location.key) return;
    trackedKey.current = location.key;
    pending.current.push(`${window.location.origin}${location.pathname}${location.search}`);
  }, [location]);

  useEffect(() => {
    if (!analytics) return;
    for (const pageLocation of pending.current.splice(0)) analytics.trackPageView(pageLocation);
  }, [analytics, location]);

  useEffect(() => analytics?.listenForTaggedClicks(document), [analytics]);
}
