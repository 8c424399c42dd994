import { lightFormat } from 'date-fns';
import { type TNonserviceableAddressEvent } from '@konek/contract/submit-events';
import { NOTIFY_ID_TYPE_EMAIL } from '@konek/contract/event-constants';
import {
  condominiumPartsForSending,
  housePartsForSending,
  toInternationalMsisdn,
} from '@konek/contract/validation';
import type { TCheckedAddress } from '../../lib/journey-store';

export type NotifyMeContact = {
  firstName: string;
  lastName: string;
  email: string;
  /** 9 or 10 digits, or empty when not given. */
  mobileNumber: string;
};

export type NotifyEventContext = {
  operatorId: string;
  now: Date;
  pageLocation: string;
  /** The position that was checked. */
  latitude: number;
  longitude: number;
};

/**
 * product §7.1 "unregistered (notify-me)": every field of the nonserviceable_address event. The visitor
 * is identified by email (id_type 101); the middle name and suffix are not asked for, so they are left
 * out; the mobile number is sent with the 63 prefix (product §9) when given. Address parts follow product §5
 * (ampersands as &amp;, an empty village as "none").
 */
export function buildNotifyEvent(
  contact: NotifyMeContact,
  address: TCheckedAddress,
  context: NotifyEventContext,
): TNonserviceableAddressEvent {
  const msisdn = contact.mobileNumber ? toInternationalMsisdn(contact.mobileNumber) : null;
  const base = {
    event_type: 'nonserviceable_address',
    operator_id: context.operatorId,
    epoch_millis: context.now.getTime(),
    day: lightFormat(context.now, 'yyyy-MM-dd'),
    id_type: NOTIFY_ID_TYPE_EMAIL,
    id_value: contact.email,
    first_name: contact.firstName,
    last_name: contact.lastName,
    ...(msisdn ? { msisdn } : {}),
    address_type: address.radioTypeValue,
    province: address.area.province.address_name,
    city: address.area.city.address_name,
    barangay: address.area.barangay.address_name,
    latitude: context.latitude,
    longitude: context.longitude,
    page_location: context.pageLocation,
  } as const;
  if (address.radioTypeValue === 'Condominium') {
    const parts = condominiumPartsForSending({ ...address.condominium, landmark: '' });
    return {
      ...base,
      street: parts.street,
      floor: parts.floor,
      unit_number: parts.unit_no,
      building_name: parts.building_name,
    };
  }
  const parts = housePartsForSending({ ...address.house, landmark: '' });
  return {
    ...base,
    house_number: parts.house_number,
    street: parts.street,
    village: parts.village,
  };
}
