import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import { ZServiceabilityResult } from '@konek/contract/serviceability-check';
import { PATHS } from '@konek/contract/routes';
import { PROPERTY_TYPES } from '@konek/contract/validation';
import { readParsed, writeJson } from './browser-storage';
import { getSession, subscribeSession } from './session';

// ADR 024: the one journey store. It holds what the customer has chosen on the way to an order — the
// address, the serviceability answer, the city's offers, the chosen offer and slot — and reads the flags
// of product §4.1 from the stored per-user context (product §3, kept on the server by session-journey.ts and
// held in the session). Screens read it; only it writes the journey's browser storage:
// - the address, the city's offers, the offer and the slot live in localStorage, so a refresh keeps the
//   form (product §2.3 step 9) and later steps read the same records;
// - the latest serviceability answer lives in localStorage with the address it was for, so a refresh or
//   a deep link in a new tab knows it, and lib/coverage.ts decides whether it still holds.

import {
  ADDRESS_STORAGE_KEY,
  CHOSEN_OFFER_STORAGE_KEY,
  CITY_OFFERS_STORAGE_KEY,
  CHOSEN_SLOT_STORAGE_KEY,
  SERVICEABILITY_STORAGE_KEY,
  PAYMENT_STORAGE_KEY,
  JOURNEY_STORAGE_KEYS,
} from './storage-keys';

export {
  ADDRESS_STORAGE_KEY,
  CHOSEN_OFFER_STORAGE_KEY,
  CITY_OFFERS_STORAGE_KEY,
  CHOSEN_SLOT_STORAGE_KEY,
  SERVICEABILITY_STORAGE_KEY,
  PAYMENT_STORAGE_KEY,
};

const ZAddressOption = z.object({ address_name: z.string(), address_code: z.string() });

const ZSearchResult = z.object({
  lat: z.number(),
  lng: z.number(),
  /** The reverse-geocoded text of the pinned place (product §2.3 step 10). */
  details: z.string(),
});

/** product §3 address form; a form still being filled has nulls and empty strings. */
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

/** The saved address, or null when there is none or it is not in the expected shape. */
export function readSavedAddress(storage: Storage = window.localStorage): TSavedAddress | null {
  return readParsed(storage, ADDRESS_STORAGE_KEY, ZSavedAddress);
}

/** The saved address when it was submitted complete (product §2.3 step 9), else null. */
export function readCheckedAddress(storage: Storage = window.localStorage): TCheckedAddress | null {
  return readParsed(storage, ADDRESS_STORAGE_KEY, ZCheckedAddress);
}

export function saveAddress(address: TSavedAddress, storage: Storage = window.localStorage): void {
  writeJson(storage, ADDRESS_STORAGE_KEY, address);
  changed();
}

/** The pages a plan is chosen on: the special offer, or all the city's plans. */
export const PLAN_PAGES = [PATHS.specialOffer, PATHS.prepaid] as const;

/** The offer the customer chose; prices are not kept: the pay step asks the server again. */
export const ZChosenOffer = z.object({
  offerId: z.string().min(1),
  name: z.string(),
  /** The city (PSGC address_code) the offer was chosen for. */
  cityCode: z.string().nullable(),
  /**
   * The page it was chosen on, where Back from the details step returns; absent in a choice kept before
   * it was recorded, which reads as the plans page.
   */
  chosenOn: z.enum(PLAN_PAGES).optional(),
});
export type TChosenOffer = z.infer<typeof ZChosenOffer>;

export function readChosenOffer(storage: Storage = window.localStorage): TChosenOffer | null {
  return readParsed(storage, CHOSEN_OFFER_STORAGE_KEY, ZChosenOffer);
}

export function saveChosenOffer(offer: TChosenOffer, storage: Storage = window.localStorage): void {
  writeJson(storage, CHOSEN_OFFER_STORAGE_KEY, offer);
  changed();
}

/** The page the chosen plan was picked on (the plans page when none is known). */
export function planPageOf(offer: TChosenOffer | null): (typeof PLAN_PAGES)[number] {
  return offer?.chosenOn ?? PATHS.prepaid;
}

/** product §4.2: choosing a city loads its offers; what the routing after the check needs of them. */
export const ZCityOffersSummary = z.object({
  cityCode: z.string().min(1),
  hasSpecialOffer: z.boolean(),
});
export type TCityOffersSummary = z.infer<typeof ZCityOffersSummary>;

export function readCityOffersSummary(
  storage: Storage = window.localStorage,
): TCityOffersSummary | null {
  return readParsed(storage, CITY_OFFERS_STORAGE_KEY, ZCityOffersSummary);
}

export function saveCityOffersSummary(
  summary: TCityOffersSummary,
  storage: Storage = window.localStorage,
): void {
  writeJson(storage, CITY_OFFERS_STORAGE_KEY, summary);
  changed();
}

/** product §4.4: the installation slot chosen on the schedule step. */
export const ZChosenSlot = z.object({
  timeSlotId: z.string().min(1),
  /** ISO 8601 start and end of the slot. */
  start: z.string(),
  end: z.string(),
});
export type TChosenSlot = z.infer<typeof ZChosenSlot>;

export function readChosenSlot(storage: Storage = window.localStorage): TChosenSlot | null {
  return readParsed(storage, CHOSEN_SLOT_STORAGE_KEY, ZChosenSlot);
}

export function saveChosenSlot(slot: TChosenSlot, storage: Storage = window.localStorage): void {
  writeJson(storage, CHOSEN_SLOT_STORAGE_KEY, slot);
  changed();
}

