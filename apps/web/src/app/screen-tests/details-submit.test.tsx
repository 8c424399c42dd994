import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADD_ADDRESS_PATH,
  GET_ADDRESSES_PATH,
  UPDATE_ADDRESS_PATH,
} from '@konek/contract/address-book';
import { ADD_ACCOUNT_PATH } from '@konek/contract/add-account';
import { GET_AVAILABLE_TIME_SLOTS_PATH } from '@konek/contract/appointments';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { RECORD_CONSENTS_PATH } from '@konek/contract/consents';
import { GET_RESOURCE_PATH, RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { UPDATE_INFO_PATH } from '@konek/contract/update-info';
import { UPDATE_NOTIFICATION_INFO_PATH } from '@konek/contract/update-notification-info';
import { failure, ok } from '../../lib/fake-api-for-tests';
import {
  ACCOUNT_ID,
  CONDOMINIUM,
  EMAIL_VALIDATION_PATH,
  HOUSE,
  RESOURCE,
  USER_ID,
  bodiesSentTo,
  journeyApi,
  signInCustomer,
  slotsFor,
} from '../../lib/journey-fixtures-for-tests';
import { getSession, setSession } from '../../lib/session';
import { readCheckedOutcome } from '../../lib/journey-store';
import { renderAt } from './render-at';

// product §4.3 details submit: every step, in order, and each destination of product §8.

const PAGE = '/serviceability/filloutdetail';

async function openDetails(path = PAGE) {
  const router = await renderAt(path);
  await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 5000 });
  return router;
}

/** The prefilled form (Ana Reyes, her email) made complete: present, terms agreed. */
async function completeAndSubmit() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.click(screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }));
  const submit = screen.getByRole('button', { name: 'Submit' });
  await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  await user.click(submit);
}

async function arrivesAt(router: Awaited<ReturnType<typeof renderAt>>, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 5000 });
}

const ORDER = [
  ADD_ADDRESS_PATH,
  UPDATE_INFO_PATH,
  UPDATE_NOTIFICATION_INFO_PATH,
  RECORD_CONSENTS_PATH,
  GET_RESOURCE_PATH,
  RESERVE_RESOURCE_PATH,
  GET_AVAILABLE_TIME_SLOTS_PATH,
];

