import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centavosToPesos } from './money';
import { amountText, mobileText, pesoText, percentText } from './number-formats';

// ADR 083: the one way an amount and a mobile number read.

const NBSP = '\u00a0';

describe('mobileText (product §2.4: as Filipinos read a number)', () => {
  it.each([
    ['639175550101', '0917 555 0101'],
    ['9175550101', '0917 555 0101'],
    ['09175550101', '0917 555 0101'],
    ['12345', '12345'],
  ])('%s → %s', (msisdn, expected) => {
    expect(mobileText(msisdn)).toBe(expected);
  });

  it('keeps a number on one line on a screen', () => {
    expect(mobileText('639175550101', { keepTogether: true })).toBe(`0917${NBSP}555${NBSP}0101`);
  });
});

describe('amountText (product §9: thousands separators, 2 decimals)', () => {
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
    expect(amountText(pesos)).toBe(expected);
  });
});

describe('amountText against Intl.NumberFormat', () => {
  const intl = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  });
  it('writes every whole number of centavos as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (centavos) => {
        const pesos = centavosToPesos(centavos);
        return amountText(pesos) === intl.format(pesos);
      }),
      { numRuns: 2000 },
    );
  });
  it('rounds any amount as Intl does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (pesos) => {
        return amountText(pesos) === intl.format(pesos);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('pesoText', () => {
  it.each([
    [0, '₱0.00'],
    [699, '₱699.00'],
    [1499, '₱1,499.00'],
    [12345.5, '₱12,345.50'],
    [1234567.891, '₱1,234,567.89'],
    [-50, '-₱50.00'],
    [-1499, '-₱1,499.00'],
  ])('%d → %s', (pesos, expected) => {
    expect(pesoText(pesos)).toBe(expected);
  });
});

describe('percentText (a share as a whole percent)', () => {
  it.each([
    [0, '0%'],
    [0.25, '25%'],
    [1 / 3, '33%'],
    [0.005, '1%'],
    [1, '100%'],
  ])('%d → %s', (share, expected) => {
    expect(percentText(share)).toBe(expected);
  });
});
