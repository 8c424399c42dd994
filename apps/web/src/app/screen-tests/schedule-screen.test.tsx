import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  GET_APPOINTMENTS_PATH,
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  UPDATE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { SLOT_ALERT_PATH } from '@konek/contract/slot-alert';
import { answeredOnceAllAsked, failure, ok } from '../../lib/fake-api-for-tests';
import {
  ACCOUNT_ID,
  SLOTS,
  USER_ID,
  bodiesSentTo,
  journeyApi,
  signInCustomer,
  slotsFor,
} from '../../lib/journey-fixtures-for-tests';
import { readChosenSlot } from '../../lib/journey-store';
import { getSession, setSession } from '../../lib/session';
import { renderAt } from './render-at';

// product §2.5 / §4.4: the schedule page — the calendar, the periods, Set schedule and where it goes.
// The fixtures' slots: 1 December (morning and afternoon), 2 December (afternoon), 4 December (morning).

const PAGE = '/serviceability/schedule';

async function openSchedule() {
  const router = await renderAt(PAGE);
  await screen.findByRole('grid', {}, { timeout: 5000 });
  return router;
}

/** A hold the customer has on 2 December's afternoon. */
const HELD_APPOINTMENT = {
  appointment_id: 'appointment-9',
  reservation_id: 'reservation-9',
  time_slot: {
    id: '2026-12-02-pm',
    start_time: '2026-12-02T06:00:00Z',
    end_time: '2026-12-02T09:00:00Z',
  },
  activity_type: 'Installation',
  status: 'held',
  expires_at: '2026-12-01T00:00:00.000Z',
};

const day = (name: RegExp) => screen.getByRole('button', { name });
const periodButton = (name: 'Morning' | 'Afternoon') =>
  screen.getByRole('button', { name: new RegExp(`^${name}`) });
const setSchedule = () => screen.getByRole('button', { name: 'Set schedule' });

