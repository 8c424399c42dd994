import * as z from 'zod';
import { defineCall } from './call';
import { ADDRESS_TYPE, TARGET_TYPE_ACCOUNT, TEXT_MAX_LENGTH } from './constants';
import { envelopeWith } from './envelope';
import { accountTargetFields } from './targets';
import {
  RULE_ADDRESS_CHARACTERS,
  RULE_HOUSE_NUMBER_CHARACTERS,
  RULE_NO_EDGE_SPACE,
  RULE_REQUIRED_ADDRESS,
  firstFailure,
  maxLengthRule,
  unescapeAmpersands,
  type FieldRule,
} from './validation';

// product §7.1 "add address", "update address" and "get address" (paths of product §7.2 under /api/v3/user):
// the installation address of an account (address type 4). The parts are what the check-address form
// holds, as housePartsForSending / condominiumPartsForSending build them: ampersands sent as &amp;, an
// empty village as "none", a condominium's empty landmark as "none" (product §5). An account keeps one
// installation address: add_address on an account that has one answers that address, updated to the
// parts sent (ADR 031), so a retry or a refresh half-way through the details submit never makes a second.
// ADR 081: the area is accepted as the address lists give it — each level's name or PSGC code — and the
// server finds the barangay; the saved address names it as the lists spell it, with its barangay_code.

export const ADD_ADDRESS_PATH = '/api/v3/user/add_address';
export const UPDATE_ADDRESS_PATH = '/api/v3/user/update_address';
export const GET_ADDRESSES_PATH = '/api/v3/user/get_addresses';

/** product §7.1 update address: "plus id and hierarchy 1". */
export const ADDRESS_HIERARCHY = 1;

/** A text part as sent: the address rules run on what the person typed (ampersands put back). */
function sentText(rules: readonly FieldRule[]) {
  return z
    .string()
    .max(TEXT_MAX_LENGTH * 5)
    .check((ctx) => {
      const message = firstFailure(unescapeAmpersands(ctx.value), rules);
      if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    });
}

const TEXT_MAX = maxLengthRule(TEXT_MAX_LENGTH);
const requiredText = sentText([
  RULE_REQUIRED_ADDRESS,
  RULE_NO_EDGE_SPACE,
  RULE_ADDRESS_CHARACTERS,
  TEXT_MAX,
]);
const optionalText = sentText([RULE_NO_EDGE_SPACE, RULE_ADDRESS_CHARACTERS, TEXT_MAX]);

/**
 * A level of the area as the address lists give it (product §3 area): its address_name, matched within
 * its parent without regard to case or accents, or its address_code.
 */
const areaName = z.string().min(1).max(TEXT_MAX_LENGTH);

/**
 * The barangay's PSGC code (product §3 area barangay address_code). Not in the spec's list: Konek's web
 * app sends it, and a saved address always has it (the server finds it from the names otherwise). Sent
 * with names, it must be the code of the barangay they name.
 */
const ZBarangayCode = z.string().regex(/^\d{9,10}$/);

/** The area and position every address has (product §7.1 add address "parts"). */
const areaParts = {
  province: areaName,
  city: areaName,
  barangay: areaName,
  barangay_code: ZBarangayCode,
  /** Read-only on the form and empty for a few barangays. */
  zip_code: z.string().max(10),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  region_description: z.string().max(TEXT_MAX_LENGTH),
};

export const ZHouseAddressParts = z.strictObject({
  ...areaParts,
  house_number: sentText([
    RULE_REQUIRED_ADDRESS,
    RULE_NO_EDGE_SPACE,
    RULE_HOUSE_NUMBER_CHARACTERS,
    TEXT_MAX,
  ]),
  street: requiredText,
  /** "none" when the customer left it empty. */
  village: optionalText,
  /** Left out when empty. */
  landmark: optionalText.optional(),
});
export type THouseAddressParts = z.infer<typeof ZHouseAddressParts>;