/**
 * The latest serviceability answer and the address it was given for (product §2.3 step 9). Only an
 * answer for the address as it stands now may be shown as a claim (lib/coverage.ts). `result` is null
 * when the address came back from the customer's stored context (checked on another device or earlier):
 * this browser does not have that answer, so it is asked again before anything is claimed.
 */
export const ZCheckedOutcome = z.object({
  address: ZCheckedAddress,
  result: ZServiceabilityResult.nullable(),
  /** Epoch ms of the answer; 0 for an answer this browser never saw. */
  checkedAt: z.number(),
});
export type TCheckedOutcome = z.infer<typeof ZCheckedOutcome>;

export function saveCheckedOutcome(
  outcome: TCheckedOutcome,
  storage: Storage = window.localStorage,
): void {
  writeJson(storage, SERVICEABILITY_STORAGE_KEY, outcome);
  changed();
}

/** A failed check leaves no answer behind: an earlier one must not stand in for it. */
export function clearCheckedOutcome(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(SERVICEABILITY_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
  changed();
}

/**
 * An address from the customer's stored context (checked earlier, maybe on another device) becomes the
 * journey's address; its answer is not known here, so coverage asks again before claiming anything.
 */
export function restoreAddress(address: TCheckedAddress): void {
  saveAddress(address);
  saveCheckedOutcome({ address, result: null, checkedAt: 0 });
}

/**
 * The server has since contradicted the stored "available" answer (the network near the home filled up,
 * product §4.3 step 7): nothing is claimed until the address is checked again (ADR 030).
 */
export function askCoverageAgain(address: TCheckedAddress): void {
  saveCheckedOutcome({ address, result: null, checkedAt: 0 });
}

export function readCheckedOutcome(storage: Storage = window.localStorage): TCheckedOutcome | null {
  return readParsed(storage, SERVICEABILITY_STORAGE_KEY, ZCheckedOutcome);
}

/**
 * The order Confirm and Pay last made and its payment (ADR 045): the result pages read it when the wallet's
 * return URL is not in front of them (a bookmark, a new tab), and Try again starts from the same codes.
 * Ids only — the order's state and amounts are always asked of the server.
 */
export const ZPaymentRecord = z.object({
  orderId: z.string().min(1),
  paymentSessionId: z.string().min(1).nullable(),
  /** The user the order was made for: another customer signing in on this browser does not see it. */
  userId: z.string().min(1),
  voucherCodes: z.array(z.string()),
  referralCode: z.string().nullable(),
  /** Epoch ms of the Confirm and Pay that made it. */
  at: z.number(),
});
export type TPaymentRecord = z.infer<typeof ZPaymentRecord>;

/** The latest payment record of `userId`, or null. */
export function readPaymentRecord(
  userId: string,
  storage: Storage = window.localStorage,
): TPaymentRecord | null {
  const record = readParsed(storage, PAYMENT_STORAGE_KEY, ZPaymentRecord);
  return record?.userId === userId ? record : null;
}

export function savePaymentRecord(
  record: TPaymentRecord,
  storage: Storage = window.localStorage,
): void {
  writeJson(storage, PAYMENT_STORAGE_KEY, record);
  changed();
}

/** product §4.1: the flags that gate the flow, from the signed-in customer's stored context. */
export type JourneyFlags = {
  OTP_Verification: boolean;
  order_Create: boolean;
  appointment_booking: boolean;
  /** The details step reserved the network for the address (product §3 resourceBook). */
  resourceBook: boolean;
};

export function readJourneyFlags(): JourneyFlags {
  const context = getSession()?.journey ?? {};
  return {
    OTP_Verification: context.OTP_Verification ?? false,
    order_Create: context.order_Create ?? false,
    appointment_booking: context.appointment_booking ?? false,
    resourceBook: context.resourceBook !== undefined && context.resourceBook !== null,
  };
}

/** Everything the journey holds, as screens read it. */
export type Journey = {
  address: TSavedAddress | null;
  checkedAddress: TCheckedAddress | null;
  serviceability: TCheckedOutcome | null;
  cityOffers: TCityOffersSummary | null;
  offer: TChosenOffer | null;
  slot: TChosenSlot | null;
  flags: JourneyFlags;
};

export function readJourney(): Journey {
  return {
    address: readSavedAddress(),
    checkedAddress: readCheckedAddress(),
    serviceability: readCheckedOutcome(),
    cityOffers: readCityOffersSummary(),
    offer: readChosenOffer(),
    slot: readChosenSlot(),
    flags: readJourneyFlags(),
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: { raw: string; journey: Journey } | null = null;

/** The stored records as text: the snapshot is read again whenever they differ, whoever wrote them. */
function rawRecords(): string {
  try {
    return JOURNEY_STORAGE_KEYS.map((key) => window.localStorage.getItem(key) ?? '').join('\u0000');
  } catch {
    return '';
  }
}

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

// The flags come with the session's stored context: a new context is a new journey snapshot.
subscribeSession(changed);
// Another tab changed the journey (a new address checked there): this tab follows.
if (typeof window !== 'undefined') window.addEventListener('storage', changed);

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentJourney(): Journey {
  const raw = rawRecords();
  if (snapshot?.raw !== raw) snapshot = { raw, journey: readJourney() };
  return snapshot.journey;
}

/** The journey, kept current as the store changes. */
export function useJourney(): Journey {
  return useSyncExternalStore(subscribe, currentJourney);
}
