import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Analytics } from '../lib/analytics';

/** The app's one tracker; its code loads after the first render, so analytics never delays a screen. */
const loadAppAnalytics = () => import('../lib/analytics').then((module) => module.analytics);

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
