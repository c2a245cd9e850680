// A past hunt on a timeline (issue 26, helper hunts; decision 820): every hunter's path,
// thinned to a bounded size, and each observation, played back at HQ with a scrubber.
// The server thins the paths and decides whether they are still kept; HQ draws a frame.
import { GPS_RETENTION_MS, REPLAY_MAX_POINTS, REPLAY_MAX_POINTS_PER_HUNTER } from './rules';

/** A fix of a hunter's path: t in milliseconds since the epoch. */
export type ReplayPoint = { t: number; lat: number; lng: number };

/** How many fixes each of `hunters` paths may keep: the total budget shared out, never above the per-hunter cap. */
export function pointsPerHunter(hunters: number): number {
  if (hunters <= 0) return REPLAY_MAX_POINTS_PER_HUNTER;
  return Math.max(2, Math.min(REPLAY_MAX_POINTS_PER_HUNTER, Math.floor(REPLAY_MAX_POINTS / hunters)));
}

/**
 * At most `max` of `points` (in time order), evenly spread over the list: the first and
 * the last are always kept, so a thinned path starts and ends where the hunter did.
 */
export function downsample<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return points.slice();
  if (max <= 0) return [];
  if (max === 1) return [points[points.length - 1] as T];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i += 1) out.push(points[Math.round(i * step)] as T);
  return out;
}

/** When the paths of a hunt that ended at `endedAt` are deleted (the privacy policy's 48 hours). */
export const pathsDeletedAt = (endedAt: number): number => endedAt + GPS_RETENTION_MS;

/** True while the paths of a hunt that ended at `endedAt` may still be shown. */
export const pathsKept = (endedAt: number, now: number): boolean => now < pathsDeletedAt(endedAt);

/** How many of `items` (sorted by t) happened at or before `at`: binary search. */
export function countUpTo(items: readonly { t: number }[], at: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as { t: number }).t <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type ReplayTrack = { hunterId: string; points: readonly ReplayPoint[] };
export type ReplayObservationAt = { t: number };

export type ReplayFrame<O> = {
  /** Per hunter, the path walked so far (from the first fix to the last at or before the moment). */
  paths: { hunterId: string; walked: ReplayPoint[]; at: ReplayPoint | null }[];
  /** The observations made so far, oldest first. */
  observations: O[];
};

/** What the map shows at moment `at` of the replay. */
export function replayFrame<O extends ReplayObservationAt>(
  tracks: readonly ReplayTrack[],
  observations: readonly O[],
  at: number,
): ReplayFrame<O> {
  return {
    paths: tracks.map((track) => {
      const n = countUpTo(track.points, at);
      const walked = track.points.slice(0, n);
      return { hunterId: track.hunterId, walked, at: walked[walked.length - 1] ?? null };
    }),
    observations: observations.slice(0, countUpTo(observations, at)),
  };
}

/** "1:05:09" or "5:09": time since the start of the replay. */
export function formatReplayClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The next moment of a playing replay: `speed` hunt-seconds per real second, stopping at the end. */
export function advanceReplay(at: number, elapsedMs: number, speed: number, end: number): number {
  return Math.min(end, at + elapsedMs * speed);
}
