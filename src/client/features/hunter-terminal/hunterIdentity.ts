// The spec's local hunter identity: `hunter_{timestamp}_{random}`, kept in local
// storage and resettable from the header. It labels this device's play only; the
// server's identity is always the sign-in (session cookie).

export const HUNTER_ID_KEY = 'hunter_id';
const RANDOM_RADIX = 36;
const RANDOM_CHARS = 9;
const ID_PATTERN = /^hunter_\d+_[a-z0-9]+$/;

export function makeHunterId(now = Date.now(), random = Math.random): string {
  const suffix = random().toString(RANDOM_RADIX).slice(2, 2 + RANDOM_CHARS).padEnd(RANDOM_CHARS, '0');
  return `hunter_${now}_${suffix}`;
}

export function isHunterId(value: string | null | undefined): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** The stored id, made and stored on first use (a fresh one each time when storage is unavailable). */
export function readHunterId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  const stored = storage?.getItem(HUNTER_ID_KEY);
  if (isHunterId(stored)) return stored;
  return writeHunterId(storage);
}

/** Makes and stores a new id: the header's reset. */
export function writeHunterId(storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): string {
  const id = makeHunterId();
  try {
    storage?.setItem(HUNTER_ID_KEY, id);
  } catch {
    // Storage full or blocked: the id still holds for this page.
  }
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