describe('the details submit (product §4.3)', () => {
  it('saves the address, details, email and consents, reserves the network and goes to schedule', async () => {
    signInCustomer();
    const { calls } = journeyApi();
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/schedule');
    const journeyCalls = calls.map((call) => call.path).filter((path) => ORDER.includes(path));
    expect(journeyCalls).toEqual(ORDER);
    // product §5: ampersands escaped, an empty village sent as "none", an empty landmark left out.
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)[0]).toEqual({
      parts: {
        province: 'Metro Manila',
        city: 'City of Las Piñas',
        barangay: 'Almanza Uno',
        barangay_code: '1380100001',
        zip_code: '1750',
        latitude: 14.45056,
        longitude: 120.98278,
        region_description: 'National Capital Region (NCR)',
        house_number: '12',
        street: 'Rizal &amp; Mabini St.',
        village: 'none',
      },
      type: 4,
      target_id: ACCOUNT_ID,
      target_type: 2,
    });
    expect(bodiesSentTo(calls, UPDATE_INFO_PATH)[0]).toEqual({
      first_name: 'Ana',
      last_name: 'Reyes',
      phone: '639171234567',
      suffix: 'None',
      alternate_contact: null,
      target_id: USER_ID,
      target_type: 3,
    });
    expect(bodiesSentTo(calls, UPDATE_NOTIFICATION_INFO_PATH)[0]).toEqual({
      notification_identifier: 'ana.reyes@example.com',
      notification_identifier_type: 'email',
      target_id: USER_ID,
      target_type: 3,
    });
    expect(bodiesSentTo(calls, RECORD_CONSENTS_PATH)[0]).toEqual({
      prepaid_terms: true,
      information_sharing: false,
      terms_version: '2026-11-01',
      privacy_notice_version: '2026-11-01',
      target_id: USER_ID,
      target_type: 3,
    });
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)[0]).toMatchObject({
      customer: { first_name: 'Ana', last_name: 'Reyes' },
      target_id: ACCOUNT_ID,
      target_type: 2,
    });
    // The stored context records the reservation (product §3 resourceBook) and the step reached.
    const saved = bodiesSentTo(calls, CLIENT_STORAGE_ADD_PATH).at(-1) as {
      data: Record<string, unknown>;
    };
    expect(saved.data).toMatchObject({
      journey_path: '/serviceability/schedule',
      resourceBook: { external_order_id: 'EO-1', external_order_action_id: 'EOA-1' },
    });
    expect(getSession()?.journey?.resourceBook).toBeTruthy();
  });

  it("sends the house form's landmark with the address and the reservation (product §4.3 step 7)", async () => {
    signInCustomer({ ...HOUSE, landmark: 'Beside the chapel & bakery' });
    const { calls } = journeyApi();
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/schedule');
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)[0]).toMatchObject({
      parts: { house_number: '12', landmark: 'Beside the chapel &amp; bakery' },
    });
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)[0]).toMatchObject({
      address: { house_number: '12', landmark: 'Beside the chapel &amp; bakery' },
    });
  });

  it('sends the representative as 639 + the 9 digits after 09, and a building landmark as "none"', async () => {
    signInCustomer(CONDOMINIUM);
    const { calls } = journeyApi();
    const user = userEvent.setup();
    const router = await openDetails();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const group = within(
      screen.getByRole('group', { name: 'Nominate an Authorized Representative' }),
    );
    await user.type(group.getByRole('textbox', { name: 'First name' }), 'Ma. Teresa');
    await user.type(group.getByRole('textbox', { name: 'Last name' }), 'Dela Cruz-Santos');
    await user.type(group.getByRole('textbox', { name: 'Mobile number' }), '+63 918 987 6543');
    await user.tab();
    await user.click(screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Information We Share' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await arrivesAt(router, '/serviceability/schedule');
    expect(bodiesSentTo(calls, UPDATE_INFO_PATH)[0]).toMatchObject({
      alternate_contact: {
        first_name: 'Ma. Teresa',
        last_name: 'Dela Cruz-Santos',
        phone_number: '639189876543',
      },
    });
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)[0]).toMatchObject({
      parts: {
        building_name: 'Avida Towers',
        floor: '12/F',
        unit_no: '12-B',
        street: 'Alabang-Zapote Road',
        landmark: 'none',
      },
    });
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)[0]).toMatchObject({
      address: { building_name: 'Avida Towers', landmark: 'none' },
    });
    expect(bodiesSentTo(calls, RECORD_CONSENTS_PATH)[0]).toMatchObject({
      information_sharing: true,
    });
  });

  it('creates the account when there is none, and stays on the page when none comes back', async () => {
    signInCustomer();
    const session = getSession()!;
    setSession({ ...session, accountId: undefined });
    const { calls } = journeyApi({ [ADD_ACCOUNT_PATH]: () => failure('common', 500, 'Oops', 500) });
    const router = await openDetails();
    await completeAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't set up your account just now. Please try again.",
    );
    expect(router.state.location.pathname).toBe(PAGE);
    expect(bodiesSentTo(calls, ADD_ACCOUNT_PATH)).toHaveLength(1);
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)).toHaveLength(0);
  });

  it('a refused address goes to addresserror, which offers to try again', async () => {
    signInCustomer();
    journeyApi({ [ADD_ADDRESS_PATH]: () => failure('common', 500, 'Oops', 500) });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/addresserror');
    await screen.findByRole('heading', { level: 1, name: "We couldn't save your address" });
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(PAGE);
    expect(screen.getByRole('link', { name: 'Edit my address' }).getAttribute('href')).toBe(
      '/serviceability',
    );
  });

  it('update=true updates the first saved address (id, hierarchy 1) instead of adding one', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [GET_ADDRESSES_PATH]: () =>
        ok({
          addresses: [
            {
              id: 'address-7',
              type: 4,
              parts: {
                province: 'Metro Manila',
                city: 'City of Las Piñas',
                barangay: 'Almanza Uno',
                barangay_code: '1380100001',
                zip_code: '1750',
                latitude: 14.45,
                longitude: 120.98,
                region_description: 'National Capital Region (NCR)',
                house_number: '7',
                street: 'Old Street',
                village: 'none',
              },
              created_at: '2026-11-01T00:00:00.000Z',
              updated_at: '2026-11-01T00:00:00.000Z',
            },
          ],
        }),
      [GET_RESOURCE_PATH]: () => ok({ resource: RESOURCE }),
    });
    const router = await openDetails(`${PAGE}?update=true`);
    expect(screen.getByText(/You are updating the details of your order/)).toBeTruthy();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/schedule');
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)).toHaveLength(0);
    expect(bodiesSentTo(calls, UPDATE_ADDRESS_PATH)[0]).toMatchObject({
      id: 'address-7',
      hierarchy: 1,
      type: 4,
    });
  });

  it('an installation already booked goes straight to pay', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [GET_RESOURCE_PATH]: () =>
        ok({ resource: { ...RESOURCE, external_appointment_id: 'appointment-1' } }),
    });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/pay');
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)).toHaveLength(0);
    expect(getSession()?.journey?.appointment_booking).toBe(true);
  });

  it('a network already reserved goes to schedule without reserving again', async () => {
    signInCustomer();
    const { calls } = journeyApi({ [GET_RESOURCE_PATH]: () => ok({ resource: RESOURCE }) });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/schedule');
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)).toHaveLength(0);
  });

  it('a full network goes to locationerror, offers to be told, and claims coverage no more', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [RESERVE_RESOURCE_PATH]: () =>
        failure('resource', 4, 'The fibre network near this address is full right now.', 409),
    });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/locationerror');
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)).toHaveLength(1);
    expect(
      await screen.findByText(/The fibre network near your home has no free connection right now/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notify me' }).getAttribute('href')).toBe(
      '/serviceability/notifyme',
    );
    // Forgotten by the page's effect, which runs after the page is on screen.
    await waitFor(() => expect(readCheckedOutcome()?.result).toBeNull());
  });

  it('tries the reservation 3 times, 1 s apart, while the server fails, then goes to locationerror', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [RESERVE_RESOURCE_PATH]: () => failure('common', 500, 'Oops', 500),
    });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/locationerror');
    expect(bodiesSentTo(calls, RESERVE_RESOURCE_PATH)).toHaveLength(3);
    expect((await screen.findByRole('link', { name: 'Try again' })).getAttribute('href')).toBe(
      PAGE,
    );
  }, 15_000);

  it('slots that cannot be fetched go to scheduleerror', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => failure('common', 500, 'Oops', 500),
    });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/scheduleerror');
    expect(bodiesSentTo(calls, GET_AVAILABLE_TIME_SLOTS_PATH)).toHaveLength(3);
  }, 15_000);

  it.each([
    ['none at all', {}],
    [
      'none in a morning or an afternoon',
      { evening: { start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T12:00:00Z' } },
    ],
  ])('slots %s go to noavailableslots', async (_name, timeSlots) => {
    signInCustomer();
    journeyApi({ [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: timeSlots }) });
    const router = await openDetails();
    await completeAndSubmit();
    await arrivesAt(router, '/serviceability/noavailableslots');
  });

  it('an email the validation refuses stops the submit on the field', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [EMAIL_VALIDATION_PATH]: () =>
        ok({ result: { status: 'do_not_mail', sub_status: 'disposable', verified: true } }),
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: slotsFor([{ date: '2026-12-01' }]) }),
    });
    const router = await openDetails();
    await completeAndSubmit();
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(document.activeElement).toBe(field), { timeout: 5000 });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe(PAGE);
    expect(bodiesSentTo(calls, ADD_ADDRESS_PATH)).toHaveLength(0);
  });

  it('a failed details save stays on the page and can be sent again', async () => {
    signInCustomer();
    let attempts = 0;
    journeyApi({
      [UPDATE_INFO_PATH]: () => {
        attempts += 1;
        return attempts === 1
          ? failure('common', 500, 'Oops', 500)
          : ok({
              profile: {
                first_name: 'Ana',
                last_name: 'Reyes',
                suffix: null,
                phone: '639171234567',
                alternate_contact: null,
              },
            });
      },
    });
    const user = userEvent.setup();
    const router = await openDetails();
    await completeAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't save your details just now. Please try again.",
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await arrivesAt(router, '/serviceability/schedule');
  });
});
