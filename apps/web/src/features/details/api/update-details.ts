import { NOTIFICATION_IDENTIFIER_TYPE_EMAIL } from '@konek/contract/get-user';
import { updateInfoCall, type TAlternateContact } from '@konek/contract/update-info';
import { updateNotificationInfoCall } from '@konek/contract/update-notification-info';
import { suffixForSending } from '@konek/contract/validation';
import { call } from '../../../lib/call';

export type PersonalInfo = {
  userId: string;
  firstName: string;
  lastName: string;
  suffix: string;
  /** The account's own number, 63 + 10 digits (read-only on the page). */
  phone: string;
  /** The authorized representative, or null when the customer will be present. */
  alternateContact: TAlternateContact | null;
};

/** product §7.1 update info: names, number, suffix (sent only when allowed, product §5) and representative. */
export function updatePersonalInfo(info: PersonalInfo) {
  const suffix = suffixForSending(info.suffix);
  return call(updateInfoCall, {
    first_name: info.firstName,
    last_name: info.lastName,
    phone: info.phone,
    ...(suffix ? { suffix } : {}),
    alternate_contact: info.alternateContact,
    target_id: info.userId,
  });
}

/** product §7.1 update notification info: the email order news goes to. */
export function updateNotificationEmail(userId: string, email: string) {
  return call(updateNotificationInfoCall, {
    notification_identifier: email,
    notification_identifier_type: NOTIFICATION_IDENTIFIER_TYPE_EMAIL,
    target_id: userId,
  });
}
