import { doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';

// product §3 address form / docs/geodata.md: the PSGC hierarchy as the cascade shows it. Metro Manila is one
// province-level entry; highly urbanised cities hang off their geographic province.

export const provinces = pgTable('provinces', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  regionName: text('region_name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    provinceCode: text('province_code')
      .notNull()
      .references(() => provinces.code),
    regionCode: text('region_code').notNull(),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    pointSource: text('point_source').notNull(),
  },
  (table) => [index('cities_province_code_idx').on(table.provinceCode)],
);

export const barangays = pgTable(
  'barangays',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.code),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (table) => [index('barangays_city_code_idx').on(table.cityCode)],
);
