import { describe, expect, it } from 'vitest';
import { positionFromSearch } from './checked-position';

const parse = (query: string) => positionFromSearch(new URLSearchParams(query));

describe('positionFromSearch (product §2.3 step 9)', () => {
  it('reads lat and lng', () => {
    expect(parse('lat=14.45056&lng=120.98278&pilot=true')).toEqual({
      latitude: 14.45056,
      longitude: 120.98278,
    });
    expect(parse('lat=-90&lng=180')).toEqual({ latitude: -90, longitude: 180 });
  });

  it.each([
    '',
    'lat=14.4',
    'lng=120.9',
    'lat=&lng=',
    'lat=abc&lng=120',
    'lat=14&lng=12O',
    'lat=91&lng=120',
    'lat=14&lng=-181',
    'lat=Infinity&lng=120',
    'lat=NaN&lng=NaN',
  ])('rejects %j', (query) => {
    expect(parse(query)).toBeNull();
  });
});
