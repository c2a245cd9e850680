// The Hunter Tracking table, combined from what the server reports: progress
// (stats.sessionHunterStats: rank, dinosaurs observed), live positions
// (comms.hunterLocations: distance walked, last seen, pushed by hunter_location
// events) and each hunter's own stats (stats.hunterStats: darts left).
import type { HunterPosition } from '../../../domain/contracts';
import { MINUTES_PER_HOUR, MS_PER_SECOND, SECONDS_PER_MINUTE } from '../../../domain/rules';
import type { MapHunter } from '../map/types';

export type ProgressRow = {
  hunterId: string;
  hunterName: string;
  dinosaursObserved: number;
  completionRank: number;
  completionTime: string | null;
  observedDinosaurIds?: readonly number[];
};
/** What the table reads of a hunter's last position (comms.hunterLocations, kept current by hunter_location events). */
export type PositionRow = Pick<HunterPosition, 'userId' | 'hunterName' | 'location' | 'accuracy' | 'distanceTraveled' | 'timestamp'>;
export type DartsRow = { dartsRemaining: number; distanceTraveled: number };

export type TrackingRow = {
  userId: string;
  handle: string;
  observed: number;
  total: number;
  dartsLeft: number | null;
  /** Metres; null until known. */
  distanceM: number | null;
  lastSeenAt: number | null;
  rank: number | null;
  completed: boolean;
  /** The dinosaurs (ids) this hunter observed. */
  observedIds: readonly number[];
};

export function buildTrackingRows(input: {
  progress: readonly ProgressRow[];
  positions: readonly PositionRow[];
  statsByHunter: ReadonlyMap<string, DartsRow>;
  totalDinosaurs: number;
}): TrackingRow[] {
  const positions = new Map(input.positions.map((p) => [p.userId, p]));
  const rows: TrackingRow[] = input.progress.map((p) => {
    const pos = positions.get(p.hunterId);
    const stats = input.statsByHunter.get(p.hunterId);
    return {
      userId: p.hunterId,
      handle: p.hunterName,
      observed: p.dinosaursObserved,
      total: input.totalDinosaurs,
      dartsLeft: stats?.dartsRemaining ?? null,
      // The live position carries the latest distance; the stats query is the fallback.
      distanceM: pos?.distanceTraveled ?? stats?.distanceTraveled ?? null,
      lastSeenAt: pos?.timestamp ?? null,
      rank: p.completionRank,
      completed: p.completionTime !== null,
      observedIds: p.observedDinosaurIds ?? [],
    };
  });
  // A position can arrive before the progress list is refetched: show the hunter anyway.
  const listed = new Set(rows.map((r) => r.userId));
  for (const pos of input.positions) {
    if (listed.has(pos.userId)) continue;
    rows.push({
      userId: pos.userId,
      handle: pos.hunterName,
      observed: 0,
      total: input.totalDinosaurs,
      dartsLeft: input.statsByHunter.get(pos.userId)?.dartsRemaining ?? null,
      distanceM: pos.distanceTraveled,
      lastSeenAt: pos.timestamp,
      rank: null,
      completed: false,
      observedIds: [],
    });
  }
  return rows.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.handle.localeCompare(b.handle));
}

/** A team as the tracking rows and the map show it (issue 42). */
export type TeamTag = { id: number; name: string; color: string; members: readonly { userId: string }[] };

/** Each hunter's team, by user id. */
export function teamsByUser(teams: readonly TeamTag[] | undefined): Map<string, TeamTag> {
  const byUser = new Map<string, TeamTag>();
  for (const t of teams ?? []) for (const m of t.members) byUser.set(m.userId, t);
  return byUser;
}

/** Positions as the map draws them, labelled with the hunter's handle, in their team's colour in a team hunt. */
export function toMapHunters(positions: readonly PositionRow[] | undefined, teams?: readonly TeamTag[]): MapHunter[] {
  const byUser = teamsByUser(teams);
  return (positions ?? []).map((p) => {
    const team = byUser.get(p.userId);
    return {
      userId: p.userId,
      label: p.hunterName,
      lat: p.location.lat,
      lng: p.location.lng,
      accuracy: p.accuracy,
      timestamp: p.timestamp,
      ...(team ? { color: team.color, teamName: team.name } : {}),
    };
  });
}

const METRES_PER_KM = 1000;

/** '0 m', '850 m', '1.24 km'; a dash when unknown. */
export function formatDistance(metres: number | null): string {
  if (metres === null || !Number.isFinite(metres)) return '—';
  if (metres < METRES_PER_KM) return `${Math.round(Math.max(0, metres))} m`;
  return `${(metres / METRES_PER_KM).toFixed(2)} km`;
}

const JUST_NOW_S = 5;

/** 'just now', '12 s ago', '3 min ago', '2 h ago'; 'not yet' without a position. */
export function lastSeenLabel(at: number | null, now: number): string {
  if (at === null || !Number.isFinite(at)) return 'not yet';
  const s = Math.max(0, Math.floor((now - at) / MS_PER_SECOND));
  if (s < JUST_NOW_S) return 'just now';
  if (s < SECONDS_PER_MINUTE) return `${s} s ago`;
  const min = Math.floor(s / SECONDS_PER_MINUTE);
  if (min < MINUTES_PER_HOUR) return `${min} min ago`;
  return `${Math.floor(min / MINUTES_PER_HOUR)} h ago`;
}
