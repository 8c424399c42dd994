import {
  offerSpeedMbps,
  type TOpsOffer,
  type TOpsOfferCategory,
  type TOpsOfferInput,
  type TOpsVoucher,
  type TOpsVoucherRequest,
} from '@konek/contract/ops-offers';
import { DomainError } from '../../platform/domain-error';
import { recordChange, type AuditChange } from '../audit/service';
import type { Db } from '../../platform/db/database';
import type { CatalogDependencies } from './catalog-dependencies';
import {
  existingSharedCategories,
  insertDraftOffer,
  isOwnCategory,
  listAdminOffers,
  lockAdminOffer,
  placeOffer,
  readAdminOffer,
  setOfferStatus,
  updateOffer,
  type AdminOfferRow,
  type OfferFields,
} from './offer-admin-store';
import { listCategories } from './offer-store';
import {
  existingOffers,
  insertVoucher,
  listAdminVouchers,
  retireVoucherRow,
  setVoucherOffers,
  updateVoucher,
  voucherUses,
  type VoucherFields,
  type VoucherUses,
} from './voucher-admin-store';
import { lockVoucher, type VoucherRow } from './voucher-store';

// ADR 091: marketing's offers and vouchers. Each change runs in one transaction that locks the row,
// holds it before and after, and is where the audit record will be written (the `// audit:` lines; until
// the audit module is wired there, `void` marks what it will take). Customers read the catalogue
// from PostgreSQL on every get_offers and pricing call (nothing of it is cached), so a change is theirs
// as soon as it commits.

export type MarketingDependencies = Pick<CatalogDependencies, 'db' | 'clock' | 'cities'>;

/** A row as the audit log keeps it: plain JSON (instants as ISO text). */
const auditState = (row: object | null): Record<string, unknown> | null =>
  row === null ? null : (JSON.parse(JSON.stringify(row)) as Record<string, unknown>);

/** ADR 089: the change's audit row, on the change's own transaction. */
function audit(
  deps: MarketingDependencies,
  tx: Db,
  operatorId: string,
  what: Pick<AuditChange, 'entity' | 'entityId' | 'action'>,
  before: object | null,
  after: object,
): Promise<void> {
  return recordChange(tx, {
    ...what,
    operatorId,
    at: deps.clock.now(),
    before: auditState(before),
    after: auditState(after),
  });
}

/** A 400 naming the field, as a schema failure would (docs/architecture.md, "Bad input"). */
function fieldError(field: string, message: string): DomainError<'common'> {
  return new DomainError(
    'common',
    'VALIDATION_FAILED',
    { errors: [{ field, message }] },
    `${field}: ${message}`,
  );
}

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());
const dateOf = (at: string | null): Date | null => (at === null ? null : new Date(at));

export function opsOfferReply(row: AdminOfferRow): TOpsOffer {
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    speed_mbps: offerSpeedMbps(row),
    less: row.less,
    inclusions: row.inclusions,
    freebies: row.freebies,
    actual_price_centavos: row.actualPriceCentavos,
    final_price_centavos: row.finalPriceCentavos,
    sort_priority: row.sortPriority,
    active_from: iso(row.activeFrom),
    active_until: iso(row.activeUntil),
    category_ids: row.categoryIds,
    city_codes: row.cityCodes,
  };
}

/** Every offer with its status, and the shared categories an offer can be put in. */
export async function marketingOffers(
  deps: MarketingDependencies,
): Promise<{ offers: TOpsOffer[]; categories: TOpsOfferCategory[] }> {
  const [rows, categories] = await Promise.all([listAdminOffers(deps.db), listCategories(deps.db)]);
  return {
    offers: rows.map(opsOfferReply),
    categories: categories
      .filter((category) => !isOwnCategory(category.id))
      .map((category) => ({
        id: category.id,
        name: category.name,
        kind: category.kind,
        city_codes: category.cityCodes,
      })),
  };
}

const offerFields = (input: TOpsOfferInput): OfferFields => ({
  name: input.name,
  less: input.less,
  inclusions: input.inclusions,
  freebies: input.freebies,
  actualPriceCentavos: input.actual_price_centavos,
  finalPriceCentavos: input.final_price_centavos,
  sortPriority: input.sort_priority,
  activeFrom: dateOf(input.active_from),
  activeUntil: dateOf(input.active_until),
});

