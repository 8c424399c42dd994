import { slotAlertCall } from '@konek/contract/slot-alert';
import { call } from '../../../lib/call';

/** ADR 044: ask to be told by SMS when a place opens in the installation area (one request per account). */
export function requestSlotAlert(accountId: string) {
  return call(slotAlertCall, { target_id: accountId });
}
