import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAddressCall, getAddressesCall, updateAddressCall } from '@konek/contract/address-book';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import {
  addAddress,
  addressesOf,
  updateSavedAddress,
  type AddressBookDependencies,
} from './service';

const MODULE = 'user';

export type AddressBookPluginOptions = AddressBookDependencies & { auth: Auth };

/** product §7.2 /api/v3/user/add_address, update_address, get_addresses (account target, ADR 031). */
export const addressBookPlugin: FastifyPluginAsyncZod<AddressBookPluginOptions> = async (
  app,
  options,
) => {
  const { auth, ...deps } = options;
  const call = { module: MODULE, auth };

  registerCall(app, addAddressCall, call, async ({ body }) =>
    ok(MODULE, {
      address: await addAddress(deps, {
        accountId: body.target_id,
        type: body.type,
        parts: body.parts,
      }),
    }),
  );

  registerCall(app, updateAddressCall, call, async ({ body }) =>
    ok(MODULE, {
      address: await updateSavedAddress(deps, {
        accountId: body.target_id,
        id: body.id,
        type: body.type,
        parts: body.parts,
      }),
    }),
  );

  registerCall(app, getAddressesCall, call, async ({ body }) =>
    ok(MODULE, { addresses: await addressesOf(deps.db, body.target_id, body.address_type) }),
  );
};
