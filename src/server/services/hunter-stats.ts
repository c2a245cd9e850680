// Hunter statistics, computed from stored events: observation attempts and
// successes, messages sent, and the distance the positions service accumulates
// from stored positions. Each read is one statement over indexed rows, written to run on
// both dialects (db/queries/hunter-stats.ts; counts read with Number(): PostgreSQL's are bigint).
import { sessionHunters, teamsOfSession } from '../db/queries/teams';
import { type PlayerRow, requireSessionAccess } from './session-access';
import type { User } from 'lucia';
import { hunterProgressRows, hunterStatsRow, type Numeric, observedSpeciesRows } from '../db/queries/hunter-stats';
import type { GameSessionRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { refreshSession, type SessionsCtx } from './game-sessions';
import type { z } from 'zod';
import type { HunterStatsOutput as HunterStatsOutputSchema } from '../routers/stats.types';

/** The answer as the procedure's output schema declares it (one contract: stats.types). */
export type HunterStatsOutput = z.infer<typeof HunterStatsOutputSchema>;






/**
 * GET /api/hunter/stats. A hunter reads their own stats (the client's hunterId,
 * a local id, is not an identity and is ignored); the owner or an admin reads
 * one hunter's by hunterId (the hunter's user id).
 */
export async function hunterStats(
  ctx: SessionsCtx & { user: User },
  input: { sessionId: number; hunterId?: string | undefined },
): Promise<HunterStatsOutput> {
  const target = await hunterStatsTarget(ctx, input);
  return statsOf(ctx, target.session, target.userId);
}

export type StatsTarget = {
  session: GameSessionRow;
  userId: string;
  /** The caller's own row when the caller is a hunter of the session (reads their own stats). */
  ownPlayer: PlayerRow | null;
};

/** Whose stats the caller may read: 404 when the session or hunter is unknown, 403 without a part in it. */
export async function hunterStatsTarget(
  ctx: SessionsCtx & { user: User },
  input: { sessionId: number; hunterId?: string | undefined },
): Promise<StatsTarget> {
  const access = await requireSessionAccess(ctx, input.sessionId);
  const session = await refreshSession(ctx, access.gameSession);
  const userId = access.role === 'player' ? ctx.user.id : input.hunterId;
  if (!userId) throw notFound('Hunter not found in this session');
  return { session, userId, ownPlayer: access.role === 'player' ? access.player : null };
}

/** Minutes the hunter has been in the running session (from joining or the start, whichever is later). */
function minutesInSession(session: GameSessionRow, joinedAt: number, now: number): number {
  const from = session.startTime === null ? null : Math.max(session.startTime, joinedAt);
  const to = session.endTime ?? now;
  return from === null ? 0 : Math.max(0, Math.floor((to - from) / 60_000));
}

/**
 * What statsOf reads from the hunter's own row and the clock, which the request reads fresh
 * (the access check loads the row): a cached answer holds only while these are unchanged.
 * Everything else it reads (observations, messages, the ranking) changes with a session event.
 */
export function ownStatsFingerprint(session: GameSessionRow, player: PlayerRow, now: number): string {
  const minutes = minutesInSession(session, player.joinedAt, now);
  return `${minutes}|${player.distanceTraveledM}|${player.dartsRemaining}|${player.dartsUsed}|${player.handle}`;
}

/** One hunter's stats in the session; `ranking` is the session's (sessionHunterStats). */
export async function statsOf(
  ctx: Pick<AppDeps, 'db' | 'now'>,
  session: GameSessionRow,
  userId: string,
  ranking?: HunterProgressRow[],
): Promise<HunterStatsOutput> {
  const found = await hunterStatsRow(ctx.db, session.id, userId);
  if (!found) throw notFound('Hunter not found in this session');
  const hunters = ranking ?? (await sessionHunterStats(ctx, session.id));
  const row = {
    ...found,
    dartsRemaining: Number(found.dartsRemaining),
    dartsUsed: Number(found.dartsUsed),
    distanceTraveledM: Number(found.distanceTraveledM),
    joinedAt: Number(found.joinedAt),
    shots: Number(found.shots),
    successes: Number(found.successes),
    species: Number(found.species),
    reports: Number(found.reports),
    photos: Number(found.photos),
  };

  // Only the hunter's own place is told: other hunters' figures stay with headquarters.
  return {
    hunterId: row.userId,
    hunterName: row.handle,
    dinosaursObserved: row.successes,
    totalObservationTime: minutesInSession(session, row.joinedAt, ctx.now()),
    reportsSubmitted: row.reports,
    photosTaken: row.photos,
    distanceTraveled: Math.round(row.distanceTraveledM),
    uniqueSpeciesFound: row.species,
    dartsRemaining: row.dartsRemaining,
    dartsUsed: row.dartsUsed,
    captureCount: row.successes,
    accuracy: row.shots > 0 ? Math.round((row.successes * 1000) / row.shots) / 10 : 0,
    shotsFired: row.shots,
    completionRank: hunters.findIndex((r) => r.hunterId === row.userId) + 1,
    huntersInSession: hunters.length,
    observedDinosaurIds: idList(row.observedIds),
  };
}

/** idsOf's text of ids ('3,1,2' or null) as ascending numbers. */
function idList(concatenated: string | null): number[] {
  if (!concatenated) return [];
  return concatenated
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
}

export type HunterProgressRow = {
  hunterId: string;
  hunterName: string;
  dinosaursObserved: number;
  /** 1 = best: most dinosaurs observed, then who got there first. */
  completionRank: number;
  /** When the hunter had observed every deployed dinosaur (ISO), or null. */
  completionTime: string | null;
  /** Which dinosaurs the hunter observed (headquarters marks them on its map and in Hunter Tracking). */
  observedDinosaurIds: number[];
};



const numberOrNull = (value: Numeric | null): number | null => (value === null ? null : Number(value));

/** The order of String#localeCompare, without building a collator on every comparison (it did, per poll). */
const handleOrder = new Intl.Collator();

/** GET /api/game-sessions/{id}/hunter-stats: one row per hunter, best first. */
export async function sessionHunterStats(ctx: Pick<AppDeps, 'db'>, sessionId: number): Promise<HunterProgressRow[]> {
  const rows = (await hunterProgressRows(ctx.db, sessionId)).map((r) => ({
    ...r,
    completionTime: numberOrNull(r.completionTime),
    observed: Number(r.observed),
    lastAt: numberOrNull(r.lastAt),
  }));
  const reachedAt = (r: (typeof rows)[number]) => r.completionTime ?? r.lastAt ?? Number.MAX_SAFE_INTEGER;
  rows.sort((a, b) => b.observed - a.observed || reachedAt(a) - reachedAt(b) || handleOrder.compare(a.handle, b.handle));
  return rows.map((r, i) => ({
    hunterId: r.userId,
    hunterName: r.handle,
    dinosaursObserved: r.observed,
    completionRank: i + 1,
    completionTime: r.completionTime === null ? null : new Date(r.completionTime).toISOString(),
    observedDinosaurIds: idList(r.observedIds),
  }));
}

export type HunterResultRow = {
  hunterId: string;
  hunterName: string;
  completionRank: number;
  dinosaursObserved: number;
  dartsUsed: number;
  shotsFired: number;
  /** Metres walked, from stored positions. */
  distanceTraveled: number;
  /** Minutes the hunter was in the running session. */
  totalObservationTime: number;
  completionTime: string | null;
  /** The species the hunter observed, in the order they first observed each (issue 26). */
  observedSpecies: string[];
  /** The hunter's team at the end (issue 42), or null. */
  teamId: number | null;
  teamName: string | null;
};

/**
 * GET /api/game-sessions/{id}/hunter-results: every hunter's figures, best first (the
 * tracking ranking), for the game master's past hunts. The same figures each hunter
 * reads of themselves (statsOf), so headquarters and the phone agree.
 */
export async function sessionHunterResults(ctx: Pick<AppDeps, 'db' | 'now'>, session: GameSessionRow): Promise<HunterResultRow[]> {
  const ranking = await sessionHunterStats(ctx, session.id);
  const species = await observedSpeciesByHunter(ctx, session.id);
  const [hunters, teams] = await Promise.all([sessionHunters(ctx.db, session.id), teamsOfSession(ctx.db, session.id)]);
  const teamOf = new Map(hunters.map((h) => [h.userId, teams.find((t) => t.id === h.teamId) ?? null]));
  const results: HunterResultRow[] = [];
  for (const r of ranking) {
    const s = await statsOf(ctx, session, r.hunterId, ranking);
    results.push({
      hunterId: r.hunterId,
      hunterName: r.hunterName,
      completionRank: r.completionRank,
      dinosaursObserved: s.dinosaursObserved,
      dartsUsed: s.dartsUsed,
      shotsFired: s.shotsFired,
      distanceTraveled: s.distanceTraveled,
      totalObservationTime: s.totalObservationTime,
      completionTime: r.completionTime,
      observedSpecies: species.get(r.hunterId) ?? [],
      teamId: teamOf.get(r.hunterId)?.id ?? null,
      teamName: teamOf.get(r.hunterId)?.name ?? null,
    });
  }
  return results;
}


/** Per hunter (user id), the species they observed, in the order they observed them (a species twice: once). */
export async function observedSpeciesByHunter(ctx: Pick<AppDeps, 'db'>, sessionId: number): Promise<Map<string, string[]>> {
  const rows = await observedSpeciesRows(ctx.db, sessionId);
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const name = r.speciesName ?? 'Unknown species';
    const list = out.get(r.hunterId) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(r.hunterId, list);
  }
  return out;
}
