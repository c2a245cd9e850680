// Past hunts (issue 26, helper hunts): the replay of an ended hunt (every hunter's path,
// thinned to a bounded size, and each observation; decision 820), its results as CSV, and
// running it again as a new session (decision 821). Paths follow the privacy policy: they
// are shown only until GPS_RETENTION_MS after the end, whether or not the purge has run.
import { pathsDeletedAt, pathsKept, pointsPerHunter, downsample, type ReplayPoint } from '../../domain/hunt-replay';
import { ARCHIVE_MESSAGES, type RunAgainBody } from '../../domain/hunt-archive-schemas';
import type { User } from 'lucia';
import { eq } from 'drizzle-orm';
import { replayDinosaurRows, replayObservationRows, replayPathRows } from '../db/queries/hunt-replay';
import type { AppDeps } from '../deps';
import { type GameSessionRow, missions } from '../db/schema';
import { conflict, notFound } from '../errors';
import { teamOfSession } from '../db/queries/teams';
import { TEAM_MESSAGES } from '../../domain/teams';
import { csvLine, fileStamp } from './admin-exports';
import { createSession, refreshSession, type SessionOutput, type SessionsCtx } from './game-sessions';
import { sessionHunterResults } from './hunter-stats';
import { readSessionLayout } from './session-layout';
import type { z } from 'zod';
import type { ReplayOutput as ReplayOutputSchema } from '../routers/hunts/hunts.types';

type Ctx = Pick<AppDeps, 'db' | 'bus' | 'now'>;

const iso = (ms: number) => new Date(ms).toISOString();
/** Six decimals: about 0.1 m, finer than any phone's fix, and a third shorter on the wire. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** The moment a completed session ended (sessions ended before end_time was kept: their creation). */
export const endedAt = (s: GameSessionRow): number => s.endTime ?? s.createdAt;

async function endedSession(ctx: SessionsCtx, session: GameSessionRow, message: string): Promise<GameSessionRow> {
  const current = await refreshSession(ctx, session);
  if (current.status !== 'completed') throw conflict(message);
  return current;
}

// --- Replay -------------------------------------------------------------------

/** The answer as the procedure's output schema declares it (one contract: hunts.types). */
export type ReplayOutput = z.infer<typeof ReplayOutputSchema>;

/**
 * GET /game-sessions/{id}/replay: an ended hunt on a timeline. Paths are thinned evenly in time
 * to REPLAY_MAX_POINTS in all (first and last fix kept); past the retention window they are
 * empty and pathsKept is false. Observations (results) remain, drawn at the dinosaur observed.
 */
export async function huntReplay(ctx: SessionsCtx, session: GameSessionRow, teamId?: number): Promise<ReplayOutput> {
  const s = await endedSession(ctx, session, ARCHIVE_MESSAGES.replayNotEnded);
  const end = endedAt(s);
  const kept = pathsKept(end, ctx.now());
  if (teamId !== undefined && !(await teamOfSession(ctx.db, s.id, teamId))) throw notFound(TEAM_MESSAGES.teamNotFound);
  // One team's replay (issue 42): its hunters at the end, and what they observed.
  const ranking = (await sessionHunterResults(ctx, s)).filter((h) => teamId === undefined || h.teamId === teamId);
  const shown = new Set(ranking.map((h) => h.hunterId));
  const byHunter = new Map<string, ReplayPoint[]>();
  if (kept) {
    const rows = await replayPathRows(ctx.db, s.id);
    for (const r of rows) {
      const list = byHunter.get(r.hunterId) ?? [];
      list.push({ t: Number(r.t), lat: round6(r.lat), lng: round6(r.lng) });
      byHunter.set(r.hunterId, list);
    }
  }
  const budget = pointsPerHunter(ranking.length);
  const observations = (await replayObservationRows(ctx.db, s.id)).filter((o) => teamId === undefined || shown.has(o.hunterId)).map((o) => ({ ...o, t: Number(o.t), lat: o.lat === null ? null : round6(o.lat), lng: o.lng === null ? null : round6(o.lng) }));
  const dinosaurs = await replayDinosaurRows(ctx.db, s.id);
  return {
    sessionId: s.id,
    name: s.name,
    startTime: s.startTime === null ? null : iso(s.startTime),
    endTime: iso(end),
    pathsKept: kept,
    pathsDeletedAt: iso(pathsDeletedAt(end)),
    playArea: s.playArea ?? null,
    noGoZones: s.noGoZones ?? [],
    dinosaurs,
    hunters: ranking.map((h) => {
      const points = byHunter.get(h.hunterId) ?? [];
      return {
        hunterId: h.hunterId,
        hunterName: h.hunterName,
        completionRank: h.completionRank,
        pointsStored: points.length,
        points: downsample(points, budget),
      };
    }),
    observations,
  };
}

