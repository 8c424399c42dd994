import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GET_CONSENTS_PATH, RECORD_CONSENTS_PATH } from '@konek/contract/consents';
import { failure, ok } from '../../lib/fake-api-for-tests';
import {
  USER_ID,
  bodiesSentTo,
  journeyApi,
  signInCustomer,
} from '../../lib/journey-fixtures-for-tests';
import { renderAt } from './render-at';

// RA 10173: the optional consent of the details page can be withdrawn later, on the privacy notice, as
// easily as it was given; the customer sees what they agreed to and when.

const consent = (kind: string, granted: boolean, at: string) => ({
  kind,
  granted,
  terms_version: '2026-11-01',
  privacy_notice_version: '2026-11-01',
  recorded_at: at,
});

describe('consent choices on the privacy notice', () => {
  it('a visitor who is not signed in is offered to sign in, and comes back here', async () => {
    journeyApi();
    const user = userEvent.setup();
    const router = await renderAt('/privacy');
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceability/signin'));
    expect(router.state.location.state).toEqual({ returnTo: '/privacy' });
  });

  it('shows what was agreed and withdraws "Information We Share"', async () => {
    signInCustomer();
    const given = {
      consents: [
        consent('prepaid_terms', true, '2026-11-24T03:00:00.000Z'),
        consent('information_sharing', true, '2026-11-24T03:00:00.000Z'),
      ],
      history: [],
    };
    const { calls } = journeyApi({
      [GET_CONSENTS_PATH]: () => ok(given),
      [RECORD_CONSENTS_PATH]: () =>
        ok({
          consents: [
            consent('prepaid_terms', true, '2026-11-24T03:00:00.000Z'),
            consent('information_sharing', false, '2026-11-25T03:00:00.000Z'),
          ],
          history: given.consents,
        }),
    });
    const user = userEvent.setup();
    await renderAt('/privacy');
    expect(
      await screen.findByText('Agreed on November 24, 2026 (version of 2026-11-01).'),
    ).toBeTruthy();
    expect(screen.getByText('Given on November 24, 2026.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Withdraw my consent' }));
    expect(await screen.findByText('Withdrawn on November 25, 2026.')).toBeTruthy();
    expect(
      screen.getByText('Saved: you have withdrawn your consent to Information We Share.'),
    ).toBeTruthy();
    expect(bodiesSentTo(calls, RECORD_CONSENTS_PATH)).toEqual([
      {
        information_sharing: false,
        terms_version: '2026-11-01',
        privacy_notice_version: '2026-11-01',
        target_id: USER_ID,
        target_type: 3,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Give my consent' })).toBeTruthy();
  });

  it('says so when the choice could not be saved, and keeps the old one', async () => {
    signInCustomer();
    journeyApi({
      [GET_CONSENTS_PATH]: () => ok({ consents: [], history: [] }),
      [RECORD_CONSENTS_PATH]: () => failure('common', 500, 'Oops', 500),
    });
    const user = userEvent.setup();
    await renderAt('/privacy');
    expect(await screen.findByText('Not given.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Give my consent' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        "We couldn't save your choice just now. Please try again.",
      ),
    );
    expect(screen.getByText('Not given.')).toBeTruthy();
  });
});
