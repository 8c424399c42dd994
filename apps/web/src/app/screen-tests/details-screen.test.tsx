import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGE_DIGITS_ONLY,
  MESSAGE_EDGE_SPACE,
  MESSAGE_EMAIL,
  MESSAGE_MOBILE,
  MESSAGE_REQUIRED,
  MESSAGE_SPECIAL_CHARACTERS,
} from '@konek/contract/validation';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { GET_CONSENTS_PATH } from '@konek/contract/consents';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { GET_PROFILE_PATH } from '@konek/contract/update-info';
import { failure, ok } from '../../lib/fake-api-for-tests';
import {
  EMAIL_VALIDATION_PATH,
  HOUSE,
  PREPAID_ACCOUNT_PATH,
  journeyApi,
  signInCustomer,
} from '../../lib/journey-fixtures-for-tests';
import { saveChosenOffer } from '../../lib/journey-store';
import { messageOf } from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

// product §2.4 / §5: the details page — what it shows, what it knows already, and each field's rules
// with the spec's messages in the spec's order. The submit's destinations are in details-submit.test.tsx.

const PAGE = '/serviceability/filloutdetail';

async function openDetails(path = PAGE) {
  const router = await renderAt(path);
  await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 5000 });
  return router;
}

const personal = () => within(screen.getByRole('group', { name: 'Personal information' }));
const representative = () =>
  within(screen.getByRole('group', { name: 'Nominate an Authorized Representative' }));

/** Types `text` into `field` (after clearing it) and leaves it, which is when product §5 checks it. */
async function typeAndLeave(field: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.clear(field);
  if (text) await user.type(field, text);
  await user.tab();
}

function stepMarks(): boolean[] {
  const progress = screen.getByRole('navigation', { name: 'Order progress' });
  return within(progress)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-icon="check"]') !== null);
}

