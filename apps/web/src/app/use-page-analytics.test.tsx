import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
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
    function Root() {
      usePageAnalytics(analytics);
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
});
