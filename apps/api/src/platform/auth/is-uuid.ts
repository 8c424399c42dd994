const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids (users, accounts, code references) are UUIDs. A client may send any string as target_id or
 * reference_id; anything else is simply "no such row", never a database error.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
