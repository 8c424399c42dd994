import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PATHS } from '@konek/contract/routes';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { ok, stubApi } from '../../lib/fake-api-for-tests';
import { webConfigReply } from '../../lib/web-config-fixtures-for-tests';
import { renderAt } from './render-at';

// After a navigation inside the app, the keyboard and a screen reader start on the new page's heading
// (page-layout.tsx), not on the body or on a control of the page that is gone.

function stubWebConfig() {
  stubApi({ [WEB_CONFIG_PATH]: () => ok(webConfigReply()) });
}

describe('focus after a navigation', () => {
  it('leaves the first page to the browser', async () => {
    stubWebConfig();
    await renderAt(PATHS.privacy);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(document.body);
  });

  it('moves to the new page’s heading', async () => {
    stubWebConfig();
    const router = await renderAt(PATHS.privacy);
    await act(() => router.navigate(PATHS.cookies));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Cookie policy' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});