export const ZCondominiumAddressParts = z.strictObject({
  ...areaParts,
  building_name: requiredText,
  floor: requiredText,
  unit_no: requiredText,
  street: requiredText,
  /** "none" when the customer left it empty. */
  landmark: optionalText,
});
export type TCondominiumAddressParts = z.infer<typeof ZCondominiumAddressParts>;

/** A saved address: a house (house_number) or a building (building_name, floor, unit_no). */
export const ZAddressParts = z.union([ZHouseAddressParts, ZCondominiumAddressParts]);
export type TAddressParts = z.infer<typeof ZAddressParts>;

/**
 * The parts as a client sends them (product §7.1 add address, update address, reserve resource): the
 * saved form, barangay_code left to the server. product §7.1 reserve resource lists a village beside a
 * building's parts too; a building has none (product §3 condominium), so it is accepted and not kept.
 */
export const ZSentHouseAddressParts = ZHouseAddressParts.extend({
  barangay_code: ZBarangayCode.optional(),
});
export const ZSentCondominiumAddressParts = ZCondominiumAddressParts.extend({
  barangay_code: ZBarangayCode.optional(),
  village: optionalText.optional(),
});
export const ZSentAddressParts = z.union([ZSentHouseAddressParts, ZSentCondominiumAddressParts]);
export type TSentAddressParts = z.infer<typeof ZSentAddressParts>;

export function isCondominiumParts<P extends TAddressParts | TSentAddressParts>(
  parts: P,
): parts is Extract<P, { building_name: string }> {
  return 'building_name' in parts;
}

export const ZAddAddressRequest = z.object({
  parts: ZSentAddressParts,
  type: z.literal(ADDRESS_TYPE),
  ...accountTargetFields,
});
export type TAddAddressRequest = z.infer<typeof ZAddAddressRequest>;

export const ZUpdateAddressRequest = ZAddAddressRequest.extend({
  id: z.string().min(1).max(64),
  hierarchy: z.literal(ADDRESS_HIERARCHY),
});
export type TUpdateAddressRequest = z.infer<typeof ZUpdateAddressRequest>;

/** A saved address as the account calls answer it. */
export const ZSavedAccountAddress = z.object({
  id: z.string(),
  type: z.number().int(),
  parts: ZAddressParts,
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSavedAccountAddress = z.infer<typeof ZSavedAccountAddress>;

export const ZAddressReply = envelopeWith({ address: ZSavedAccountAddress });
export type TAddressReply = z.infer<typeof ZAddressReply>;

export const ZGetAddressesRequest = z.object({
  address_type: z.literal(ADDRESS_TYPE),
  ...accountTargetFields,
});
export type TGetAddressesRequest = z.infer<typeof ZGetAddressesRequest>;

/** The account's saved addresses of the type asked, first saved first (update=true edits the first). */
export const ZGetAddressesResponse = envelopeWith({ addresses: z.array(ZSavedAccountAddress) });
export type TGetAddressesResponse = z.infer<typeof ZGetAddressesResponse>;

/** The call's one description (ADR 024). */
export const addAddressCall = defineCall({
  path: ADD_ADDRESS_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZAddAddressRequest,
  reply: ZAddressReply,
  // A province, city or barangay the address lists do not have, or that fits more than one.
  errors: ['addressbook.AREA_NOT_FOUND'],
});

export const updateAddressCall = defineCall({
  path: UPDATE_ADDRESS_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZUpdateAddressRequest,
  reply: ZAddressReply,
  errors: ['addressbook.ADDRESS_NOT_FOUND', 'addressbook.AREA_NOT_FOUND'],
});

export const getAddressesCall = defineCall({
  path: GET_ADDRESSES_PATH,
  auth: 'required',
  target: TARGET_TYPE_ACCOUNT,
  request: ZGetAddressesRequest,
  reply: ZGetAddressesResponse,
});
