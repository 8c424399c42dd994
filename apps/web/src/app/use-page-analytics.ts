import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { analytics as appAnalytics, type Analytics } from '../lib/analytics';

/** product §1: a page_view on every route change and a page_click on every tagged click. */
export function usePageAnalytics(analytics: Analytics = appAnalytics): void {
  const location = useLocation();
  const trackedKey = useRef<string | null>(null);

  useEffect(() => {
    // Each navigation has its own key; React's development double effects must not count twice.
    if (trackedKey.current === location.key) return;
    trackedKey.current = location.key;
    analytics.trackPageView(`${window.location.origin}${location.pathname}${location.search}`);
  }, [analytics, location]);

  useEffect(() => analytics.listenForTaggedClicks(document), [analytics]);
}
