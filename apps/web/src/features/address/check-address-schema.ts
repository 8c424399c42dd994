import * as z from 'zod';
import {
  barangay,
  city,
  province,
  ZCondominiumForm,
  ZHouseForm,
  ZPropertyType,
  type TAddressOption,
  type TPropertyType,
} from '@konek/contract/validation';
import type { TBarangayDetail } from '@konek/contract/get-addresses';
import type { TSavedAddress } from '../../lib/journey-store';
import { conjunctionList, i18n, msg } from '../../i18n/i18n';

export type Position = { lat: number; lng: number };

/** The check-address form's values (product §3 address form, before the server-derived parts). */
export type CheckAddressValues = {
  area: {
    province: TAddressOption | null;
    city: TAddressOption | null;
    barangay: TAddressOption | null;
  };
  radioTypeValue: TPropertyType | null;
  /** product §3: each property form carries its own landmark; the chosen form's is the one kept. */
  house: { houseNo: string; street: string; village: string; landmark: string };
  condominium: {
    buildingName: string;
    street: string;
    floor: string;
    unitNo: string;
    landmark: string;
  };
  /** The pin (product §3 searchResult lat/lng); its details text is looked up from it. */
  position: Position | null;
};

export const EMPTY_HOUSE: CheckAddressValues['house'] = {
  houseNo: '',
  street: '',
  village: '',
  landmark: '',
};
export const EMPTY_CONDOMINIUM: CheckAddressValues['condominium'] = {
  buildingName: '',
  street: '',
  floor: '',
  unitNo: '',
  landmark: '',
};

type PartResult = { success: boolean; error?: { issues: readonly z.core.$ZodIssue[] } };

/**
 * product §5 address form, with the contract's field rules: province, city and barangay are required (a
 * select's value is null until chosen), a property type must be chosen, and only the chosen property
 * form (house or condominium) is checked. Each field reports its first failing rule only.
 */
export const ZCheckAddressForm = z
  .object({
    area: z.object({
      province: z.custom<TAddressOption | null>().pipe(province),
      city: z.custom<TAddressOption | null>().pipe(city),
      barangay: z.custom<TAddressOption | null>().pipe(barangay),
    }),
    radioTypeValue: z.custom<TPropertyType | null>().pipe(ZPropertyType),
    house: z.object({
      houseNo: z.string(),
      street: z.string(),
      village: z.string(),
      landmark: z.string(),
    }),
    condominium: z.object({
      buildingName: z.string(),
      street: z.string(),
      floor: z.string(),
      unitNo: z.string(),
      landmark: z.string(),
    }),
    // Checked on submit instead (product §4.2: "Sorry,This isn't a valid place.").
    position: z.custom<Position | null>(),
  })
  .check((ctx) => {
    const addIssues = (part: 'house' | 'condominium', result: PartResult) => {
      for (const issue of result.error?.issues ?? []) {
        ctx.issues.push({
          code: 'custom',
          message: issue.message,
          path: [part, ...issue.path],
          input: undefined,
        });
      }
    };
    if (ctx.value.radioTypeValue === 'House') {
      addIssues('house', ZHouseForm.safeParse(ctx.value.house));
    } else if (ctx.value.radioTypeValue === 'Condominium') {
      addIssues('condominium', ZCondominiumForm.safeParse(ctx.value.condominium));
    }
  });

/** The form's fields by path, with their labels, in the order the customer meets them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  'area.province': msg(/*i18n*/ 'Province'),
  'area.city': msg(/*i18n*/ 'City'),
  'area.barangay': msg(/*i18n*/ 'Barangay'),
  'house.houseNo': msg(/*i18n*/ 'House no.'),
  'house.street': msg(/*i18n*/ 'Street'),
  'house.village': msg(/*i18n*/ 'Village/Subdivision'),
  'house.landmark': msg(/*i18n*/ 'Landmark'),
  'condominium.buildingName': msg(/*i18n*/ 'Building Name'),
  'condominium.street': msg(/*i18n*/ 'Street'),
  'condominium.floor': msg(/*i18n*/ 'Floor'),
  'condominium.unitNo': msg(/*i18n*/ 'Unit No.'),
  'condominium.landmark': msg(/*i18n*/ 'Landmark'),
};

/**
 * Why the submit button is disabled, in one sentence (null when nothing is missing): the area first,
 * then the property type, then the chosen form's fields that are empty or not accepted, by label.
 */
export function missingForSubmit(values: CheckAddressValues): string | null {
  const parsed = ZCheckAddressForm.safeParse(values);
  if (parsed.success) return null;
  const paths = new Set(parsed.error.issues.map((issue) => issue.path.join('.')));
  if (paths.has('area.province') || paths.has('area.city') || paths.has('area.barangay')) {
    return i18n._('Choose your province, city and barangay to continue.');
  }
  if (paths.has('radioTypeValue')) return i18n._('Choose House or Building to continue.');
  const fields = Object.keys(FIELD_LABELS)
    .filter((path) => paths.has(path))
    .map((path) => i18n._(FIELD_LABELS[path]!));
  return i18n._('Fill in or correct {fields} to continue.', {
    fields: conjunctionList(fields),
  });
}

/** product §5: submit is enabled only when the area and the chosen property form are valid. */
export function isCheckAddressComplete(values: CheckAddressValues): boolean {
  return ZCheckAddressForm.safeParse(values).success;
}

/** The form as it was left, from the saved address (product §2.3 step 9), or an empty form. */
export function valuesFromSavedAddress(saved: TSavedAddress | null): CheckAddressValues {
  // The address keeps one landmark, the chosen form's (product §3): it goes back into that form.
  const landmarkOf = (type: TPropertyType) =>
    saved?.radioTypeValue === type ? saved.landmark : '';
  return {
    area: {
      province: saved?.area.province ?? null,
      city: saved?.area.city ?? null,
      barangay: saved?.area.barangay ?? null,
    },
    radioTypeValue: saved?.radioTypeValue ?? null,
    house: saved ? { ...saved.house, landmark: landmarkOf('House') } : EMPTY_HOUSE,
    condominium: saved
      ? { ...saved.condominium, landmark: landmarkOf('Condominium') }
      : EMPTY_CONDOMINIUM,
    position: saved?.searchResult
      ? { lat: saved.searchResult.lat, lng: saved.searchResult.lng }
      : null,
  };
}

/** product §3 address form: the values plus what the barangay detail and the pin lookup give. */
export function toSavedAddress(
  values: CheckAddressValues,
  detail: TBarangayDetail | undefined,
  details: string,
): TSavedAddress {
  const { landmark: houseLandmark, ...house } = values.house;
  const { landmark: buildingLandmark, ...condominium } = values.condominium;
  return {
    radioTypeValue: values.radioTypeValue,
    area: { ...values.area, zipCode: detail?.zip_code ?? '' },
    house,
    condominium,
    searchResult: values.position ? { ...values.position, details } : null,
    // product §4.3 step 7: the landmark sent is the house's or the building's, as the type says.
    landmark:
      values.radioTypeValue === 'House'
        ? houseLandmark
        : values.radioTypeValue === 'Condominium'
          ? buildingLandmark
          : '',
    regionDescription: detail?.region_description ?? '',
    pilot: detail?.properties.gfiber_pilot ?? false,
  };
}