describe('the schedule page (product §2.5)', () => {
  it('shows the calendar between the earliest and latest slot, open on the first free day', async () => {
    signInCustomer(undefined, { resourceBook: { external_order_id: 'EO-1' } });
    journeyApi();
    await openSchedule();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Schedule installation');
    expect(screen.getByText('Please select an installation date and time below.')).toBeTruthy();
    expect(screen.getByText(/permits/)).toBeTruthy();
    expect(screen.getByText(/mount the modem on a wall/)).toBeTruthy();
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('December 2026');
    // Each day's name says whether it can be booked.
    expect(day(/^Tuesday, December 1, 2026, selected$/)).toBeTruthy();
    expect(day(/^Wednesday, December 2, 2026, installation slots available$/)).toHaveProperty(
      'disabled',
      false,
    );
    expect(day(/^Thursday, December 3, 2026, no installation slots$/)).toHaveProperty(
      'disabled',
      true,
    );
    expect(day(/^Thursday, December 31, 2026, no installation slots$/)).toHaveProperty(
      'disabled',
      true,
    );
    // Bounded: no month before or after the slots.
    expect(
      screen.getByRole('button', { name: 'Previous month' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Next month' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(periodButton('Morning').textContent).toContain('9:00');
    expect(setSchedule()).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/serviceability/filloutdetail',
    );
  });

  it('after a refresh, the stored context is read again and the details step shows as passed', async () => {
    signInCustomer();
    const session = getSession()!;
    setSession({ ...session, journey: undefined });
    journeyApi({
      [CLIENT_STORAGE_GET_PATH]: () =>
        ok({
          result_set: [
            {
              context: 'serviceability',
              value: { resourceBook: { external_order_id: 'EO-1' }, journey_path: PAGE },
              updated_at: '2026-11-24T00:00:00.000Z',
            },
          ],
        }),
    });
    await openSchedule();
    const progress = screen.getByRole('navigation', { name: 'Order progress' });
    await waitFor(() =>
      expect(
        within(progress)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('[data-icon="check"]') !== null),
      ).toEqual([true, true, true, false, false]),
    );
  });

  it('asks for the stored context, the bookings and the slots together, not one after another', async () => {
    signInCustomer();
    setSession({ ...getSession()!, journey: undefined });
    const together = answeredOnceAllAsked({
      [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }),
      [GET_APPOINTMENTS_PATH]: () => ok({ appointments: [] }),
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: SLOTS }),
    });
    const { calls } = journeyApi(together.handlers);
    await openSchedule();
    expect(together.wereAllAskedAtOnce()).toBe(true);
    // No booking: the slots asked for beside the bookings are the ones shown, asked for once.
    expect(bodiesSentTo(calls, GET_AVAILABLE_TIME_SLOTS_PATH)).toEqual([
      { target_id: ACCOUNT_ID, target_type: 2 },
    ]);
  });

  it('after a refresh, a booking found among the reads is fetched for with its id, its day open', async () => {
    signInCustomer();
    setSession({ ...getSession()!, journey: undefined });
    const { calls } = journeyApi({
      [GET_APPOINTMENTS_PATH]: () => ok({ appointments: [HELD_APPOINTMENT] }),
    });
    await openSchedule();
    // The slots the page shows are those fetched with the booking's id (its own place counts as free).
    expect(bodiesSentTo(calls, GET_AVAILABLE_TIME_SLOTS_PATH).at(-1)).toEqual({
      target_id: ACCOUNT_ID,
      target_type: 2,
      appointment_id: 'appointment-9',
    });
    expect(day(/^Wednesday, December 2, 2026, selected$/)).toBeTruthy();
  });

  it('a period without a slot that day is disabled and cannot be chosen; choosing a day resets', async () => {
    signInCustomer();
    journeyApi();
    const user = userEvent.setup();
    await openSchedule();
    await user.click(day(/December 2, 2026/));
    expect(periodButton('Morning')).toHaveProperty('disabled', true);
    expect(periodButton('Morning').textContent).toContain('Fully booked');
    await user.click(periodButton('Morning'));
    expect(periodButton('Morning').getAttribute('aria-pressed')).toBe('false');
    expect(setSchedule()).toHaveProperty('disabled', true);
    await user.click(periodButton('Afternoon'));
    expect(periodButton('Afternoon').getAttribute('aria-pressed')).toBe('true');
    expect(setSchedule()).toHaveProperty('disabled', false);
    await user.click(day(/December 1, 2026/));
    expect(periodButton('Afternoon').getAttribute('aria-pressed')).toBe('false');
    expect(setSchedule()).toHaveProperty('disabled', true);
  });

  it('works by keyboard: arrows move between the days that can be booked, Enter chooses', async () => {
    signInCustomer();
    journeyApi();
    const user = userEvent.setup();
    await openSchedule();
    day(/December 1, 2026/).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day(/December 2, 2026/));
    await user.keyboard('{ArrowRight}');
    // 3 December has no slot: the focus goes on to the 4th.
    expect(document.activeElement).toBe(day(/December 4, 2026/));
    await user.keyboard('{Enter}');
    expect(day(/^Friday, December 4, 2026, selected$/)).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(periodButton('Morning'));
    await user.keyboard('{Enter}');
    expect(periodButton('Morning').getAttribute('aria-pressed')).toBe('true');
    expect(periodButton('Afternoon')).toHaveProperty('disabled', true);
  });

  it('works by keyboard across months: PageDown and PageUp move by a month, to a day that can be booked', async () => {
    signInCustomer();
    journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () =>
        ok({
          time_slots: slotsFor([
            { date: '2026-12-01' },
            { date: '2026-12-04', pm: false },
            { date: '2027-01-04' },
            { date: '2027-01-05', am: false },
          ]),
        }),
    });
    const user = userEvent.setup();
    await openSchedule();
    day(/December 4, 2026/).focus();
    // 4 January can be booked: the month after, same day.
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('January 2027');
    expect(document.activeElement).toBe(day(/^Monday, January 4, 2027, installation slots/));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(day(/^Tuesday, January 5, 2027, selected$/)).toBeTruthy();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('December 2026');
    // 5 December has no slot: the focus lands on a December day that has one.
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(
      /^\w+, December \d+, 2026, installation slots available$/,
    );
  });

  it('Set schedule holds the place, keeps the booked time and goes to pay', async () => {
    signInCustomer();
    const { calls } = journeyApi();
    const user = userEvent.setup();
    const router = await openSchedule();
    await user.click(periodButton('Afternoon'));
    expect(screen.getByText(/^Installation on Tuesday, December 1, 2026, Afternoon/)).toBeTruthy();
    await user.click(setSchedule());
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceability/pay'));
    expect(bodiesSentTo(calls, RESERVE_APPOINTMENT_PATH)).toEqual([
      {
        target_id: ACCOUNT_ID,
        target_type: 2,
        time_slot: {
          id: '2026-12-01-pm',
          start_time: '2026-12-01T06:00:00Z',
          end_time: '2026-12-01T09:00:00Z',
        },
      },
    ]);
    const saved = bodiesSentTo(calls, CLIENT_STORAGE_ADD_PATH).at(-1) as {
      target_id: string;
      data: Record<string, unknown>;
    };
    expect(saved.target_id).toBe(USER_ID);
    expect(saved.data).toMatchObject({
      appointment_booking: true,
      appointmentTime: 'December 01, 2026 - Afternoon - 2:00 PM - 5:00 PM',
      internalAppointmentId: 'appointment-1',
      journey_path: '/serviceability/pay',
    });
    expect(getSession()?.journey?.appointment_booking).toBe(true);
    expect(readChosenSlot()).toEqual({
      timeSlotId: '2026-12-01-pm',
      start: '2026-12-01T06:00:00Z',
      end: '2026-12-01T09:00:00Z',
    });
  });

  it('a slot taken by someone else meanwhile: a clear message and a fresh calendar', async () => {
    signInCustomer();
    let fetches = 0;
    const { calls } = journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => {
        fetches += 1;
        return ok({
          time_slots:
            fetches === 1
              ? slotsFor([{ date: '2026-12-01' }, { date: '2026-12-04', pm: false }])
              : slotsFor([
                  { date: '2026-12-01', am: false },
                  { date: '2026-12-04', pm: false },
                ]),
        });
      },
      [RESERVE_APPOINTMENT_PATH]: () =>
        failure('appointments', 3, 'That installation slot is no longer available.', 409),
    });
    const user = userEvent.setup();
    const router = await openSchedule();
    await user.click(periodButton('Morning'));
    await user.click(setSchedule());
    expect(await screen.findByText(/someone else just booked that time/)).toBeTruthy();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(bodiesSentTo(calls, RESERVE_APPOINTMENT_PATH)).toHaveLength(1);
    await waitFor(() => expect(periodButton('Morning')).toHaveProperty('disabled', true));
    expect(periodButton('Afternoon').getAttribute('aria-pressed')).toBe('false');
    expect(setSchedule()).toHaveProperty('disabled', true);
  });

  it('after a taken time the fresh calendar stays on the chosen day while it has a free place', async () => {
    signInCustomer();
    let fetches = 0;
    journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => {
        fetches += 1;
        return ok({
          time_slots:
            fetches === 1
              ? slotsFor([{ date: '2026-12-01' }, { date: '2026-12-04' }])
              : slotsFor([{ date: '2026-12-01' }, { date: '2026-12-04', am: false }]),
        });
      },
      [RESERVE_APPOINTMENT_PATH]: () =>
        failure('appointments', 3, 'That installation slot is no longer available.', 409),
    });
    const user = userEvent.setup();
    await openSchedule();
    await user.click(day(/December 4, 2026/));
    await user.click(periodButton('Morning'));
    await user.click(setSchedule());
    expect(await screen.findByText(/someone else just booked that time/)).toBeTruthy();
    await waitFor(() => expect(periodButton('Morning')).toHaveProperty('disabled', true));
    expect(day(/^Friday, December 4, 2026, selected$/)).toBeTruthy();
    expect(periodButton('Afternoon')).toHaveProperty('disabled', false);
  });

  it('any other refusal of the reservation goes to servererror after 3 tries', async () => {
    signInCustomer();
    const { calls } = journeyApi({
      [RESERVE_APPOINTMENT_PATH]: () => failure('common', 500, 'Oops', 500),
    });
    const user = userEvent.setup();
    const router = await openSchedule();
    await user.click(periodButton('Morning'));
    await user.click(setSchedule());
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/serviceability/servererror'),
      {
        timeout: 5000,
      },
    );
    expect(bodiesSentTo(calls, RESERVE_APPOINTMENT_PATH)).toHaveLength(3);
  }, 15_000);

  it('moves the booking the customer already holds (update_appointment) and frees its slot in the fetch', async () => {
    signInCustomer(undefined, { internalAppointmentId: 'appointment-9' });
    const { calls } = journeyApi({
      [GET_APPOINTMENTS_PATH]: () => ok({ appointments: [HELD_APPOINTMENT] }),
    });
    const user = userEvent.setup();
    const router = await openSchedule();
    expect(bodiesSentTo(calls, GET_AVAILABLE_TIME_SLOTS_PATH)[0]).toEqual({
      target_id: ACCOUNT_ID,
      target_type: 2,
      appointment_id: 'appointment-9',
    });
    // The calendar opens on the day already booked.
    expect(day(/^Wednesday, December 2, 2026, selected$/)).toBeTruthy();
    // With its period and hours, as the customer booked it.
    expect(
      screen.getByText(
        /^Your installation is booked for Wednesday, December 2, 2026, Afternoon \(2:00\WPM\W+5:00\WPM\)\. Choose/,
      ),
    ).toBeTruthy();
    await user.click(day(/December 4, 2026/));
    await user.click(periodButton('Morning'));
    await user.click(setSchedule());
    await waitFor(() => expect(router.state.location.pathname).toBe('/serviceability/pay'));
    expect(bodiesSentTo(calls, RESERVE_APPOINTMENT_PATH)).toHaveLength(0);
    expect(bodiesSentTo(calls, UPDATE_APPOINTMENT_PATH)[0]).toMatchObject({
      appointment_id: 'appointment-9',
      activity_type: 'Installation',
      target_type: 2,
      time_slot: { id: '2026-12-04-am' },
    });
  });

  it('stops when the customer will not be home and their representative is not complete', async () => {
    signInCustomer();
    window.sessionStorage.setItem(
      'konek.details-draft',
      JSON.stringify({
        userId: USER_ID,
        values: {
          firstName: 'Ana',
          lastName: 'Reyes',
          suffix: 'None',
          email: 'ana@example.com',
          isPresent: 'No',
          representative: { firstName: 'Jose', lastName: '', mobileNumber: '0917 123' },
          consents: { prepaidTerms: true, informationSharing: false },
        },
      }),
    );
    const { calls } = journeyApi();
    const user = userEvent.setup();
    const router = await openSchedule();
    await user.click(periodButton('Morning'));
    await user.click(setSchedule());
    expect(
      await screen.findByText(/your authorized representative’s details are not complete/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit my details' }).getAttribute('href')).toBe(
      '/serviceability/filloutdetail',
    );
    expect(bodiesSentTo(calls, RESERVE_APPOINTMENT_PATH)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(PAGE);
  });
});

