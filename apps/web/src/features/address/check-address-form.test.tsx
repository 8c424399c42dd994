import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { GEOCODE_SEARCH_PATH } from '@konek/contract/geocode';
import { getAddressesPath } from '@konek/contract/get-addresses';
import {
  MESSAGE_EDGE_SPACE,
  MESSAGE_INVALID_PLACE,
  MESSAGE_REQUIRED_ADDRESS,
  MESSAGE_SPECIAL_CHARACTERS,
} from '@konek/contract/validation';
import { failure, ok, stubApi, type FakeCall } from '../../lib/fake-api-for-tests';
import { ADDRESS_STORAGE_KEY, readSavedAddress, type TSavedAddress } from '../../lib/journey-store';
import {
  addressApi,
  ALMANZA_UNO,
  LAS_PINAS,
  MAKATI,
  METRO_MANILA,
  POBLACION,
  SAMPAGUITA_TOWER_1,
} from './address-fixtures-for-tests';
import { CheckAddressForm } from './check-address-form';

// Leaflet needs a real browser (the e2e tests drive it); here the map is a stand-in that can move the pin.
vi.mock('../../ui/map-picker', () => ({
  MapPicker: ({
    label,
    onPositionChange,
  }: {
    label: string;
    onPositionChange: (position: { lat: number; lng: number }) => void;
  }) => (
    <div role="application" aria-label={label}>
      <button type="button" onClick={() => onPositionChange({ lat: 14.451, lng: 120.983 })}>
        Drag the pin
      </button>
    </div>
  ),
}));

let calls: FakeCall[];

beforeEach(() => {
  calls = stubApi(addressApi()).calls;
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={queryClient}>
            <CheckAddressForm />
          </QueryClientProvider>
        ),
      },
      { path: '/serviceability/loading', element: <h1>Loading screen</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const textbox = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /Pin My Location|Check My Address/ });

