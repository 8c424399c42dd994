import {
  ADDRESS_HIERARCHY,
  addAddressCall,
  getAddressesCall,
  updateAddressCall,
  type TAddressParts,
  type TAddressReply,
} from '@konek/contract/address-book';
import { ADDRESS_TYPE } from '@konek/contract/constants';
import { call, type CallResult } from '../../../lib/call';

/**
 * product §4.3 step 3: add the installation address, or in update mode (product §2.4 update=true) update
 * the account's first saved address (get_addresses, then update_address with its id and hierarchy 1).
 * An account without a saved address in update mode gets it added. add_address answers the account's one
 * installation address when it has one (ADR 031), so pressing Submit again never makes a second.
 */
export async function saveInstallationAddress(
  accountId: string,
  parts: TAddressParts,
  isUpdate: boolean,
): Promise<CallResult<TAddressReply>> {
  const target = { target_id: accountId } as const;
  if (isUpdate) {
    const saved = await call(getAddressesCall, { address_type: ADDRESS_TYPE, ...target });
    const first = saved.ok ? saved.reply.addresses[0] : undefined;
    if (first) {
      return call(updateAddressCall, {
        parts,
        type: ADDRESS_TYPE,
        id: first.id,
        hierarchy: ADDRESS_HIERARCHY,
        ...target,
      });
    }
  }
  return call(addAddressCall, { parts, type: ADDRESS_TYPE, ...target });
}
