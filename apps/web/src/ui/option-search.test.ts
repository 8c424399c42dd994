import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeForSearch, splitOptionLabel } from './option-search';

describe('option search', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeForSearch('  Las   PIÑAS ')).toBe('las pinas');
    expect(matchesQuery('Las Piñas', 'las p')).toBe(true);
    expect(matchesQuery('Parañaque', 'ñaq')).toBe(true);
    expect(matchesQuery('Makati', 'las')).toBe(false);
  });

  it("splits 'label|note'", () => {
    expect(splitOptionLabel('Not on the list?|Type the name')).toEqual({
      label: 'Not on the list?',
      note: 'Type the name',
    });
    expect(splitOptionLabel('Makati')).toEqual({ label: 'Makati' });
  });
});
