// The query cache's structural sharing, dates included. TanStack Query keeps the previous answer's objects
// where a refetch returns the same values, so a screen re-renders only for what changed; its default
// (replaceEqualDeep) compares plain objects and arrays only, and superjson answers carry Date objects
// (a session's start time, a dinosaur's deployment), so every refetch of a session looked new and redrew
// the whole screen. Here an equal date is kept too; anything else that is not plain data (Map, Set,
// class instances) is taken from the new answer, as the default does.

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** `next`, with every part deep-equal to `previous` replaced by the previous object (so `===` holds). */
export function shareUnchanged<T>(previous: unknown, next: T, depth = 0): T {
  if (previous === next) return previous as T;
  if (previous instanceof Date && next instanceof Date) {
    // Two invalid dates are the same value too (both NaN).
    const [a, b] = [previous.getTime(), next.getTime()];
    return (a === b || (Number.isNaN(a) && Number.isNaN(b)) ? previous : next) as T;
  }
  // As deep as the default goes: beyond that, the new answer as is.
  if (depth > 500) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;

  const prev = previous as Record<string | number, unknown>;
  const curr = next as Record<string | number, unknown>;
  const keys: (string | number)[] = arrays ? [...(next as unknown[]).keys()] : Object.keys(curr);
  const previousSize = arrays ? (previous as unknown[]).length : Object.keys(prev).length;
  const copy = (arrays ? new Array(keys.length) : {}) as Record<string | number, unknown>;
  let same = 0;
  for (const key of keys) {
    const had = arrays ? (key as number) < previousSize : Object.hasOwn(prev, key);
    const value = had ? shareUnchanged(prev[key], curr[key], depth + 1) : curr[key];
    copy[key] = value;
    if (had && value === prev[key]) same++;
  }
  return (same === previousSize && keys.length === previousSize ? previous : copy) as T;
}
