import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centavosToPesos, formatAmount, formatPeso, pesosToCentavos } from './money';

describe('formatAmount (product §9: thousands separators, 2 decimals)', () => {
  it.each([
    [0, '0.00'],
    [-0, '0.00'],
    [699, '699.00'],
    [1499, '1,499.00'],
    [12345.5, '12,345.50'],
    [1234567.891, '1,234,567.89'],
    [1.005, '1.01'],
    [0.125, '0.13'],
    [-1499, '-1,499.00'],
    [-12345.5, '-12,345.50'],
    [-0.001, '0.00'],
  ])('%d → %s', (pesos, expected) => {
    expect(formatAmount(pesos)).toBe(expected);
  });
});

describe('formatAmount against Intl.NumberFormat', () => {
  const intl = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  });
  it('writes every whole number of centavos as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (centavos) => {
        const pesos = centavosToPesos(centavos);
        return formatAmount(pesos) === intl.format(pesos);
      }),
      { numRuns: 2000 },
    );
  });
  it('rounds any amount as Intl does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (pesos) => {
        return formatAmount(pesos) === intl.format(pesos);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatPeso', () => {
  it.each([
    [0, '₱0.00'],
    [699, '₱699.00'],
    [1499, '₱1,499.00'],
    [12345.5, '₱12,345.50'],
    [1234567.891, '₱1,234,567.89'],
    [-50, '-₱50.00'],
    [-1499, '-₱1,499.00'],
  ])('%d → %s', (pesos, expected) => {
    expect(formatPeso(pesos)).toBe(expected);
  });
});

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
