import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SUBMIT_EVENTS_UNREGISTERED_PATH } from '@konek/contract/event-constants';
import {
  MESSAGE_EDGE_SPACE,
  MESSAGE_EMAIL,
  MESSAGE_MOBILE,
  MESSAGE_REQUIRED,
  MESSAGE_SPECIAL_CHARACTERS,
} from '@konek/contract/validation';
import { WAITLIST_COUNT_PATH } from '@konek/contract/waitlist-count';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { appRoutes } from '../router';
import { json, ok, stubApi, type FakeHandler } from '../../lib/fake-api-for-tests';
import { saveCheckedOutcome } from '../../lib/journey-store';
import {
  BAGUIO_HOUSE,
  NO_COVERAGE,
  PLANNED,
  storeAddress,
} from '../../features/serviceability/serviceability-fixtures-for-tests';

const WEB_CONFIG = ok({
  map_tile_url: '',
  map_tile_attribution: '',
  oss_segment: 'konek',
  operator_name: 'konek-operator',
  application_id: 'konek-web-test',
});

function api(overrides: Record<string, FakeHandler> = {}) {
  return stubApi({
    [WEB_CONFIG_PATH]: () => WEB_CONFIG,
    [WAITLIST_COUNT_PATH]: () => ok({ requests: 0 }),
    [SUBMIT_EVENTS_UNREGISTERED_PATH]: () => ok({ accepted: 1, waitlist: { requests: 1 } }),
    ...overrides,
  });
}

async function renderNotifyMe(result = NO_COVERAGE) {
  storeAddress(BAGUIO_HOUSE);
  saveCheckedOutcome({ address: BAGUIO_HOUSE, result, checkedAt: Date.now() });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/serviceability/notifyme'] });
  render(<RouterProvider router={router} />);
  // The screen is a lazy chunk: the first visit also transforms its module.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Get notified when fibre arrives' },
    { timeout: 5000 },
  );
  return router;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

function messageOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('/serviceability/notifyme', () => {
  it('says why in plain words and shows the address that was checked', async () => {
    api();
    await renderNotifyMe();
    expect(screen.getByText(/Our fibre network does not reach this address yet\./)).toBeTruthy();
    expect(screen.getByText('12 Session Road, Camp 7')).toBeTruthy();
    expect(screen.getByText('Ambiong, Baguio City, Benguet 2600')).toBeTruthy();
  });

  it('gives the date for a planned area', async () => {
    api();
    await renderNotifyMe(PLANNED);
    expect(screen.getByText('Fibre is coming to your area by March 31, 2027')).toBeTruthy();
  });

  it('shows how many households already asked, when some have', async () => {
    const { calls } = api({ [WAITLIST_COUNT_PATH]: () => ok({ requests: 4 }) });
    await renderNotifyMe();
    expect(await screen.findByText('4 households in Ambiong have asked for fibre')).toBeTruthy();
    expect(calls.find((call) => call.path === WAITLIST_COUNT_PATH)?.body).toEqual({
      province: 'Benguet',
      city: 'Baguio City',
      barangay: 'Ambiong',
    });
  });

  it('shows the optional number with the same example as every other number field', async () => {
    api();
    await renderNotifyMe();
    expect(messageOf(textbox('Mobile number (optional)'))).toBe(
      'We may also text you. For example 0917 123 4567',
    );
  });

  it('validates the contact on blur with the product §5 messages', async () => {
    const user = userEvent.setup();
    api();
    await renderNotifyMe();
    const cases: [string, string, string][] = [
      ['First name', '', MESSAGE_REQUIRED],
      ['First name', 'Ma#ria', MESSAGE_SPECIAL_CHARACTERS],
      ['Last name', '', MESSAGE_REQUIRED],
      ['Email address', 'maria@', MESSAGE_EMAIL],
      ['Email address', ' maria@example.com', MESSAGE_EDGE_SPACE],
      ['Mobile number (optional)', '91712', MESSAGE_MOBILE],
    ];
    for (const [label, value, message] of cases) {
      const field = textbox(label);
      await user.clear(field);
      if (value) await user.type(field, value);
      else await user.click(field);
      await user.tab();
      expect(messageOf(field), `${label} ${JSON.stringify(value)}`).toBe(message);
    }
  });

  it('sends the notify-me event and confirms with the waitlist count', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      [SUBMIT_EVENTS_UNREGISTERED_PATH]: () => ok({ accepted: 1, waitlist: { requests: 3 } }),
    });
    await renderNotifyMe();
    await user.type(textbox('First name'), 'Maria');
    await user.type(textbox('Last name'), 'Dela Cruz');
    await user.type(textbox('Email address'), 'maria@example.com');
    await user.type(textbox('Mobile number (optional)'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText("Thanks! We'll email you when fibre reaches your area."),
    ).toBeTruthy();
    expect(screen.getByText('3 households in Ambiong have asked for fibre')).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Check another address' })[0]?.getAttribute('href'),
    ).toBe('/');
    const sent = calls.find((call) => call.path === SUBMIT_EVENTS_UNREGISTERED_PATH)?.body;
    expect(sent).toMatchObject({
      application_id: 'konek-web-test',
      events: [
        {
          event_type: 'nonserviceable_address',
          operator_id: 'konek-operator',
          id_type: 101,
          id_value: 'maria@example.com',
          first_name: 'Maria',
          last_name: 'Dela Cruz',
          msisdn: '639171234567',
          address_type: 'House',
          province: 'Benguet',
          city: 'Baguio City',
          barangay: 'Ambiong',
          house_number: '12',
          street: 'Session Road',
          village: 'Camp 7',
          latitude: 16.41,
          longitude: 120.6,
          page_location: 'http://localhost:3000/serviceability/notifyme',
        },
      ],
    });
  });

  it('keeps the form and says so when the request fails', async () => {
    const user = userEvent.setup();
    api({
      [SUBMIT_EVENTS_UNREGISTERED_PATH]: () =>
        json({ code: 500, module: 'common', message: 'x' }, 500),
    });
    await renderNotifyMe();
    await user.type(textbox('First name'), 'Maria');
    await user.type(textbox('Last name'), 'Dela Cruz');
    await user.type(textbox('Email address'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "We couldn't save your request just now. Please try again.",
      ),
    );
    expect(textbox('First name')).toHaveProperty('value', 'Maria');
  });

  it('asks to check an address first when there is no answer to explain', async () => {
    api();
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/serviceability/notifyme'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Get notified when fibre arrives' });
    expect(screen.getByRole('link', { name: 'Check my address' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });
});
