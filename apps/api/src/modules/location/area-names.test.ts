import { describe, expect, it } from 'vitest';
import { areaNameKey, buildAreaNameIndex } from './area-names';

// ADR 081: how a body's area names are read, on lists made for the purpose (the seeded ones have no
// names that repeat within a parent).

const point = { zipCode: null, latitude: 14.5, longitude: 121 };
const index = buildAreaNameIndex({
  provinces: [
    { code: '1300000000', name: 'Metro Manila', regionCode: '13', regionName: 'NCR' },
    { code: '0402100000', name: 'Cavite', regionCode: '04', regionName: 'CALABARZON' },
  ],
  cities: [
    {
      code: '1380200000',
      name: 'Las Piñas City',
      provinceCode: '1300000000',
      regionCode: '13',
      ...point,
    },
    {
      code: '1380600000',
      name: 'Manila City',
      provinceCode: '1300000000',
      regionCode: '13',
      ...point,
    },
    {
      code: '0402110000',
      name: 'San Jose',
      provinceCode: '0402100000',
      regionCode: '04',
      ...point,
    },
    {
      code: '0402120000',
      name: 'San Jose',
      provinceCode: '0402100000',
      regionCode: '04',
      ...point,
    },
  ],
  barangays: [
    { code: '1380200001', name: 'Almanza Uno', cityCode: '1380200000', ...point },
    { code: '1380200002', name: 'Santo Niño', cityCode: '1380200000', ...point },
    { code: '1380200003', name: 'Santo Nino', cityCode: '1380200000', ...point },
    { code: '0402110001', name: 'Poblacion', cityCode: '0402110000', ...point },
    { code: '0402120001', name: 'Poblacion', cityCode: '0402120000', ...point },
    { code: '0402120002', name: 'Bagong Pook', cityCode: '0402120000', ...point },
  ],
});

const almanza = { province: 'Metro Manila', city: 'Las Piñas City', barangay: 'Almanza Uno' };

describe('area names', () => {
  it('compares names without case, accents, ampersands as sent or extra spaces', () => {
    expect(areaNameKey('  Las  PIÑAS City ')).toBe('las pinas city');
    expect(areaNameKey('Rizal &amp; Mabini')).toBe(areaNameKey('rizal & mabini'));
  });

  it('finds a barangay by names or codes, and answers the names the lists spell', () => {
    const expected = {
      area: {
        province: { code: '1300000000', name: 'Metro Manila' },
        city: { code: '1380200000', name: 'Las Piñas City' },
        barangay: { code: '1380200001', name: 'Almanza Uno' },
      },
    };
    expect(index.resolve(almanza)).toEqual(expected);
    expect(
      index.resolve({ province: 'metro manila', city: 'LAS PINAS CITY', barangay: 'almanza uno' }),
    ).toEqual(expected);
    expect(
      index.resolve({ province: '1300000000', city: '1380200000', barangay: '1380200001' }),
    ).toEqual(expected);
    expect(index.resolve({ ...almanza, barangay_code: '1380200001' })).toEqual(expected);
  });

  it('names the level a name is unknown at, and leaves out cities without barangays', () => {
    const fieldOf = (names: Parameters<typeof index.resolve>[0]) => {
      const resolution = index.resolve(names);
      return 'problem' in resolution ? resolution.problem.field : undefined;
    };
    expect(fieldOf({ ...almanza, province: 'Metro Manilla' })).toBe('province');
    expect(fieldOf({ ...almanza, city: 'Las Pinas' })).toBe('city');
    expect(fieldOf({ ...almanza, city: 'Manila City' })).toBe('city');
    expect(fieldOf({ ...almanza, city: '0402110000' })).toBe('city');
    expect(fieldOf({ ...almanza, barangay: 'Almanza Dos' })).toBe('barangay');
    expect(fieldOf({ ...almanza, barangay_code: '9999999999' })).toBe('barangay_code');
    expect(fieldOf({ ...almanza, barangay_code: '1380200002' })).toBe('barangay_code');
  });

  it('says which level is ambiguous, and lets barangay_code or a code settle it', () => {
    const santoNino = { ...almanza, barangay: 'Santo Nino' };
    expect(index.resolve(santoNino)).toMatchObject({ problem: { field: 'barangay' } });
    expect(index.resolve({ ...santoNino, barangay_code: '1380200002' })).toMatchObject({
      area: { barangay: { name: 'Santo Niño' } },
    });
    const poblacion = { province: 'Cavite', city: 'San Jose', barangay: 'Poblacion' };
    expect(index.resolve(poblacion)).toMatchObject({ problem: { field: 'city' } });
    expect(index.resolve({ ...poblacion, city: '0402120000' })).toMatchObject({
      area: { barangay: { code: '0402120001' } },
    });
    // Only one of the two San Jose has this barangay: the names settle it.
    expect(index.resolve({ ...poblacion, barangay: 'Bagong Pook' })).toMatchObject({
      area: { city: { code: '0402120000' } },
    });
  });
});