/** The categories and cities named must exist; a published offer must be sold somewhere. */
async function checkPlacement(
  deps: MarketingDependencies,
  tx: Db,
  input: Pick<TOpsOfferInput, 'category_ids' | 'city_codes'>,
): Promise<{ categoryIds: string[]; cityCodes: string[] }> {
  const categoryIds = [...new Set(input.category_ids)];
  const cityCodes = [...new Set(input.city_codes)];
  const known = await existingSharedCategories(tx, categoryIds);
  const unknownCategory = categoryIds.find((id) => !known.includes(id));
  if (unknownCategory !== undefined) {
    throw fieldError('category_ids', `there is no category ${unknownCategory}.`);
  }
  const unknownCity = cityCodes.find((code) => !deps.cities.has(code));
  if (unknownCity !== undefined) {
    throw fieldError('city_codes', `no city has the code ${unknownCity}.`);
  }
  return { categoryIds, cityCodes };
}

function requireSoldSomewhere(placement: { categoryIds: string[]; cityCodes: string[] }): void {
  if (placement.categoryIds.length === 0 && placement.cityCodes.length === 0) {
    throw fieldError(
      'category_ids',
      'choose where the offer is sold: a category, or the cities of a city special.',
    );
  }
}

/** A new offer, as a draft. */
export async function createOffer(
  deps: MarketingDependencies,
  operatorId: string,
  input: TOpsOfferInput & { id: string },
): Promise<TOpsOffer> {
  return deps.db.transaction(async (tx) => {
    const placement = await checkPlacement(deps, tx, input);
    if (!(await insertDraftOffer(tx, { id: input.id, ...offerFields(input) }))) {
      throw new DomainError('ops', 'OFFER_ID_TAKEN', { field: 'id' });
    }
    await placeOffer(tx, input, placement);
    const after = (await readAdminOffer(tx, input.id))!;
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'offer', entityId: after.id, action: 'create' },
      null,
      after,
    );
    return opsOfferReply(after);
  });
}

async function lockedOffer(tx: Db, id: string): Promise<AdminOfferRow> {
  const before = await lockAdminOffer(tx, id);
  if (!before) throw new DomainError('ops', 'OFFER_NOT_FOUND', { field: 'id' });
  if (before.status === 'retired') throw new DomainError('ops', 'OFFER_RETIRED', { field: 'id' });
  return before;
}

/** Changes a draft or a published offer; a published one changes for customers on commit. */
export async function editOffer(
  deps: MarketingDependencies,
  operatorId: string,
  input: TOpsOfferInput & { id: string },
): Promise<TOpsOffer> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedOffer(tx, input.id);
    const placement = await checkPlacement(deps, tx, input);
    if (before.status === 'published') requireSoldSomewhere(placement);
    await updateOffer(tx, input.id, offerFields(input));
    await placeOffer(tx, input, placement);
    const after = (await readAdminOffer(tx, input.id))!;
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'offer', entityId: after.id, action: 'update' },
      before,
      after,
    );
    return opsOfferReply(after);
  });
}

/** A draft goes on sale (within its window, where it is placed). */
export async function publishOffer(
  deps: MarketingDependencies,
  operatorId: string,
  id: string,
): Promise<TOpsOffer> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedOffer(tx, id);
    if (before.status === 'published') {
      throw new DomainError('ops', 'OFFER_ALREADY_PUBLISHED', { field: 'id' });
    }
    requireSoldSomewhere(before);
    await setOfferStatus(tx, id, 'published');
    const after = (await readAdminOffer(tx, id))!;
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'offer', entityId: id, action: 'publish' },
      before,
      after,
    );
    return opsOfferReply(after);
  });
}

/** The offer is no longer sold; orders that hold it keep it (they keep their own copy of it). */
export async function retireOffer(
  deps: MarketingDependencies,
  operatorId: string,
  id: string,
): Promise<TOpsOffer> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedOffer(tx, id);
    await setOfferStatus(tx, id, 'retired');
    const after = (await readAdminOffer(tx, id))!;
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'offer', entityId: id, action: 'retire' },
      before,
      after,
    );
    return opsOfferReply(after);
  });
}

// ---------------------------------------------------------------------------------------------------
// Vouchers

const NO_USES: VoucherUses = { reserved: 0, spent: 0 };

export function opsVoucherReply(row: VoucherRow, uses: VoucherUses = NO_USES): TOpsVoucher {
  return {
    code: row.code,
    voucher_name: row.voucherName,
    discount_kind: row.discountKind,
    discount_centavos: row.discountCentavos,
    discount_percent: row.discountPercent,
    max_discount_centavos: row.maxDiscountCentavos,
    freebie: row.freebie,
    freebie_3pp: row.freebie3pp,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
    offer_ids: row.offerIds,
    max_uses: row.totalLimit,
    per_account_limit: row.perAccountLimit,
    retired_at: iso(row.retiredAt),
    uses,
  };
}