describe('the schedule page when there is nothing to choose (product §4.4, §8)', () => {
  it('no slots goes to noavailableslots, which offers to check again', async () => {
    signInCustomer(undefined, {
      resourceBook: { external_order_id: 'EO-1', expires_at: '2099-01-01T00:00:00.000Z' },
    });
    journeyApi({ [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: {} }) });
    const router = await renderAt(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'No installation slots available' });
    expect(router.state.location.pathname).toBe('/serviceability/noavailableslots');
    expect(screen.getByText(/stays reserved for you until January 1/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(PAGE);
  });

  it('on noavailableslots the customer asks to be told when a slot opens, and sees it was saved', async () => {
    signInCustomer(undefined, { resourceBook: { external_order_id: 'EO-1' } });
    let answer: Response | Record<string, unknown> = failure('common', 503, 'Busy', 503);
    const { calls } = journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: {} }),
      [SLOT_ALERT_PATH]: () => answer,
    });
    await renderAt(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'No installation slots available' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tell me when a slot opens' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't save your request just now.",
    );
    answer = ok({ slot_alert: { requested_at: '2026-11-24T00:00:00.000Z', notified_at: null } });
    await user.click(screen.getByRole('button', { name: 'Tell me when a slot opens' }));
    const saved = await screen.findByRole('status');
    expect(saved.textContent).toContain("You're on the list");
    expect(saved.textContent?.replaceAll('\u00a0', ' ')).toContain('0917 123 4567');
    expect(screen.queryByRole('button', { name: 'Tell me when a slot opens' })).toBeNull();
    expect(bodiesSentTo(calls, SLOT_ALERT_PATH)).toEqual([
      { target_id: ACCOUNT_ID, target_type: 2 },
      { target_id: ACCOUNT_ID, target_type: 2 },
    ]);
  });

  it('slots that cannot be fetched go to scheduleerror, which offers to try again', async () => {
    signInCustomer(undefined, { resourceBook: { external_order_id: 'EO-1' } });
    const { calls } = journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () => failure('common', 503, 'Busy', 503),
    });
    const router = await renderAt(PAGE);
    await screen.findByRole(
      'heading',
      { level: 1, name: "We couldn't load installation slots" },
      { timeout: 6000 },
    );
    expect(router.state.location.pathname).toBe('/serviceability/scheduleerror');
    expect(bodiesSentTo(calls, GET_AVAILABLE_TIME_SLOTS_PATH)).toHaveLength(3);
    expect(screen.getByText(/Your fibre connection is reserved/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(PAGE);
  }, 15_000);

  it('without a network reservation it says so and offers to reserve it again', async () => {
    signInCustomer();
    journeyApi({
      [GET_AVAILABLE_TIME_SLOTS_PATH]: () =>
        failure('appointments', 20, 'Your address has no network reservation yet.', 409),
    });
    await renderAt(PAGE);
    expect(await screen.findByText('Your fibre connection is no longer reserved')).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Reserve it again' }).getAttribute('href')).toBe(
      '/serviceability/filloutdetail',
    );
  });
});
