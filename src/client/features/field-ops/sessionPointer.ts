// Which joined session Field Operations shows, kept in local storage so it survives
// a reload. Only a pointer: the server knows which sessions the hunter joined
// (sessions.list) and is asked again; logout clears local storage and so the pointer.
const POINTER_KEY = 'dinohunt.fieldOps.sessionId';
const briefingKey = (sessionId: number) => `dinohunt.fieldOps.briefingShown.${sessionId}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode: the pointer lasts for this page only.
  }
}

export function readSessionPointer(): number | null {
  const n = Number(read(POINTER_KEY));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function writeSessionPointer(sessionId: number | null) {
  write(POINTER_KEY, sessionId === null ? null : String(sessionId));
}

/** The briefing opens after joining "unless already shown" for that session. */
export function briefingShown(sessionId: number): boolean {
  return read(briefingKey(sessionId)) === '1';
}

export function markBriefingShown(sessionId: number) {
  write(briefingKey(sessionId), '1');
}
