import {
  isCondominiumParts,
  type TAddressParts,
  type TSavedAccountAddress,
  type TSentAddressParts,
} from '@konek/contract/address-book';
import { ADDRESS_TYPE } from '@konek/contract/constants';
import { unescapeAmpersands } from '@konek/contract/validation';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { resolveArea, type AddressCatalogue } from '../location/service';
import {
  insertAddress,
  listAddresses,
  lockAddress,
  lockAddressOfType,
  updateAddress,
  type StoredAddress,
} from './store';

// ADR 031: an account keeps one installation address (type 4). add_address on an account that has one
// updates it in place and answers the same id, so a retry or a refresh half-way through the details
// submit (product §4.3) never makes a second; update_address names the id. When the parts that decide
// coverage change (the pinned position, the building, the floor), whatever was held for the old place —
// the unpaid network reservation and the installation hold — is given back in the same transaction.

/**
 * Gives back what was held for the account's old place. The composition root hands in the resources and
 * appointments services' releases (they depend on this module, so it cannot import them).
 */
export type PlaceChangeListener = (tx: Db, accountId: string, at: Date) => Promise<void>;

export type AddressBookDependencies = {
  db: Db;
  clock: Clock;
  catalogue: AddressCatalogue;
  onPlaceChanged: PlaceChangeListener;
};

/** Where the installation happens, as far as coverage is concerned. */
export type CoveragePlace = {
  latitude: number;
  longitude: number;
  /** Lower case, spaces collapsed, ampersands as typed; null for a house. */
  building: string | null;
  /** Upper case; null for a house. */
  floor: string | null;
};

/** ~1 cm: the same pin, read back from JSON or the database. */
const SAME_POSITION_DEGREES = 1e-7;

const normalised = (text: string) =>
  unescapeAmpersands(text).normalize('NFC').trim().replaceAll(/\s+/g, ' ');

export function coveragePlaceOf(parts: TAddressParts | TSentAddressParts): CoveragePlace {
  const condominium = isCondominiumParts(parts);
  return {
    latitude: parts.latitude,
    longitude: parts.longitude,
    building: condominium ? normalised(parts.building_name).toLowerCase() : null,
    floor: condominium ? normalised(parts.floor).toUpperCase() : null,
  };
}

export function isSameCoveragePlace(left: CoveragePlace, right: CoveragePlace): boolean {
  return (
    Math.abs(left.latitude - right.latitude) <= SAME_POSITION_DEGREES &&
    Math.abs(left.longitude - right.longitude) <= SAME_POSITION_DEGREES &&
    left.building === right.building &&
    left.floor === right.floor
  );
}

export function toSavedAddress(stored: StoredAddress): TSavedAccountAddress {
  return {
    id: stored.id,
    type: stored.type,
    parts: stored.parts,
    created_at: stored.createdAt.toISOString(),
    updated_at: stored.updatedAt.toISOString(),
  };
}

/**
 * ADR 081: the parts as an address is kept, whichever way the client named its area (names as a person
 * reads the lists, or PSGC codes, with or without barangay_code): the province, city and barangay as
 * the address lists spell them and the barangay's code. A building's village (reserve resource lists
 * one) is not kept: a building has none. A name the lists do not have, or that fits more than one, is
 * refused naming the field under `prefix`.
 */
export function savedPartsOf(
  catalogue: AddressCatalogue,
  sent: TSentAddressParts,
  prefix: string,
): TAddressParts {
  const area = resolveArea(catalogue, sent, prefix);
  const common = {
    province: area.province.name,
    city: area.city.name,
    barangay: area.barangay.name,
    barangay_code: area.barangay.code,
    zip_code: sent.zip_code,
    latitude: sent.latitude,
    longitude: sent.longitude,
    region_description: sent.region_description,
  };
  if (isCondominiumParts(sent)) {
    return {
      ...common,
      building_name: sent.building_name,
      floor: sent.floor,
      unit_no: sent.unit_no,
      street: sent.street,
      landmark: sent.landmark,
    };
  }
  return {
    ...common,
    house_number: sent.house_number,
    street: sent.street,
    village: sent.village,
    ...(sent.landmark === undefined ? {} : { landmark: sent.landmark }),
  };
}

async function changeParts(
  deps: AddressBookDependencies,
  tx: Db,
  stored: StoredAddress,
  parts: TAddressParts,
  at: Date,
): Promise<StoredAddress> {
  const updated = await updateAddress(tx, stored.id, {
    barangayCode: parts.barangay_code,
    parts,
    at,
  });
  if (!isSameCoveragePlace(coveragePlaceOf(stored.parts), coveragePlaceOf(parts))) {
    await deps.onPlaceChanged(tx, stored.accountId, at);
  }
  return updated;
}

/** product §7.1 add address: the account's installation address, created or updated in place. */
export async function addAddress(
  deps: AddressBookDependencies,
  request: { accountId: string; type: number; parts: TSentAddressParts },
): Promise<TSavedAccountAddress> {
  const parts = savedPartsOf(deps.catalogue, request.parts, 'parts');
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const existing = await lockAddressOfType(tx, request.accountId, request.type);
    if (existing) return changeParts(deps, tx, existing, parts, at);
    const created = await insertAddress(tx, {
      accountId: request.accountId,
      type: request.type,
      barangayCode: parts.barangay_code,
      parts,
      at,
    });
    if (created) return created;
    // A request running beside this one made it first: update that one.
    const made = await lockAddressOfType(tx, request.accountId, request.type);
    return changeParts(deps, tx, made!, parts, at);
  });
  return toSavedAddress(saved);
}

/** product §7.1 update address: the caller's address `id`, updated to the parts sent. */
export async function updateSavedAddress(
  deps: AddressBookDependencies,
  request: { accountId: string; id: string; type: number; parts: TSentAddressParts },
): Promise<TSavedAccountAddress> {
  const parts = savedPartsOf(deps.catalogue, request.parts, 'parts');
  const at = deps.clock.now();
  const saved = await deps.db.transaction(async (tx) => {
    const stored = await lockAddress(tx, request.accountId, request.id);
    if (!stored || stored.type !== request.type) {
      throw new DomainError('addressbook', 'ADDRESS_NOT_FOUND', { field: 'id' });
    }
    return changeParts(deps, tx, stored, parts, at);
  });
  return toSavedAddress(saved);
}

/** product §7.1 get address: the account's addresses of `type`, first saved first. */
export async function addressesOf(
  db: Db,
  accountId: string,
  type?: number,
): Promise<TSavedAccountAddress[]> {
  return (await listAddresses(db, accountId, type)).map(toSavedAddress);
}

/** The account's installation address (type 4), or undefined before add_address. */
export async function installationAddressOf(
  db: Db,
  accountId: string,
): Promise<TSavedAccountAddress | undefined> {
  return (await addressesOf(db, accountId, ADDRESS_TYPE))[0];
}
