import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centavosToPesos, pesosToCentavos } from './money';

describe('centavosToPesos', () => {
  it.each([
    [0, 0],
    [69900, 699],
    [149900, 1499],
    [1234550, 12345.5],
    [123456789, 1234567.89],
    [-149900, -1499],
    [1, 0.01],
  ])('%d → %d', (centavos, expected) => {
    expect(centavosToPesos(centavos)).toBe(expected);
  });

  it.each([[0.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])(
    'refuses %d centavos',
    (centavos) => {
      expect(() => centavosToPesos(centavos)).toThrow(RangeError);
    },
  );
});

describe('pesosToCentavos (round half away from zero, no float drift)', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [699, 69900],
    [1499, 149900],
    [12345.5, 1234550],
    [1234567.891, 123456789],
    [1234567.895, 123456790],
    [1.005, 101],
    [0.125, 13],
    [0.124, 12],
    [0.1 + 0.2, 30],
    [-1499, -149900],
    [-12345.5, -1234550],
    [-1.005, -101],
    [-0.004, 0],
    [0.0000001, 0],
    [10_000_000_000_000, 1_000_000_000_000_000],
  ])('%d → %d', (pesos, expected) => {
    expect(Object.is(pesosToCentavos(pesos), expected)).toBe(true);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [1e21], [1e14]])('refuses %d', (pesos) => {
    expect(() => pesosToCentavos(pesos)).toThrow(RangeError);
  });

  it('round-trips every whole number of centavos', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (centavos) => {
        return pesosToCentavos(centavosToPesos(centavos)) === centavos;
      }),
    );
  });
});
