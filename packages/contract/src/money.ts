// product §9: currency PHP. The API carries money as integer centavos so sums never drift; screens convert
// to pesos only to show them, as formats.ts writes an amount (ADR 083).

/** Integer centavos as pesos (123455 → 1234.55). */
export function centavosToPesos(centavos: number): number {
  if (!Number.isSafeInteger(centavos)) {
    throw new RangeError(`Centavos must be a whole number: ${centavos}`);
  }
  return centavos / 100;
}

/**
 * Pesos as integer centavos, rounding half away from zero on the decimal digits as written
 * (1.005 → 101), not on the binary float (where 1.005 * 100 is 100.49999…).
 */
export function pesosToCentavos(pesos: number): number {
  if (!Number.isFinite(pesos)) throw new RangeError(`Not an amount: ${pesos}`);
  const magnitude = Math.abs(pesos);
  // Below 1e-6 the shortest form uses an exponent; such an amount is far under half a centavo.
  if (magnitude < 1e-6) return 0;
  const [whole = '0', fraction = ''] = magnitude.toString().split('.');
  if (whole.includes('e')) throw new RangeError(`Amount too large: ${pesos}`);
  const digits = `${fraction}000`;
  const roundsUp = Number(digits[2]) >= 5;
  const centavos = Number(whole) * 100 + Number(digits.slice(0, 2)) + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Amount too large: ${pesos}`);
  return pesos < 0 && centavos !== 0 ? -centavos : centavos;
}