async function choose(user: UserEvent, label: string, typed: string, option: string) {
  const input = combobox(label);
  await waitFor(() => expect(input).toHaveProperty('disabled', false));
  await user.click(input);
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseArea(user: UserEvent, city = LAS_PINAS, barangay = ALMANZA_UNO) {
  await choose(user, 'Province', 'metro', METRO_MANILA.address_name);
  await choose(user, 'City', city === LAS_PINAS ? 'las p' : 'makati', city.address_name);
  await choose(user, 'Barangay', barangay.address_name.slice(0, 4), barangay.address_name);
}

async function fillHouse(user: UserEvent) {
  await chooseArea(user);
  await user.click(await screen.findByRole('radio', { name: 'House' }));
  await user.type(textbox('House no.'), '12');
  await user.type(textbox('Street'), 'Mabini Street');
  await user.tab();
}

/** Types `value` into the field (after clearing it) and leaves it, as a customer does. */
async function typeAndBlur(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
  else await user.click(field);
  await user.tab();
}

/** The pin's coordinates as the map step writes them under the map. */
function pinnedCoordinates(): string | null {
  return screen.getByTestId('pinned-location').querySelectorAll('p')[1]?.textContent ?? null;
}

const LAS_PINAS_CENTRE = {
  label: 'Las Piñas City, Metro Manila',
  kind: 'city',
  latitude: 14.45056,
  longitude: 120.98278,
};

function codeOfBody(body: unknown): string | undefined {
  return (body as { address_code?: string } | undefined)?.address_code;
}

/** The address lists as usual, with Almanza Uno's detail at its own point. */
function withAlmanzaUnoAt(
  latitude: number,
  longitude: number,
  pointSource: 'barangay' | 'city' = 'barangay',
) {
  const usual = addressApi()[getAddressesPath('konek')]!;
  return (body: unknown) => {
    const answer = usual(body) as { result: unknown };
    return codeOfBody(body) === ALMANZA_UNO.address_code
      ? {
          ...answer,
          result: {
            ...(answer.result as object),
            latitude,
            longitude,
            point_source: pointSource,
          },
        }
      : answer;
  };
}

/** The field's own message: the text of its error line, if any. */
function messageOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('check-address form (product §2.3, §4.2, §5)', () => {
  it('enables City after Province and Barangay after City, and fills the zip code', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(combobox('City')).toHaveProperty('disabled', true);
    expect(combobox('Barangay')).toHaveProperty('disabled', true);
    await chooseArea(user);
    await waitFor(() => expect(textbox('Zip code')).toHaveProperty('value', '1750'));
    expect(textbox('Zip code')).toHaveProperty('readOnly', true);
    expect(screen.getByText('Mandatory fields')).toBeTruthy();
  });

  it('shows the required message when a select is left empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    await user.click(combobox('Province'));
    await user.tab();
    expect(messageOf(combobox('Province'))).toBe(MESSAGE_REQUIRED_ADDRESS);
  });

  it.each([
    ['House no.', '', MESSAGE_REQUIRED_ADDRESS],
    ['House no.', ' 12', MESSAGE_EDGE_SPACE],
    ['House no.', '12 ', MESSAGE_EDGE_SPACE],
    ['House no.', 'A#1', MESSAGE_SPECIAL_CHARACTERS],
    // Only the first failing rule speaks: a leading space comes before the character rule.
    ['House no.', ' A#1', MESSAGE_EDGE_SPACE],
    ['Street', '', MESSAGE_REQUIRED_ADDRESS],
    ['Street', ' Mabini', MESSAGE_EDGE_SPACE],
    ['Street', 'Mabini; St', MESSAGE_SPECIAL_CHARACTERS],
    ['Village/Subdivision', 'BF@Homes', MESSAGE_SPECIAL_CHARACTERS],
    ['Village/Subdivision', 'BF Homes ', MESSAGE_EDGE_SPACE],
    ['Landmark', 'Beside the chapel ', MESSAGE_EDGE_SPACE],
    ['Landmark', 'Near the 7-Eleven!', MESSAGE_SPECIAL_CHARACTERS],
  ])('House: %s given %j shows "%s" on blur', async (label, value, message) => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user);
    await user.click(await screen.findByRole('radio', { name: 'House' }));
    const field = textbox(label);
    await user.type(field, 'x');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await typeAndBlur(user, field, value);
    expect(messageOf(field)).toBe(message);
  });

  it('accepts valid house values, and an empty Village/Subdivision and Landmark (optional)', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user);
    await user.click(await screen.findByRole('radio', { name: 'House' }));
    await typeAndBlur(user, textbox('House no.'), 'Blk 4 Lot 12-B/2.');
    await typeAndBlur(user, textbox('Street'), 'Niño Street');
    await typeAndBlur(user, textbox('Village/Subdivision'), '');
    await typeAndBlur(user, textbox('Landmark'), '');
    for (const label of ['House no.', 'Street', 'Village/Subdivision', 'Landmark']) {
      expect(textbox(label).getAttribute('aria-invalid')).toBeNull();
    }
  });

  it.each([
    ['Unit No.', '', MESSAGE_REQUIRED_ADDRESS],
    ['Unit No.', ' 12B', MESSAGE_EDGE_SPACE],
    ['Unit No.', '12@B', MESSAGE_SPECIAL_CHARACTERS],
    ['Street', '', MESSAGE_REQUIRED_ADDRESS],
    ['Landmark', ' Lobby B', MESSAGE_EDGE_SPACE],
    ['Landmark', 'Tower <B>', MESSAGE_SPECIAL_CHARACTERS],
  ])('Building: %s given %j shows "%s" on blur', async (label, value, message) => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user, MAKATI, POBLACION);
    await user.click(await screen.findByRole('radio', { name: 'Building' }));
    const field = textbox(label);
    await typeAndBlur(user, field, value);
    expect(messageOf(field)).toBe(message);
  });

  it('keeps submit disabled until the area and the chosen property form are valid', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(submitButton()).toHaveProperty('disabled', true);
    await chooseArea(user);
    // No property type chosen yet: still disabled.
    await screen.findByRole('radio', { name: 'House' });
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: 'House' }));
    await user.type(textbox('House no.'), '12');
    expect(submitButton()).toHaveProperty('disabled', true);
    // Enabled as soon as the last required field is valid, without leaving it.
    await user.type(textbox('Street'), 'Mabini Street');
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(submitButton().textContent).toBe('Pin My Location');
    await user.clear(textbox('House no.'));
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', true));
  });

  it('clears city, barangay, zip code and the property fields when the province changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    await waitFor(() => expect(textbox('Zip code')).toHaveProperty('value', '1750'));
    await choose(user, 'Province', 'benguet', 'Benguet');
    expect(combobox('City')).toHaveProperty('value', '');
    expect(combobox('Barangay')).toHaveProperty('value', '');
    expect(combobox('Barangay')).toHaveProperty('disabled', true);
    expect(textbox('Zip code')).toHaveProperty('value', '');
    expect(screen.queryByRole('radio', { name: 'House' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'House no.' })).toBeNull();
    await choose(user, 'City', 'bag', 'Baguio City');
    expect(combobox('City')).toHaveProperty('value', 'Baguio City');
  });

  it('clears the barangay and the property fields when the city changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    await choose(user, 'City', 'makati', MAKATI.address_name);
    expect(combobox('Barangay')).toHaveProperty('value', '');
    expect(textbox('Zip code')).toHaveProperty('value', '');
    expect(screen.queryByRole('radio', { name: 'House' })).toBeNull();
  });

  it("places the first pin on the barangay's own point, not on the city a map search finds", async () => {
    // Almanza Uno with a point of its own; a map search for the area answers the city's centre, as
    // one does for a barangay its data does not know.
    calls = stubApi(
      addressApi({
        [getAddressesPath('konek')]: withAlmanzaUnoAt(14.4499, 120.9937),
        [GEOCODE_SEARCH_PATH]: () => ok({ places: [LAS_PINAS_CENTRE] }),
      }),
    ).calls;
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    await user.click(submitButton());
    await waitFor(() => expect(pinnedCoordinates()).toBe('14.44990, 120.99370'));
    expect(calls.some((call) => call.path === GEOCODE_SEARCH_PATH)).toBe(false);
  });

  it('searches the map for the barangay when Konek knows only its city’s point, and pins what it finds', async () => {
    const found = {
      label: 'Almanza Uno, Las Piñas City',
      kind: 'barangay',
      latitude: 14.4321,
      longitude: 120.9876,
    };
    calls = stubApi(
      addressApi({
        [getAddressesPath('konek')]: withAlmanzaUnoAt(14.45056, 120.98278, 'city'),
        [GEOCODE_SEARCH_PATH]: () => ok({ places: [found] }),
      }),
    ).calls;
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    await user.click(submitButton());
    await waitFor(() =>
      expect(calls.filter((call) => call.path === GEOCODE_SEARCH_PATH)).toEqual([
        {
          path: GEOCODE_SEARCH_PATH,
          body: { query: 'Almanza Uno, Las Piñas City, Metro Manila', limit: 5 },
        },
      ]),
    );
    // The found place, nudged as every found place is (product §9: 0.0022°), not the city's centre.
    await waitFor(() => expect(pinnedCoordinates()).not.toBe('14.45056, 120.98278'));
    expect(pinnedCoordinates()?.startsWith('14.43')).toBe(true);
  });

  it('searches the map for "barangay, city, province" when the barangay detail cannot be had', async () => {
    calls = stubApi(
      addressApi({
        [getAddressesPath('konek')]: (body) =>
          codeOfBody(body) === ALMANZA_UNO.address_code
            ? failure('common', 8, 'The database is busy.', 503)
            : addressApi()[getAddressesPath('konek')]!(body),
      }),
    ).calls;
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user);
    await user.click(await screen.findByRole('radio', { name: 'House' }));
    await user.click(screen.getByRole('radio', { name: 'Building' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === GEOCODE_SEARCH_PATH)).toEqual([
        {
          path: GEOCODE_SEARCH_PATH,
          body: { query: 'Almanza Uno, Las Piñas City, Metro Manila', limit: 5 },
        },
      ]),
    );
  });

  it("keeps the chosen form's landmark with the address, and over a refresh", async () => {
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    const landmark = textbox('Landmark');
    expect(landmark.getAttribute('aria-required')).toBeNull();
    expect(messageOf(landmark)).toBe('Something near your home that helps our technician find it.');
    await typeAndBlur(user, landmark, "Beside Aling Nena's store & the chapel");
    expect(readSavedAddress()?.landmark).toBe("Beside Aling Nena's store & the chapel");
    // The building form has a landmark of its own; the address keeps the chosen form's.
    await user.click(screen.getByRole('radio', { name: 'Building' }));
    expect(textbox('Landmark')).toHaveProperty('value', '');
    await waitFor(() => expect(readSavedAddress()?.landmark).toBe(''));
    await user.click(screen.getByRole('radio', { name: 'House' }));
    expect(textbox('Landmark')).toHaveProperty('value', "Beside Aling Nena's store & the chapel");
    cleanup();
    renderForm();
    await waitFor(() =>
      expect(textbox('Landmark')).toHaveProperty('value', "Beside Aling Nena's store & the chapel"),
    );
  });

  it('Building Name by keyboard: "Sampaguita", ArrowDown and Enter choose the listed tower', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user, MAKATI, POBLACION);
    await user.click(await screen.findByRole('radio', { name: 'Building' }));
    const input = combobox('Building Name');
    await user.click(input);
    await user.type(input, 'Sampaguita');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      SAMPAGUITA_TOWER_1.buildingName,
      'Sampaguita Residences Tower 2',
      'Use “Sampaguita”',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input).toHaveProperty('value', SAMPAGUITA_TOWER_1.buildingName);
    // A listed building: its street, and no map step.
    expect(textbox('Street')).toHaveProperty('value', 'Ayala Avenue');
  });

  it('opens the map from Pin My Location, locks the form, and Edit unlocks it', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    await user.click(submitButton());
    expect(
      await screen.findByRole('application', { name: 'Map: place the red pin on your home' }),
    ).toBeTruthy();
    expect(screen.getByText('Place the red pin exactly on your home.')).toBeTruthy();
    expect(textbox('House no.')).toHaveProperty('readOnly', true);
    expect(combobox('Province')).toHaveProperty('disabled', true);
    // Disabled through its fieldset.
    expect(screen.getByRole('radio', { name: 'House' }).matches(':disabled')).toBe(true);
    expect(submitButton().textContent).toBe('Check My Address');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('application')).toBeNull();
    expect(textbox('House no.')).toHaveProperty('readOnly', false);
    expect(combobox('Province')).toHaveProperty('disabled', false);
    expect(submitButton().textContent).toBe('Pin My Location');
  });

  it('checks a pinned house: saves the address and goes to the loading screen', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await fillHouse(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Drag the pin' }));
    await user.click(screen.getByRole('button', { name: 'Check My Address' }));
    await screen.findByRole('heading', { name: 'Loading screen' });
    expect(router.state.location.pathname).toBe('/serviceability/loading');
    expect(router.state.location.search).toBe('?lat=14.451&lng=120.983&pilot=true');
    const saved = readSavedAddress();
    expect(saved).toMatchObject({
      radioTypeValue: 'House',
      area: { province: METRO_MANILA, city: LAS_PINAS, barangay: ALMANZA_UNO, zipCode: '1750' },
      house: { houseNo: '12', street: 'Mabini Street', village: '' },
      searchResult: { lat: 14.451, lng: 120.983, details: 'Las Piñas City, Metro Manila' },
      landmark: '',
      regionDescription: 'National Capital Region (NCR)',
      pilot: true,
    });
  });

  it('skips the map for a listed building: the button reads Check My Address at once', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await chooseArea(user, MAKATI, POBLACION);
    await user.click(await screen.findByRole('radio', { name: 'Building' }));
    await choose(user, 'Building Name', 'tower 1', SAMPAGUITA_TOWER_1.buildingName);
    expect(textbox('Street')).toHaveProperty('value', 'Ayala Avenue');
    await user.click(combobox('Floor'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      SAMPAGUITA_TOWER_1.servingFloors,
    );
    await user.click(screen.getByRole('option', { name: '5' }));
    await user.type(textbox('Unit No.'), '12B');
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(submitButton().textContent).toBe('Check My Address');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: 'Loading screen' });
    expect(screen.queryByRole('application')).toBeNull();
    expect(router.state.location.search).toBe(
      `?lat=${SAMPAGUITA_TOWER_1.latitude}&lng=${SAMPAGUITA_TOWER_1.longitude}&pilot=false`,
    );
    expect(readSavedAddress()).toMatchObject({
      radioTypeValue: 'Condominium',
      condominium: {
        buildingName: SAMPAGUITA_TOWER_1.buildingName,
        street: 'Ayala Avenue',
        floor: '5',
        unitNo: '12B',
      },
      searchResult: { details: 'Sampaguita Residences Tower 1, Ayala Avenue' },
    });
  });

  it('lists the building hint last, disabled: choosing it picks nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user, MAKATI, POBLACION);
    await user.click(await screen.findByRole('radio', { name: 'Building' }));
    const input = combobox('Building Name');
    await user.click(input);
    const options = await screen.findAllByRole('option');
    const hint = options.at(-1);
    expect(options).toHaveLength(3);
    expect(hint?.getAttribute('aria-disabled')).toBe('true');
    expect(hint?.textContent).toContain("Can't find your building?");
    expect(within(hint ?? document.body).getByText('Type its name to add it')).toBeTruthy();
    if (hint) await user.click(hint);
    expect(input).toHaveProperty('value', '');
  });

  it('takes a typed building name and floor, and then asks for the pin', async () => {
    const user = userEvent.setup();
    renderForm();
    await chooseArea(user, MAKATI, POBLACION);
    await user.click(await screen.findByRole('radio', { name: 'Building' }));
    await user.click(combobox('Building Name'));
    await user.type(combobox('Building Name'), 'Acacia Court');
    await user.click(screen.getByRole('option', { name: 'Use “Acacia Court”' }));
    await user.type(textbox('Street'), 'Jupiter Street');
    await user.click(combobox('Floor'));
    await user.type(combobox('Floor'), '3A');
    await user.click(screen.getByRole('option', { name: 'Use “3A”' }));
    await user.type(textbox('Unit No.'), '301');
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(submitButton().textContent).toBe('Pin My Location');
  });

  it(`says "${MESSAGE_INVALID_PLACE}" when the position is not a valid place`, async () => {
    const user = userEvent.setup();
    const saved: TSavedAddress = {
      radioTypeValue: 'Condominium',
      area: { province: METRO_MANILA, city: MAKATI, barangay: POBLACION, zipCode: '1210' },
      house: { houseNo: '', street: '', village: '' },
      condominium: {
        buildingName: SAMPAGUITA_TOWER_1.buildingName,
        street: 'Ayala Avenue',
        floor: '5',
        unitNo: '12B',
      },
      searchResult: { lat: 912, lng: 121, details: '' },
      landmark: '',
      regionDescription: '',
      pilot: false,
    };
    window.localStorage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(saved));
    const router = renderForm();
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_INVALID_PLACE);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the form over a refresh (restored from localStorage)', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillHouse(user);
    const first = readSavedAddress();
    expect(first?.house).toEqual({ houseNo: '12', street: 'Mabini Street', village: '' });
    cleanup();
    renderForm();
    await waitFor(() => expect(combobox('Barangay')).toHaveProperty('value', 'Almanza Uno'));
    expect(combobox('Province')).toHaveProperty('value', 'Metro Manila');
    expect(screen.getByRole('radio', { name: 'House' })).toHaveProperty('checked', true);
    expect(textbox('House no.')).toHaveProperty('value', '12');
    await waitFor(() => expect(textbox('Zip code')).toHaveProperty('value', '1750'));
  });

  it('loads the province list once the configuration is known', async () => {
    renderForm();
    await waitFor(() =>
      expect(calls.map((call) => call.body)).toContainEqual({ address_type: 'province' }),
    );
  });
});
