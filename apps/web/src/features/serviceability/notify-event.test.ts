import { describe, expect, it } from 'vitest';
import { ZNonserviceableAddressEvent } from '@konek/contract/submit-events';
import type { TCheckedAddress } from '../../lib/journey-store';
import { buildNotifyEvent } from './notify-event';

const AREA = {
  province: { address_name: 'Benguet', address_code: '1401100000' },
  city: { address_name: 'Baguio City', address_code: '1430300000' },
  barangay: { address_name: 'Ambiong', address_code: '1430300003' },
  zipCode: '2600',
};

const HOUSE: TCheckedAddress = {
  radioTypeValue: 'House',
  area: AREA,
  house: { houseNo: '12-B', street: 'Session Road', village: '' },
  condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
  searchResult: { lat: 16.41, lng: 120.6, details: 'Ambiong, Baguio City, Benguet' },
  landmark: '',
  regionDescription: 'Cordillera Administrative Region (CAR)',
  pilot: false,
};

const CONTEXT = {
  operatorId: 'konek',
  now: new Date(2026, 10, 22, 9, 30),
  pageLocation: 'https://konek.example/serviceability/notifyme',
  latitude: 16.41,
  longitude: 120.6,
};

const CONTACT = {
  firstName: 'Maria',
  lastName: 'Dela Cruz',
  email: 'maria@example.com',
  mobileNumber: '9171234567',
};

describe('buildNotifyEvent (product §7.1 unregistered notify-me)', () => {
  it('fills every field of the event for a house', () => {
    const event = buildNotifyEvent(CONTACT, HOUSE, CONTEXT);
    expect(event).toEqual({
      event_type: 'nonserviceable_address',
      operator_id: 'konek',
      epoch_millis: CONTEXT.now.getTime(),
      day: '2026-11-22',
      id_type: 101,
      id_value: 'maria@example.com',
      first_name: 'Maria',
      last_name: 'Dela Cruz',
      msisdn: '639171234567',
      address_type: 'House',
      province: 'Benguet',
      city: 'Baguio City',
      barangay: 'Ambiong',
      house_number: '12-B',
      street: 'Session Road',
      // product §5: an empty village is sent as "none".
      village: 'none',
      latitude: 16.41,
      longitude: 120.6,
      page_location: CONTEXT.pageLocation,
    });
    expect(ZNonserviceableAddressEvent.safeParse(event).success).toBe(true);
  });

  it('sends the building parts for a condominium, and no msisdn when none was given', () => {
    const address: TCheckedAddress = {
      ...HOUSE,
      radioTypeValue: 'Condominium',
      condominium: { buildingName: 'Pine & Oak', street: 'Leonard Wood', floor: '5', unitNo: '5C' },
    };
    const event = buildNotifyEvent({ ...CONTACT, mobileNumber: '' }, address, CONTEXT);
    expect(event).toMatchObject({
      address_type: 'Condominium',
      // product §5: ampersands are sent as &amp;.
      building_name: 'Pine &amp; Oak',
      street: 'Leonard Wood',
      floor: '5',
      unit_number: '5C',
    });
    expect(event).not.toHaveProperty('msisdn');
    expect(event).not.toHaveProperty('house_number');
    expect(ZNonserviceableAddressEvent.safeParse(event).success).toBe(true);
  });

  it('sends a 9-digit number as 639 plus the digits', () => {
    expect(buildNotifyEvent({ ...CONTACT, mobileNumber: '171234567' }, HOUSE, CONTEXT).msisdn).toBe(
      '639171234567',
    );
  });
});