describe('the details page (product §2.4)', () => {
  it('shows the page as the spec writes it, with what Konek knows filled in', async () => {
    signInCustomer();
    journeyApi();
    await openDetails();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fill out your details');
    expect(screen.getByText('Mandatory fields')).toBeTruthy();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Ana');
    expect(personal().getByRole('textbox', { name: 'Last name' })).toHaveProperty('value', 'Reyes');
    expect(personal().getByRole('combobox', { name: 'Suffix' })).toHaveProperty('value', 'None');
    const mobile = personal().getByRole('textbox', { name: 'Mobile number' });
    expect(mobile).toHaveProperty('value', '0917 123 4567');
    expect(mobile).toHaveProperty('readOnly', true);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveProperty(
      'value',
      'ana.reyes@example.com',
    );
    const presence = screen.getByRole('group', {
      name: 'Will you personally be present during the installation?',
    });
    expect(within(presence).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', false);
    expect(within(presence).getByRole('radio', { name: 'No' })).toHaveProperty('checked', false);
    expect(
      screen.queryByRole('group', { name: 'Nominate an Authorized Representative' }),
    ).toBeNull();
    // RA 10173: both consents start unticked.
    expect(screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('checkbox', { name: 'Information We Share' })).toHaveProperty(
      'checked',
      false,
    );
    const terms = screen.getAllByRole('link', { name: /Prepaid Terms & Conditions/ })[0]!;
    expect(terms.getAttribute('href')).toBe('/serviceability/terms%26conditions');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByRole('link', { name: /Privacy notice/i })[0]!.getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/prepaid',
    );
    // Step 2 of the indicator; the address check and the account are really passed.
    expect(stepMarks()).toEqual([true, true, false, false, false]);
  });

  it('fills the names from the subscriber profile right after sign-up (verified reference id)', async () => {
    signInCustomer(undefined, { referenceId: 'ref-1', OTP_Verification: true });
    const { calls } = journeyApi({
      [PREPAID_ACCOUNT_PATH]: () =>
        ok({
          result: {
            first_name: 'Maria Clara',
            middle_name: 'Dela Cruz',
            last_name: 'Santos',
            gender: 'Female',
            birthday: '14/02/1990',
            email: 'maria.santos@example.com',
            mother_maiden_name: 'Reyes',
          },
        }),
    });
    await openDetails();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty(
      'value',
      'Maria Clara',
    );
    expect(personal().getByRole('textbox', { name: 'Last name' })).toHaveProperty(
      'value',
      'Santos',
    );
    const profileCall = calls.find((call) => call.path === PREPAID_ACCOUNT_PATH);
    expect(profileCall?.body).toEqual({ msisdn: '9171234567', reference_id: 'ref-1' });
  });

  it('a new customer without a subscriber profile: the account fills the form, no error is reported or shown', async () => {
    signInCustomer(undefined, { referenceId: 'ref-1', OTP_Verification: true });
    const { calls } = journeyApi({
      [PREPAID_ACCOUNT_PATH]: () =>
        failure('subscriber', 2, 'We have no subscriber profile for this number.', 404),
    });
    await openDetails();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Ana');
    expect(calls.some((call) => call.path === PREPAID_ACCOUNT_PATH)).toBe(true);
    expect(calls.filter((call) => call.path === REPORT_CLIENT_ERROR_PATH)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/subscriber profile/)).toBeNull();
  });

  it('Back returns to the page the plan was chosen on: the special offer, or all the plans', async () => {
    signInCustomer();
    journeyApi();
    saveChosenOffer({
      offerId: 'offer-special',
      name: 'Fiber 1299 special',
      cityCode: '1380100000',
      chosenOn: '/serviceability/specialOffer',
    });
    await openDetails();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/specialOffer',
    );
    act(() =>
      saveChosenOffer({
        offerId: 'offer-1',
        name: 'Fiber 1499',
        cityCode: '1380100000',
        chosenOn: '/serviceability/prepaid',
      }),
    );
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/prepaid',
    );
  });

  it('shows the landmark with the installation address', async () => {
    signInCustomer({ ...HOUSE, landmark: 'Beside the chapel' });
    journeyApi();
    await openDetails();
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(summary.getByText('Landmark: Beside the chapel')).toBeTruthy();
  });

  it('falls back to the account when the profile cannot be read', async () => {
    signInCustomer(undefined, { referenceId: 'ref-old' });
    journeyApi({
      [PREPAID_ACCOUNT_PATH]: () => failure('subscriber', 1, 'Not verified.', 403),
    });
    await openDetails();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Ana');
  });

  it('update=true starts from what the customer saved: suffix, representative and consents', async () => {
    signInCustomer();
    journeyApi({
      [GET_PROFILE_PATH]: () =>
        ok({
          profile: {
            first_name: 'Ana',
            last_name: 'Reyes-Lim',
            suffix: 'Jr.',
            phone: '639171234567',
            alternate_contact: {
              first_name: 'Ma. Teresa',
              last_name: 'Dela Cruz',
              phone_number: '639189876543',
            },
          },
        }),
      [GET_CONSENTS_PATH]: () =>
        ok({
          consents: [
            {
              kind: 'prepaid_terms',
              granted: true,
              terms_version: '2026-11-01',
              privacy_notice_version: '2026-11-01',
              recorded_at: '2026-11-24T03:00:00.000Z',
            },
          ],
          history: [],
        }),
    });
    await openDetails(`${PAGE}?update=true`);
    expect(personal().getByRole('textbox', { name: 'Last name' })).toHaveProperty(
      'value',
      'Reyes-Lim',
    );
    expect(personal().getByRole('combobox', { name: 'Suffix' })).toHaveProperty('value', 'Jr.');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(representative().getByRole('textbox', { name: 'First name' })).toHaveProperty(
      'value',
      'Ma. Teresa',
    );
    expect(representative().getByRole('textbox', { name: 'Mobile number' })).toHaveProperty(
      'value',
      '09189876543',
    );
    expect(screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: 'Information We Share' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('sends a visitor who is not signed in to sign in, and keeps where to come back to', async () => {
    journeyApi();
    const router = await renderAt(`${PAGE}?update=true`);
    expect(router.state.location.pathname).toBe('/serviceability/signin');
    expect(router.state.location.state).toEqual({
      returnTo: '/serviceability/filloutdetail?update=true',
    });
  });
});

describe('the details page rules (product §5), in the spec order', () => {
  it.each([
    ['', MESSAGE_REQUIRED],
    [' Ana', MESSAGE_EDGE_SPACE],
    ['Ana ', MESSAGE_EDGE_SPACE],
    ['Ana2', MESSAGE_SPECIAL_CHARACTERS],
    ['Ana & Ben', MESSAGE_SPECIAL_CHARACTERS],
  ])('First name %j → %s', async (typed, message) => {
    signInCustomer();
    journeyApi();
    await openDetails();
    const field = personal().getByRole('textbox', { name: 'First name' });
    await typeAndLeave(field, typed);
    expect(messageOf(field)).toBe(message);
  });

  it('takes at most 100 characters in a name (product §9)', async () => {
    signInCustomer();
    journeyApi();
    await openDetails();
    const field = personal().getByRole('textbox', { name: 'First name' });
    await typeAndLeave(field, 'A'.repeat(105));
    expect(field).toHaveProperty('value', 'A'.repeat(100));
  });

  it.each(['Ma. Teresa', 'José', 'Dela Cruz-Santos', 'Niño'])(
    'accepts the name %j as Filipinos write it',
    async (typed) => {
      signInCustomer();
      journeyApi();
      await openDetails();
      const field = personal().getByRole('textbox', { name: 'Last name' });
      await typeAndLeave(field, typed);
      expect(messageOf(field)).toBeNull();
      expect(field.getAttribute('aria-invalid')).toBeNull();
    },
  );

  it.each([
    ['', MESSAGE_REQUIRED],
    [' ana@example.com', MESSAGE_EDGE_SPACE],
    ['ana@', MESSAGE_EMAIL],
    ['ana reyes@example.com', MESSAGE_EMAIL],
  ])('Email %j → %s', async (typed, message) => {
    signInCustomer();
    journeyApi();
    await openDetails();
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await typeAndLeave(field, typed);
    expect(messageOf(field)).toBe(message);
  });

  it.each(['unknown', 'spamtrap', 'abuse', 'do_not_mail', 'invalid', 'something-new'])(
    'the email validation status %s is refused with the email message',
    async (status) => {
      signInCustomer();
      const { calls } = journeyApi({
        [EMAIL_VALIDATION_PATH]: () => ok({ result: { status, sub_status: '', verified: true } }),
      });
      await openDetails();
      const field = screen.getByRole('textbox', { name: 'Email address' });
      await typeAndLeave(field, 'ana@typo-domain.ph');
      await waitFor(() => expect(messageOf(field)).toBe(MESSAGE_EMAIL));
      expect(calls.filter((call) => call.path === EMAIL_VALIDATION_PATH).at(-1)?.body).toEqual({
        email: 'ana@typo-domain.ph',
      });
    },
  );

  it.each([
    ['valid', true],
    ['catch-all', true],
    ['unknown', false],
  ])(
    'status %s with verified=%s is accepted (a service that could not answer never blocks)',
    async (status, verified) => {
      signInCustomer();
      journeyApi({
        [EMAIL_VALIDATION_PATH]: () => ok({ result: { status, sub_status: '', verified } }),
      });
      await openDetails();
      const field = screen.getByRole('textbox', { name: 'Email address' });
      await typeAndLeave(field, 'ana@example.ph');
      await waitFor(() =>
        expect(messageOf(field)).toBe('We send your order confirmation and receipts here.'),
      );
    },
  );

  it('"No" shows the representative, whose number is typed the Filipino way', async () => {
    signInCustomer();
    journeyApi();
    const user = userEvent.setup();
    await openDetails();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const mobile = representative().getByRole('textbox', { name: 'Mobile number' });
    for (const [typed, message] of [
      ['', MESSAGE_REQUIRED],
      ['0917 ABC 4567', MESSAGE_DIGITS_ONLY],
      ['0917 123', MESSAGE_MOBILE],
      ['0917 123 4567 8', MESSAGE_MOBILE],
      ['0817 123 4567', MESSAGE_MOBILE],
    ] as const) {
      await typeAndLeave(mobile, typed);
      expect(messageOf(mobile)).toBe(message);
    }
    for (const typed of ['0917 123 4567', '09171234567', '+63 917 123 4567', '917-123-4567']) {
      await typeAndLeave(mobile, typed);
      expect(mobile.getAttribute('aria-invalid')).toBeNull();
    }
    const firstName = representative().getByRole('textbox', { name: 'First name' });
    await typeAndLeave(firstName, '');
    expect(messageOf(firstName)).toBe(MESSAGE_REQUIRED);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(
      screen.queryByRole('group', { name: 'Nominate an Authorized Representative' }),
    ).toBeNull();
  });

  it('keeps Submit disabled until the forms are valid, and says what is missing', async () => {
    signInCustomer();
    journeyApi();
    const user = userEvent.setup();
    await openDetails();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    const reason = () => document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(reason()?.textContent).toBe(
      'To submit, complete or correct your answer on being present and your agreement to the Prepaid Terms & Conditions.',
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }));
    expect(reason()?.textContent).toBe(
      "To submit, complete or correct your representative's first name, your representative's last name, and your representative's mobile number.",
    );
    await typeAndLeave(representative().getByRole('textbox', { name: 'First name' }), 'Jose');
    await typeAndLeave(representative().getByRole('textbox', { name: 'Last name' }), 'Rizal');
    await typeAndLeave(
      representative().getByRole('textbox', { name: 'Mobile number' }),
      '0918 987 6543',
    );
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(submit.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps what was typed across a refresh (the draft of this tab, for this customer)', async () => {
    signInCustomer();
    journeyApi();
    const user = userEvent.setup();
    await openDetails();
    await typeAndLeave(personal().getByRole('textbox', { name: 'First name' }), 'Ma. Teresa');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await typeAndLeave(representative().getByRole('textbox', { name: 'First name' }), 'José');
    await user.click(screen.getByRole('checkbox', { name: 'Information We Share' }));
    // A refresh: the page is built again from nothing but storage.
    document.body.innerHTML = '';
    await openDetails();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty(
      'value',
      'Ma. Teresa',
    );
    expect(screen.getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(representative().getByRole('textbox', { name: 'First name' })).toHaveProperty(
      'value',
      'José',
    );
    expect(screen.getByRole('checkbox', { name: 'Information We Share' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('does not give one customer the draft another left in the tab', async () => {
    signInCustomer();
    journeyApi({ [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }) });
    window.sessionStorage.setItem(
      'konek.details-draft',
      JSON.stringify({
        userId: 'someone-else',
        values: {
          firstName: 'Pedro',
          lastName: 'Penduko',
          suffix: 'None',
          email: 'pedro@example.com',
          isPresent: 'Yes',
          representative: { firstName: '', lastName: '', mobileNumber: '' },
          consents: { prepaidTerms: true, informationSharing: false },
        },
      }),
    );
    await openDetails();
    expect(personal().getByRole('textbox', { name: 'First name' })).toHaveProperty('value', 'Ana');
  });
});
