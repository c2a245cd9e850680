// The direction hint a hunter bought (issue #44): the map shows that dinosaur for DIRECTION_HINT_MS, then
// forgets it. One small store, so the Brief tab (where it is bought) and the Map tab (where it shows) share it.
import { useEffect, useState, useSyncExternalStore } from 'react';

export type DirectionHint = {
  dinosaurId: number;
  latitude: number;
  longitude: number;
  compass: string;
  distanceM: number;
  until: number;
};

let current: DirectionHint | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

function emit() {
  for (const listener of listeners) listener();
}

export function showDirectionHint(hint: Omit<DirectionHint, 'until'>, showForMs: number, now = Date.now()): void {
  current = { ...hint, until: now + showForMs };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    timer = null;
    emit();
  }, showForMs);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The hint on show, or null; with the seconds it has left, ticking. */
export function useDirectionHint(): { hint: DirectionHint | null; secondsLeft: number } {
  const hint = useSyncExternalStore(subscribe, () => current);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!hint) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [hint]);
  return { hint, secondsLeft: hint ? Math.max(0, Math.ceil((hint.until - now) / 1000)) : 0 };
}
