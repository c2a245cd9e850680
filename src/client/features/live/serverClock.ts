// The client's estimate of (server clock - client clock), so countdowns agree with
// the server even on a phone whose clock is wrong. Event timestamps give it to the
// millisecond (less the delivery delay, so the largest recent sample is the best);
// time-status answers correct it to the minute (domain/countdown correctClockOffset).
import { useSyncExternalStore } from 'react';

const SAMPLES = 8;
/** Replayed events (after a reconnect) are old: ignore samples this far behind. */
const STALE_SAMPLE_MS = 10_000;

let samples: number[] = [];
let offsetMs = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  if (next === offsetMs) return;
  offsetMs = next;
  for (const l of listeners) l();
}

export function noteServerTimestamp(serverMs: number, clientMs = Date.now()) {
  const sample = serverMs - clientMs;
  if (!Number.isFinite(sample)) return;
  if (samples.length > 0 && sample < Math.max(...samples) - STALE_SAMPLE_MS) return;
  samples = [...samples.slice(-(SAMPLES - 1)), sample];
  set(Math.max(...samples));
}

export function setServerOffset(next: number) {
  samples = [];
  set(next);
}

export function serverOffset(): number {
  return offsetMs;
}

export function useServerOffset(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => offsetMs,
  );
}
