import { describe, expect, it } from 'vitest';
import { DEMAND_STEPS, demandStep, demandWords, shareWords, stepWords } from './demand-words';

// ADR 095: the demand map's heat scale and words.

const ROW = {
  barangay_code: '1430300161',
  barangay: 'Padre Zamora',
  city: 'Baguio City',
  province: 'Benguet',
  latitude: 16.41,
  longitude: 120.59,
  waiting: 12,
  covered_share: 0.25,
  planned_date: '2027-03-31',
};

describe('the demand scale', () => {
  it('steps up in size and colour with the households waiting', () => {
    expect([1, 4, 5, 19, 20, 50, 99, 100, 5000].map((n) => demandStep(n).from)).toEqual([
      1, 1, 5, 5, 20, 50, 50, 100, 100,
    ]);
    const radii = DEMAND_STEPS.map((step) => step.radius);
    expect(radii).toEqual([...radii].sort((a, b) => a - b));
    expect(DEMAND_STEPS.map((_, at) => stepWords(at))).toEqual([
      '1–4',
      '5–19',
      '20–49',
      '50–99',
      '100 or more',
    ]);
  });

  it('says a barangay in words: the share as a percent, the date as the page writes dates', () => {
    expect(shareWords(0)).toBe('0%');
    expect(shareWords(1 / 3)).toBe('33%');
    expect(demandWords(ROW)).toBe(
      'Padre Zamora, Baguio City: 12 waiting, 25% served now, planned March 31, 2027',
    );
    expect(demandWords({ ...ROW, planned_date: null, covered_share: 0 })).toBe(
      'Padre Zamora, Baguio City: 12 waiting, 0% served now, nothing planned',
    );
  });
});
