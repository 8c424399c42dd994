import { describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { Analytics } from '../lib/analytics';
import { usePageAnalytics } from './use-page-analytics';

function fakeAnalytics() {
  const stopClicks = vi.fn();
  const analytics: Analytics = {
    trackPageView: vi.fn(),
    trackClick: vi.fn(),
    flush: vi.fn(),
    listenForTaggedClicks: vi.fn(() => stopClicks),
  };
  return { analytics, stopClicks };
}

describe('usePageAnalytics', () => {
  it('tracks a page_view on load and on every navigation, and listens for tagged clicks', async () => {
    const { analytics, stopClicks } = fakeAnalytics();
    const load = async () => analytics;
    function Root() {
      usePageAnalytics(load);
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [{ Component: Root, children: [{ path: '*', element: <p>page</p> }] }],
      { initialEntries: ['/'] },
    );
    const { unmount } = render(<RouterProvider router={router} />);
    await act(() => router.navigate('/serviceability?utm_source=sms'));
    await act(() => router.navigate('/serviceability/signin'));

    expect(vi.mocked(analytics.trackPageView).mock.calls.map(([location]) => location)).toEqual([
      `${window.location.origin}/`,
      `${window.location.origin}/serviceability?utm_source=sms`,
      `${window.location.origin}/serviceability/signin`,
    ]);
    expect(analytics.listenForTaggedClicks).toHaveBeenCalledWith(document);
    unmount();
    expect(stopClicks).toHaveBeenCalled();
  });

  it('tracks the navigations made before the tracker loaded, once each and in order', async () => {
    const { analytics } = fakeAnalytics();
    let finishLoading: (loaded: Analytics) => void = () => undefined;
    const loading = new Promise<Analytics>((resolve) => {
      finishLoading = resolve;
    });
    const load = () => loading;
    function Root() {
      usePageAnalytics(load);
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [{ Component: Root, children: [{ path: '*', element: <p>page</p> }] }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/serviceability/signin'));
    expect(analytics.trackPageView).not.toHaveBeenCalled();
    expect(analytics.listenForTaggedClicks).not.toHaveBeenCalled();

    await act(async () => finishLoading(analytics));
    await act(() => router.navigate('/trackmyorder'));
    await waitFor(() => expect(analytics.trackPageView).toHaveBeenCalledTimes(3));
    expect(vi.mocked(analytics.trackPageView).mock.calls.map(([location]) => location)).toEqual([
      `${window.location.origin}/`,
      `${window.location.origin}/serviceability/signin`,
      `${window.location.origin}/trackmyorder`,
    ]);
    expect(analytics.listenForTaggedClicks).toHaveBeenCalledTimes(1);
  });
});
