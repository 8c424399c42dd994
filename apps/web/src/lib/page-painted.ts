// "Drawn" for a page's first paint means on screen, not only painted on the main thread: Chromium
// reports the first contentful paint at the frame's presentation, after the raster threads have drawn
// it, and evaluating JavaScript in between competes with them for a phone's few cores.

/** The longest the app waits for a page's first paint to be on screen (main.tsx, first-paint.ts). */
export const FIRST_PAINT_WAIT_MS = 500;

type PaintedOptions = {
  /** The longest to wait: a page with nothing contentful to draw reports no paint at all. */
  maxWaitMs: number;
};

function reportsPaints(): boolean {
  return (
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  );
}

/**
 * Resolves once the page's first contentful paint is on screen (its `paint` entry), at once in a hidden
 * tab (it draws nothing), and after a frame and a task where the browser reports no paints; never later
 * than `maxWaitMs`.
 */
export function pagePainted({ maxWaitMs }: PaintedOptions): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const timeout = setTimeout(done, maxWaitMs);
    // The observer's callback runs in a later task, never while it is being made.
    const observer = reportsPaints()
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    function done(): void {
      clearTimeout(timeout);
      observer?.disconnect();
      resolve();
    }
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}
