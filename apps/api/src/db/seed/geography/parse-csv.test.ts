import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas and doubled quotes, and skips blank lines', () => {
    const text = 'name,psgcCode\n"Agapito Yap, Sr.",1004213016\n\n"Say ""Hi""",1\n';
    expect(parseCsv(text)).toEqual([
      { name: 'Agapito Yap, Sr.', psgcCode: '1004213016' },
      { name: 'Say "Hi"', psgcCode: '1' },
    ]);
  });
});
