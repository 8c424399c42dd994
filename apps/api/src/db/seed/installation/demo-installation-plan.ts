// ADR 035: the demo's installation capacity — work zones for the cities the demo network serves
// (docs/coverage-seed.md), and the crews' places per weekday and period. The calendar of slots is made
// from these on every start (appointments/calendar.ts).

export const INSTALLATION_SEED_VERSION = 'demo-installation@1';

export type WorkZonePlan = { code: string; name: string; cityCodes: readonly string[] };

export const WORK_ZONES: readonly WorkZonePlan[] = [
  {
    code: 'MM-SOUTH',
    name: 'Metro Manila South',
    // Las Piñas, Makati, Taguig
    cityCodes: ['1380200000', '1380300000', '1381500000'],
  },
  {
    code: 'MM-NORTH',
    name: 'Metro Manila North',
    // Quezon City, Mandaluyong (Banaba Court)
    cityCodes: ['1381300000', '1380500000'],
  },
  { code: 'CEBU', name: 'Metro Cebu', cityCodes: ['0730600000'] },
  { code: 'DAVAO', name: 'Davao', cityCodes: ['1130700000'] },
];

/** Places per period: two-person crews, a visit each morning and afternoon; fewer on Saturdays. */
export const WEEKDAY_PLACES = 8;
export const SATURDAY_PLACES = 4;