// --- CSV ----------------------------------------------------------------------

export const RESULTS_CSV_COLUMNS = [
  'rank',
  'hunter',
  'dinosaurs_observed',
  'observed_species',
  'darts_used',
  'shots_fired',
  'distance_m',
  'minutes',
  'all_observed_at',
] as const;

/**
 * GET /game-sessions/{id}/results.csv: one row per hunter, best first, the figures of
 * Past hunts. Cells a spreadsheet would read as a formula get a leading apostrophe (csvCell).
 * A team hunt (issue 42) has a `team` column after `hunter` (a solo hunt's file is as it was).
 */
export async function huntResultsCsv(ctx: Pick<AppDeps, 'db' | 'now'>, session: GameSessionRow): Promise<{ csv: string; fileName: string }> {
  const teams = session.teamMode !== 'solo';
  const columns: readonly string[] = teams ? [...RESULTS_CSV_COLUMNS.slice(0, 2), 'team', ...RESULTS_CSV_COLUMNS.slice(2)] : RESULTS_CSV_COLUMNS;
  let csv = csvLine(columns);
  for (const h of await sessionHunterResults(ctx, session)) {
    csv += csvLine([
      h.completionRank,
      h.hunterName,
      ...(teams ? [h.teamName] : []),
      h.dinosaursObserved,
      h.observedSpecies.join('; '),
      h.dartsUsed,
      h.shotsFired,
      h.distanceTraveled,
      h.totalObservationTime,
      h.completionTime,
    ]);
  }
  const stamp = fileStamp(session.endTime ?? session.createdAt);
  return { csv, fileName: `dinohunt-hunt-${session.id}-results-${stamp}.csv` };
}

// --- Run it again --------------------------------------------------------------

/**
 * POST /game-sessions/{id}/run-again: a new preparing session with the past hunt's play area,
 * no-go zones, dinosaurs, mission, duration, players (capped to the plan) and public meeting point, under a new name
 * and password. Counts against the plan like any new session (createSession).
 */
export async function runAgain(ctx: Ctx & { user: User }, session: GameSessionRow, body: RunAgainBody): Promise<SessionOutput> {
  const s = await endedSession(ctx, session, ARCHIVE_MESSAGES.rerunNotEnded);
  const [mission] =
    s.missionId === null ? [] : await ctx.db.select({ id: missions.id }).from(missions).where(eq(missions.id, s.missionId)).limit(1);
  return createSession(
    ctx,
    {
      name: body.name,
      password: body.password,
      maxPlayers: s.maxPlayers,
      duration: s.duration,
      missionId: mission?.id ?? null,
      // A public expedition runs again as one, from the same meeting point (the game master can make it private).
      isPublic: s.isPublic,
      meetingPoint: s.meetingLat !== null && s.meetingLng !== null ? { lat: s.meetingLat, lng: s.meetingLng } : null,
      meetingNote: s.meetingNote,
      // Teams run again as they were set (issue 42); the teams themselves are made anew.
      teamMode: s.teamMode,
      maxTeamSize: s.maxTeamSize,
      teamSwitchAfterStart: s.teamSwitchAfterStart,
    },
    await readSessionLayout(ctx.db, s),
  );
}
