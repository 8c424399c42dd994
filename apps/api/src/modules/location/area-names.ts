import { unescapeAmpersands } from '@konek/contract/validation';
import type { BarangayRow, CityRow, ProvinceRow } from './store';

// ADR 081: a client written from product §7.1 names the area as the address lists give it — each
// level's name (within its parent) or its PSGC code — and sends no barangay_code. The server finds the
// barangay from those, the way a person reads the lists: case, accents and spacing aside ("Las Pinas
// City" is "Las Piñas City"), but otherwise spelled as the lists spell it.

export type AreaEntry = { code: string; name: string };
export type ResolvedArea = { province: AreaEntry; city: AreaEntry; barangay: AreaEntry };

/** The area as a body names it: names or codes, and Konek's barangay_code when the client has it. */
export type AreaNames = {
  province: string;
  city: string;
  barangay: string;
  barangay_code?: string | undefined;
};

/** The field of AreaNames that is wrong, and why, in words for the client's developer. */
export type AreaProblem = { field: keyof AreaNames; message: string };

export type AreaResolution = { area: ResolvedArea } | { problem: AreaProblem };

/** The address lists indexed for names: built once with the catalogue. */
export type AreaNameIndex = {
  resolve: (names: AreaNames) => AreaResolution;
};

const PSGC_CODE = /^\d{10}$/;

/** A name as compared: without accents, ampersands as typed, lower case, spaces collapsed. */
export function areaNameKey(name: string): string {
  return unescapeAmpersands(name)
    .normalize('NFKD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replaceAll(/\s+/g, ' ');
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const entry = (row: { code: string; name: string }): AreaEntry => ({
  code: row.code,
  name: row.name,
});

/** "Metro Manila", or "Metro Manila or Cavite" when the parent itself was not one. */
const namesOf = (rows: readonly { name: string }[]) =>
  [...new Set(rows.map((row) => row.name))].join(' or ');

/** The lists' own names as compared, each worked out once (a resolve compares hundreds of them). */
const listedNameKeys = new Map<string, string>();
function listedNameKey(name: string): string {
  let key = listedNameKeys.get(name);
  if (key === undefined) {
    key = areaNameKey(name);
    listedNameKeys.set(name, key);
  }
  return key;
}

/** The rows among `scope` that `sent` names: by PSGC code when it is one, otherwise by name. */
function matching<T extends { code: string; name: string }>(
  scope: readonly T[],
  sent: string,
): T[] {
  const text = sent.trim();
  if (PSGC_CODE.test(text)) return scope.filter((row) => row.code === text);
  const key = areaNameKey(text);
  return scope.filter((row) => listedNameKey(row.name) === key);
}

function notFound(
  field: 'province' | 'city' | 'barangay',
  sent: string,
  what: string,
  parents: readonly { name: string }[],
): AreaProblem {
  const text = sent.trim();
  const within = parents.length > 0 ? ` of ${namesOf(parents)}` : '';
  const how = PSGC_CODE.test(text) ? `has the code ${text}` : `is named "${text}"`;
  return {
    field,
    message: `no ${what}${within} ${how} in the address lists; send a name as the lists spell it, or its PSGC code.`,
  };
}

/**
 * The cities a person can choose (the ones with barangays, as the lists show them) and every barangay,
 * indexed by their parent.
 */
export function buildAreaNameIndex(data: {
  provinces: readonly ProvinceRow[];
  cities: readonly CityRow[];
  barangays: readonly BarangayRow[];
}): AreaNameIndex {
  const barangaysByCity = groupBy(data.barangays, (row) => row.cityCode);
  const citiesByProvince = groupBy(
    data.cities.filter((city) => barangaysByCity.has(city.code)),
    (row) => row.provinceCode,
  );
  const barangayByCode = new Map(data.barangays.map((row) => [row.code, row]));
  const cityByCode = new Map(data.cities.map((row) => [row.code, row]));
  const provinceByCode = new Map(data.provinces.map((row) => [row.code, row]));

  function resolve(names: AreaNames): AreaResolution {
    const provinces = matching(data.provinces, names.province);
    if (provinces.length === 0) {
      return { problem: notFound('province', names.province, 'province', []) };
    }
    const cities = matching(
      provinces.flatMap((province) => citiesByProvince.get(province.code) ?? []),
      names.city,
    );
    if (cities.length === 0) {
      return { problem: notFound('city', names.city, 'city or municipality', provinces) };
    }
    let barangays = matching(
      cities.flatMap((city) => barangaysByCity.get(city.code) ?? []),
      names.barangay,
    );
    if (barangays.length === 0) {
      return { problem: notFound('barangay', names.barangay, 'barangay', cities) };
    }
    const sentCode = names.barangay_code;
    if (sentCode !== undefined) {
      if (!barangayByCode.has(sentCode)) {
        return {
          problem: {
            field: 'barangay_code',
            message: `no barangay has the code ${sentCode} in the address lists.`,
          },
        };
      }
      barangays = barangays.filter((barangay) => barangay.code === sentCode);
      if (barangays.length === 0) {
        return {
          problem: {
            field: 'barangay_code',
            message: `${sentCode} is not the code of the barangay "${names.barangay.trim()}" of ${namesOf(cities)}; send the code the lists give it, or leave barangay_code out.`,
          },
        };
      }
    }
    if (barangays.length > 1) {
      // Say which level the names leave open: the highest whose choice is not one.
      const cityCodes = new Set(barangays.map((barangay) => barangay.cityCode));
      const provinceCodes = new Set(
        [...cityCodes].map((code) => cityByCode.get(code)?.provinceCode),
      );
      const field = provinceCodes.size > 1 ? 'province' : cityCodes.size > 1 ? 'city' : 'barangay';
      return {
        problem: {
          field,
          message: `more than one ${field} in the address lists fits these names; send the ${field}'s PSGC code${field === 'barangay' ? ' (or barangay_code)' : ''} to say which.`,
        },
      };
    }
    const barangay = barangays[0]!;
    const city = cityByCode.get(barangay.cityCode)!;
    const province = provinceByCode.get(city.provinceCode)!;
    return { area: { province: entry(province), city: entry(city), barangay: entry(barangay) } };
  }

  return { resolve };
}
