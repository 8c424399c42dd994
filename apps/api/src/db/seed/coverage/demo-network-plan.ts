// The demo coverage network, documented in docs/coverage-seed.md so people and tests can find a
// serviceable and a non-serviceable address. Everything here is fixed; the builder turns it into rows.

export const COVERAGE_SEED_VERSION = 'demo-network@1';

/** Served cities (PSGC codes) and the radius of NAP grid laid around each city's point. */
export const SERVED_CITIES = [
  { code: '1380200000', name: 'Las Piñas City', gridRadiusMeters: 3000 },
  { code: '1380300000', name: 'Makati City', gridRadiusMeters: 2500 },
  { code: '1381500000', name: 'Taguig City', gridRadiusMeters: 3000 },
  { code: '1381300000', name: 'Quezon City', gridRadiusMeters: 4500 },
  { code: '0730600000', name: 'Cebu City', gridRadiusMeters: 3000 },
  { code: '1130700000', name: 'Davao City', gridRadiusMeters: 3000 },
] as const;

/** Planned rollouts: NAPs built but not yet lit, with the date service is expected. */
export const PLANNED_CITIES = [
  { code: '0402103000', name: 'Bacoor City', gridRadiusMeters: 2000, expectedDate: '2027-03-31' },
  { code: '0405802000', name: 'Antipolo City', gridRadiusMeters: 2000, expectedDate: '2027-06-30' },
] as const;

/** Grid spacing: with a 250 m service radius, 350 m spacing leaves no point farther than ~247 m. */
export const GRID_SPACING_METERS = 350;
export const PORTS_PER_NAP = 16;

/**
 * A documented spot in Las Piñas whose only NAP is full: 2.2 km north of the city point, grid NAPs
 * within 600 m of it are left out.
 */
export const FULL_NAP_SPOT = {
  cityCode: '1380200000',
  northMeters: 2200,
  eastMeters: 0,
  clearRadiusMeters: 600,
};

/** Barangays in the fibre pilot (properties.gfiber_pilot), by city and name. */
export const PILOT_BARANGAYS = [
  { cityCode: '1380200000', name: 'Almanza Uno' },
  { cityCode: '1380200000', name: 'Almanza Dos' },
  { cityCode: '1380200000', name: 'Talon Uno' },
  { cityCode: '1380300000', name: 'Poblacion' },
] as const;

export type BuildingPlan = {
  buildingName: string;
  streetName: string;
  cityCode: string;
  /** Preferred barangay; the city's first barangay when the name is not found. */
  barangayName: string;
  /** Offset from the city point, so the building sits at a fixed, findable place. */
  northMeters: number;
  eastMeters: number;
  servingFloors: readonly string[];
};

const floors = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

/** Demo condominiums with in-building fibre (fictional names). */
export const BUILDINGS: readonly BuildingPlan[] = [
  {
    buildingName: 'Sampaguita Residences Tower 1',
    streetName: 'Ayala Avenue',
    cityCode: '1380300000',
    barangayName: 'Poblacion',
    northMeters: 300,
    eastMeters: -200,
    servingFloors: ['G', ...floors(2, 30)],
  },
  {
    buildingName: 'Sampaguita Residences Tower 2',
    streetName: 'Ayala Avenue',
    cityCode: '1380300000',
    barangayName: 'Poblacion',
    northMeters: 340,
    eastMeters: -160,
    servingFloors: floors(2, 12),
  },
  {
    buildingName: 'Narra Tower',
    streetName: 'Paseo de Roxas',
    cityCode: '1380300000',
    barangayName: 'Bel-Air',
    northMeters: -400,
    eastMeters: 450,
    servingFloors: floors(5, 40),
  },
  {
    buildingName: 'Molave Suites',
    streetName: '32nd Street',
    cityCode: '1381500000',
    barangayName: 'Fort Bonifacio',
    northMeters: 600,
    eastMeters: -700,
    servingFloors: ['G', ...floors(2, 25)],
  },
  {
    buildingName: 'Acacia Lofts',
    streetName: '5th Avenue',
    cityCode: '1381500000',
    barangayName: 'Fort Bonifacio',
    northMeters: 650,
    eastMeters: -600,
    servingFloors: floors(1, 18),
  },
  {
    buildingName: 'Kamagong Place',
    streetName: 'Katipunan Avenue',
    cityCode: '1381300000',
    barangayName: 'Loyola Heights',
    northMeters: 1200,
    eastMeters: 1500,
    servingFloors: floors(1, 15),
  },
  {
    buildingName: 'Yakal Heights',
    streetName: 'Alabang-Zapote Road',
    cityCode: '1380200000',
    barangayName: 'Almanza Uno',
    northMeters: -1500,
    eastMeters: 400,
    servingFloors: floors(1, 10),
  },
  {
    buildingName: 'Ilang-Ilang Residences',
    streetName: 'Osmeña Boulevard',
    cityCode: '0730600000',
    barangayName: 'Capitol Site',
    northMeters: 500,
    eastMeters: -300,
    servingFloors: floors(1, 20),
  },
  {
    buildingName: 'Dao Tower',
    streetName: 'JP Laurel Avenue',
    cityCode: '1130700000',
    barangayName: 'Barangay 1-A',
    northMeters: 400,
    eastMeters: 200,
    servingFloors: floors(1, 22),
  },
  // A building outside any NAP grid: serviceable only through its in-building fibre.
  {
    buildingName: 'Banaba Court',
    streetName: 'Shaw Boulevard',
    cityCode: '1380500000',
    barangayName: 'Wack-wack Greenhills',
    northMeters: 0,
    eastMeters: 0,
    servingFloors: floors(1, 16),
  },
];
