import * as z from 'zod';
import { JOURNEY_CONTEXT_NAME } from '@konek/contract/journey-context';
import type { Db } from '../../platform/db/database';
import { readContext } from '../storage/service';

// ADR 012: the signed-in form of get_offers needs the account's city. Until saved addresses exist
// (add_address, a later issue), it is the city of the address the customer checked, which the journey
// keeps in the stored context (product §3 stored per-user context `address`, product §4.1 "copy the
// serviceability address").

const ZCheckedAddressCity = z.object({
  address: z.object({
    area: z.object({
      city: z.object({ address_code: z.string().regex(/^\d{10}$/) }),
    }),
  }),
});

/** The PSGC code of the city in the user's stored journey address, or null when there is none. */
export async function journeyCityCode(db: Db, userId: string): Promise<string | null> {
  const [stored] = await readContext(db, userId, JOURNEY_CONTEXT_NAME);
  const parsed = ZCheckedAddressCity.safeParse(stored?.value);
  return parsed.success ? parsed.data.address.area.city.address_code : null;
}
