import { NAP_FILE_COLUMNS, type TNapFileFormat } from '@konek/contract/ops-coverage';
import type { PlantNap } from '../location/service';

// ADR 090: the plant written as the NAP file the import reads, every column, so exporting and importing
// the file again changes nothing. Numbers are written as JavaScript writes them (the shortest text that
// reads back as the same double), buildings by id. Every value written is one the import accepted (or
// the seed wrote): codes, digits, dates; a value that needs quoting is quoted all the same.

export const NAP_FILE_MEDIA_TYPES: Record<TNapFileFormat, string> = {
  csv: 'text/csv',
  geojson: 'application/geo+json',
};

export const NAP_FILE_NAMES: Record<TNapFileFormat, string> = {
  csv: 'naps.csv',
  geojson: 'naps.geojson',
};

function csvValue(value: string): string {
  return /[",;\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

function csvLine(nap: PlantNap): string {
  const values: Record<(typeof NAP_FILE_COLUMNS)[number], string> = {
    id: nap.code,
    latitude: String(nap.latitude),
    longitude: String(nap.longitude),
    ports_total: String(nap.portCount),
    ports_used: String(nap.usedPorts),
    status: nap.status,
    expected_date: nap.expectedDate ?? '',
    served_buildings: nap.buildingIds.join(';'),
    city_code: nap.cityCode ?? '',
  };
  return NAP_FILE_COLUMNS.map((column) => csvValue(values[column])).join(',');
}

function feature(nap: PlantNap): string {
  return JSON.stringify({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [nap.longitude, nap.latitude] },
    properties: {
      id: nap.code,
      ports_total: nap.portCount,
      ports_used: nap.usedPorts,
      status: nap.status,
      expected_date: nap.expectedDate,
      served_buildings: nap.buildingIds,
      city_code: nap.cityCode,
    },
  });
}

/** The file's text: CSV with its header, or a GeoJSON FeatureCollection with one feature a line. */
export function writeNapFile(format: TNapFileFormat, plant: readonly PlantNap[]): string {
  if (format === 'csv') {
    return [NAP_FILE_COLUMNS.join(','), ...plant.map(csvLine)].join('\n') + '\n';
  }
  const features = plant.map(feature).join(',\n');
  return `{"type":"FeatureCollection","features":[\n${features}\n]}\n`;
}
