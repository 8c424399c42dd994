import * as z from 'zod';

// Browser storage that may be disabled (private browsing), full, or hold a value some other code wrote:
// a failed read is nothing saved, a failed write only means a refresh forgets (ADR 024).

/** The parsed JSON under `key`, or undefined. */
export function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the journey still works, only a refresh forgets.
  }
}

/** The value under `key` when it has the schema's shape, else null. */
export function readParsed<S extends z.ZodType>(
  storage: Storage,
  key: string,
  schema: S,
): z.output<S> | null {
  const parsed = z.safeParse(schema, readJson(storage, key));
  return parsed.success ? parsed.data : null;
}
