import * as z from 'zod';
import { PROPERTY_TYPES } from '@konek/contract/validation';

// spec §2.3 step 9 / ARCHITECTURE §6: the address the customer is checking lives in localStorage, in
// the shape of spec §3's address form, so a refresh keeps the form and later steps (loading, notify-me,
// the details page) read the same record. The check-address form keeps it up to date while it is filled.

export const ADDRESS_STORAGE_KEY = 'konek.address';

const ZAddressOption = z.object({ address_name: z.string(), address_code: z.string() });

const ZSearchResult = z.object({
  lat: z.number(),
  lng: z.number(),
  /** The reverse-geocoded text of the pinned place (spec §2.3 step 10). */
  details: z.string(),
});

/** spec §3 address form; a form still being filled has nulls and empty strings. */
export const ZSavedAddress = z.object({
  radioTypeValue: z.enum(PROPERTY_TYPES).nullable(),
  area: z.object({
    province: ZAddressOption.nullable(),
    city: ZAddressOption.nullable(),
    barangay: ZAddressOption.nullable(),
    zipCode: z.string(),
  }),
  house: z.object({ houseNo: z.string(), street: z.string(), village: z.string() }),
  condominium: z.object({
    street: z.string(),
    floor: z.string(),
    unitNo: z.string(),
    buildingName: z.string(),
  }),
  searchResult: ZSearchResult.nullable(),
  landmark: z.string(),
  regionDescription: z.string(),
  /** properties.gfiber_pilot of the chosen barangay. */
  pilot: z.boolean(),
});
export type TSavedAddress = z.infer<typeof ZSavedAddress>;

/** A submitted address: area, property type and position all known. */
export const ZCheckedAddress = ZSavedAddress.extend({
  radioTypeValue: z.enum(PROPERTY_TYPES),
  area: z.object({
    province: ZAddressOption,
    city: ZAddressOption,
    barangay: ZAddressOption,
    zipCode: z.string(),
  }),
  searchResult: ZSearchResult,
});
export type TCheckedAddress = z.infer<typeof ZCheckedAddress>;

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    // Disabled storage (private browsing) or a value some other code wrote: nothing is saved.
    return undefined;
  }
}

/** The saved address, or null when there is none or it is not in the expected shape. */
export function readSavedAddress(storage: Storage = window.localStorage): TSavedAddress | null {
  const parsed = ZSavedAddress.safeParse(readJson(storage, ADDRESS_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

/** The saved address when it was submitted complete (spec §2.3 step 9), else null. */
export function readCheckedAddress(storage: Storage = window.localStorage): TCheckedAddress | null {
  const parsed = ZCheckedAddress.safeParse(readJson(storage, ADDRESS_STORAGE_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveAddress(address: TSavedAddress, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
  } catch {
    // Storage full or disabled: the journey still works, only a refresh loses the form.
  }
}
