// The one rule for text and JSON shape that every call accepts, whatever its own schema says (ADR 020):
// no control characters but tab, line feed and carriage return; no unpaired UTF-16 surrogates; and JSON
// nested at most MAX_JSON_DEPTH levels. PostgreSQL cannot store U+0000 in text or jsonb and refuses a
// lone surrogate in jsonb, so such input would otherwise fail deep in a query.

/** Objects and arrays inside one another, the outermost counting 1. A stored context needs about 6. */
export const MAX_JSON_DEPTH = 32;

export const MESSAGE_CONTROL_CHARACTER = 'must not contain control characters';
export const MESSAGE_LONE_SURROGATE = 'must be valid Unicode text (no unpaired surrogates)';
export const MESSAGE_TOO_DEEP = `must not be nested more than ${MAX_JSON_DEPTH} levels deep`;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Why the text is refused, or undefined when it is safe. C0 controls are refused except tab, line feed
 * and carriage return, so multi-line text and pasted stack traces keep working. One pass over the UTF-16
 * code units: a high surrogate must be followed by a low one, and a low one must follow a high one.
 */
export function unsafeTextProblem(value: string): string | undefined {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0x20 && unit !== TAB && unit !== LINE_FEED && unit !== CARRIAGE_RETURN) {
      return MESSAGE_CONTROL_CHARACTER;
    }
    if (isHighSurrogate(unit)) {
      // Past the end charCodeAt answers NaN, which is no low surrogate.
      if (!isLowSurrogate(value.charCodeAt(index + 1))) return MESSAGE_LONE_SURROGATE;
      index += 1;
    } else if (isLowSurrogate(unit)) {
      return MESSAGE_LONE_SURROGATE;
    }
  }
  return undefined;
}

// Any C0 control but tab, line feed and carriage return, or any surrogate (paired or not): text without
// one is safe at once; text with one is looked at unit by unit (a pair is fine).
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const MAYBE_UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF]/;

/**
 * True when a parsed JSON value (or query string) surely passes `findUnsafeInput`: one walk that
 * allocates nothing, for the common case (ADR 037). False means "look closer" (a surrogate pair, say),
 * not "unsafe". It recurses, but never deeper than MAX_JSON_DEPTH, so no input can exhaust the stack.
 */
export function isSurelySafeInput(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !MAYBE_UNSAFE_TEXT.test(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth + 1 > MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isSurelySafeInput(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (MAYBE_UNSAFE_TEXT.test(key)) return false;
    if (!isSurelySafeInput((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

export type InputPath = readonly (string | number)[];
export type UnsafeInput = { path: InputPath; message: string };

/** "events.0.day", as validation errors name a field; "body" for the value itself. */
export function fieldOfPath(path: InputPath): string {
  return path.length === 0 ? 'body' : path.join('.');
}

// A path kept as a link to its parent, so descending costs the same at any depth; it becomes an array
// only for the one finding that is reported.
type PathLink = { key: string | number; parent: PathLink | undefined };
type Pending = { value: unknown; at: PathLink | undefined; depth: number };

function pathOf(at: PathLink | undefined): InputPath {
  const path: (string | number)[] = [];
  for (let link = at; link !== undefined; link = link.parent) path.push(link.key);
  return path.reverse();
}

/**
 * The first string, object key or nesting level in a parsed JSON value (or query string) that breaks the
 * rule. Walks with its own stack, never recursion, so any depth is safe to inspect; it stops descending
 * at the first container past `maxDepth`.
 */
export function findUnsafeInput(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): UnsafeInput | undefined {
  const pending: Pending[] = [{ value, at: undefined, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, at, depth } = next;
    if (typeof current === 'string') {
      const message = unsafeTextProblem(current);
      if (message !== undefined) return { path: pathOf(at), message };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return { path: pathOf(at), message: MESSAGE_TOO_DEEP };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item: unknown, index) => [index, item])
      : Object.entries(current);
    for (const [key] of entries) {
      const message = typeof key === 'string' ? unsafeTextProblem(key) : undefined;
      if (message !== undefined) return { path: pathOf(at), message: `key ${message}` };
    }
    // Pushed in reverse so the first field is reported first, as a reader of the body would expect.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, at: { key, parent: at }, depth: depth + 1 });
    }
  }
  return undefined;
}
