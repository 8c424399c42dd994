// Two rows of the Levenshtein table, reused across calls: the name join runs this some 10⁵ times
// and fresh arrays per call made the garbage collector the build's hottest function.
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/**
 * Levenshtein distance, giving up as soon as it must exceed `limit` (returns limit + 1 then):
 * the name join only asks "within 2 edits?", and most pairs fail on the length check alone.
 */
export function editDistanceWithin(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  if (previousRow.length <= right.length) {
    previousRow = new Int32Array(right.length + 1);
    currentRow = new Int32Array(right.length + 1);
  }
  for (let column = 0; column <= right.length; column += 1) previousRow[column] = column;
  for (let row = 1; row <= left.length; row += 1) {
    currentRow[0] = row;
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previousRow[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const deletion = (previousRow[column] ?? 0) + 1;
      const insertion = (currentRow[column - 1] ?? 0) + 1;
      const value = Math.min(substitution, deletion, insertion);
      currentRow[column] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    [previousRow, currentRow] = [currentRow, previousRow];
  }
  return Math.min(previousRow[right.length] ?? limit + 1, limit + 1);
}
