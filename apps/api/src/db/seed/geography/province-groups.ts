// PSGC places some cities under no province. The address form cascades Province → City →
// Barangay, so every city needs a province-level parent; these are the ones the data lacks.

/** NCR has no provinces; its cities hang off the region code and show as one province entry. */
export const METRO_MANILA = { code: '1300000000', name: 'Metro Manila' };

/** Manila's barangays sit under its 14 districts, which PSGC lists as cities under Manila. */
export const MANILA_CITY_CODE = '1380600000';

/**
 * The 8 municipalities created in 2024 from Cotabato's barangays that joined BARMM belong to no
 * province; PSGC groups them under this code, and so does the form.
 */
export const SPECIAL_GEOGRAPHIC_AREA = {
  code: '1999900000',
  name: 'Special Geographic Area (BARMM)',
};

/**
 * Highly urbanised cities (and Isabela City) outside NCR, attached to their geographic province
 * (docs/geodata.md). Keyed by city code; the province is named so a typo fails the build.
 */
export const INDEPENDENT_CITY_PROVINCES: ReadonlyMap<string, string> = new Map([
  ['0330100000', 'Pampanga'], // Angeles City
  ['1830200000', 'Negros Occidental'], // Bacolod City
  ['1430300000', 'Benguet'], // Baguio City
  ['1630400000', 'Agusan del Norte'], // Butuan City
  ['1030500000', 'Misamis Oriental'], // Cagayan de Oro City
  ['0730600000', 'Cebu'], // Cebu City
  ['1130700000', 'Davao del Sur'], // Davao City
  ['1230800000', 'South Cotabato'], // General Santos City
  ['1030900000', 'Lanao del Norte'], // Iligan City
  ['0631000000', 'Iloilo'], // Iloilo City
  ['0731100000', 'Cebu'], // Lapu-Lapu City
  ['0431200000', 'Quezon'], // Lucena City
  ['0731300000', 'Cebu'], // Mandaue City
  ['0331400000', 'Zambales'], // Olongapo City
  ['1731500000', 'Palawan'], // Puerto Princesa City
  ['0831600000', 'Leyte'], // Tacloban City
  ['0931700000', 'Zamboanga del Sur'], // Zamboanga City
  ['0990101000', 'Basilan'], // Isabela City (PhilPost: "Isabela de Basilan")
]);
