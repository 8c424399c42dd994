/**
 * Levenshtein distance, giving up as soon as it must exceed `limit` (returns limit + 1 then):
 * the name join only asks "within 2 edits?", and most pairs fail on the length check alone.
 */
export function editDistanceWithin(left: string, right: string, limit: number): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const deletion = (previous[column] ?? 0) + 1;
      const insertion = (current[column - 1] ?? 0) + 1;
      const value = Math.min(substitution, deletion, insertion);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return Math.min(previous[right.length] ?? limit + 1, limit + 1);
}
