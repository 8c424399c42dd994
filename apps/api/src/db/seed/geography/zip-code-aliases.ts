// docs/geodata.md: PhilPost's list predates some renames, so a few towns carry another name there.
// Keyed by PSGC city code; the value is the name of the PhilPost row within the same province.
// Filled from the towns the name join left unmatched (see build-geography.test.ts coverage).
export const POSTAL_NAME_ALIASES: ReadonlyMap<string, string> = new Map([
  ['1380601000', 'Tondo'], // Tondo I/II, Manila: PhilPost splits Tondo into North and South
  ['1402707000', 'Potia'], // Alfonso Lista, Ifugao (renamed from Potia)
  ['1903637000', 'Bumbaran'], // Amai Manabilang, Lanao del Sur (renamed from Bumbaran)
  ['1903601000', 'Bacolod Grande'], // Bacolod-Kalawi, Lanao del Sur (renamed from Bacolod Grande)
  ['0102811000', 'Espiritu'], // Banna, Ilocos Norte (renamed from Espiritu)
  ['1908811000', 'General Salipada K. Pendatun'], // Gen. S.K. Pendatun, Maguindanao del Sur
  ['0304909000', 'Gen. M. Natividad'], // General Mamerto Natividad, Nueva Ecija
  ['1206508000', 'Mariano Marcos'], // Lambayong, Sultan Kudarat (renamed from Mariano Marcos)
  ['0806022000', 'Wright'], // Paranas, Samar (renamed from Wright)
  ['1908706000', 'Kabuntulan'], // Kabuntalan, Maguindanao del Norte (PhilPost's spelling)
  ['1204713000', 'Pre. Roxas'], // President Roxas, Cotabato (PhilPost's abbreviation)
  ['0907340000', 'Don Mariano Marcos'], // Sominot, Zamboanga del Sur (renamed)
  ['0907341000', 'Vicencio Sagun'], // Vincenzo A. Sagun, Zamboanga del Sur (PhilPost's spelling)
]);

/** PhilPost province names that differ from PSGC's (docs/geodata.md: the four province aliases). */
export const POSTAL_PROVINCE_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['Quezon Province', ['Quezon']],
  ['Rizal Province', ['Rizal']],
  ['North Cotabato', ['Cotabato']],
  // Maguindanao was split in 2022; PhilPost still lists the towns of both halves under one name.
  ['Maguindanao', ['Maguindanao del Norte', 'Maguindanao del Sur']],
]);