/** Every voucher with its uses. */
export async function marketingVouchers(deps: MarketingDependencies): Promise<TOpsVoucher[]> {
  const [rows, uses] = await Promise.all([listAdminVouchers(deps.db), voucherUses(deps.db)]);
  return rows.map((row) => opsVoucherReply(row, uses.get(row.code)));
}

/** The code as customers' codes are matched: upper case. */
const voucherCode = (typed: string): string => typed.trim().toUpperCase();

const voucherFields = (input: TOpsVoucherRequest): VoucherFields => ({
  voucherName: input.voucher_name,
  discountKind: input.discount_kind,
  discountCentavos: input.discount_kind === 'amount' ? input.discount_centavos : null,
  discountPercent: input.discount_kind === 'percent' ? input.discount_percent : null,
  maxDiscountCentavos: input.discount_kind === 'percent' ? input.max_discount_centavos : null,
  freebie: input.freebie === null || input.freebie === '' ? null : input.freebie,
  freebie3pp: input.freebie_3pp === null || input.freebie_3pp === '' ? null : input.freebie_3pp,
  validFrom: new Date(input.valid_from),
  validUntil: new Date(input.valid_until),
  perAccountLimit: input.per_account_limit,
  totalLimit: input.max_uses,
});

async function checkVoucherOffers(tx: Db, offerIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(offerIds)];
  const known = await existingOffers(tx, ids);
  const unknown = ids.find((id) => !known.includes(id));
  if (unknown !== undefined) throw fieldError('offer_ids', `there is no offer ${unknown}.`);
  return ids;
}

async function voucherAfter(tx: Db, code: string): Promise<VoucherRow> {
  return (await lockVoucher(tx, code))!;
}

async function usesOf(tx: Db, code: string): Promise<VoucherUses> {
  return (await voucherUses(tx)).get(code) ?? NO_USES;
}

/** A new voucher; a code that exists (retired or not) is refused. */
export async function createVoucher(
  deps: MarketingDependencies,
  operatorId: string,
  input: TOpsVoucherRequest,
): Promise<TOpsVoucher> {
  const code = voucherCode(input.code);
  return deps.db.transaction(async (tx) => {
    const offerIds = await checkVoucherOffers(tx, input.offer_ids);
    if (!(await insertVoucher(tx, { code, ...voucherFields(input) }))) {
      throw new DomainError('ops', 'VOUCHER_CODE_TAKEN', { field: 'code' });
    }
    await setVoucherOffers(tx, code, offerIds);
    const after = await voucherAfter(tx, code);
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'voucher', entityId: code, action: 'create' },
      null,
      after,
    );
    return opsVoucherReply(after);
  });
}

async function lockedVoucher(tx: Db, code: string): Promise<VoucherRow> {
  const before = await lockVoucher(tx, code);
  if (!before) throw new DomainError('ops', 'VOUCHER_NOT_FOUND', { field: 'code' });
  if (before.retiredAt !== null) {
    throw new DomainError('ops', 'VOUCHER_RETIRED', { field: 'code' });
  }
  return before;
}

/** Changes a voucher; its uses stay, so its limit cannot go below them. */
export async function editVoucher(
  deps: MarketingDependencies,
  operatorId: string,
  input: TOpsVoucherRequest,
): Promise<TOpsVoucher> {
  const code = voucherCode(input.code);
  return deps.db.transaction(async (tx) => {
    const before = await lockedVoucher(tx, code);
    const offerIds = await checkVoucherOffers(tx, input.offer_ids);
    if (input.max_uses !== null && input.max_uses < before.redeemedCount) {
      throw fieldError(
        'max_uses',
        `must be at least the ${before.redeemedCount} uses already made or held.`,
      );
    }
    await updateVoucher(tx, code, voucherFields(input));
    await setVoucherOffers(tx, code, offerIds);
    const after = await voucherAfter(tx, code);
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'voucher', entityId: code, action: 'update' },
      before,
      after,
    );
    return opsVoucherReply(after, await usesOf(tx, code));
  });
}

/** The code is refused from now on; orders that hold it keep their discount. */
export async function retireVoucher(
  deps: MarketingDependencies,
  operatorId: string,
  typedCode: string,
): Promise<TOpsVoucher> {
  const code = voucherCode(typedCode);
  return deps.db.transaction(async (tx) => {
    const before = await lockedVoucher(tx, code);
    await retireVoucherRow(tx, code, deps.clock.now());
    const after = await voucherAfter(tx, code);
    await audit(
      deps,
      tx,
      operatorId,
      { entity: 'voucher', entityId: code, action: 'retire' },
      before,
      after,
    );
    return opsVoucherReply(after, await usesOf(tx, code));
  });
}
