// Game sessions: creation, the lifecycle (start now or scheduled, pause, resume,
// end, expiry), listing by role, time status and result. Procedures, the
// scheduler and tests call these directly.
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { completionResult } from '../../domain/countdown';
import { EXPEDITION_MESSAGES } from '../../domain/expeditions';
import type { EndedReason } from '../../domain/session-outcome';
import { MAX_SCHEDULE_AHEAD_MS, SCHEDULE_GRACE_MS } from '../../domain/rules';
import type { CreateSessionInput, StartSessionBody } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import { foldKey } from '../../domain/text-keys';
import type { AppDeps } from '../deps';
import {
  type GameSessionRow,
  gameSessions,
  missions,
  sessionPlayers,
  sessionResults,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { capMaxPlayers, consumeSessionAllowance } from './plan-limits';
import { prepared } from './prepared';
import { awardSessionEnd } from './achievements';
import { requireSessionAccess } from './session-access';
import { type SessionLayout, writeSessionLayout } from './session-layout';
import { isRunning, RUNNING_STATUSES, sessionEndsAt, sessionExpired, sessionTimeStatus } from './session-clock';

export type SessionsCtx = Pick<AppDeps, 'db' | 'bus' | 'now'>;
type UserCtx = SessionsCtx & { user: User };

export type SessionOutput = {
  id: number;
  name: string;
  /** Only for the owning game master and admins. */
  password?: string;
  maxPlayers: number;
  missionId: number | null;
  status: GameSessionRow['status'];
  startTime: string | null;
  endTime: string | null;
  duration: number;
  currentPlayers: number;
  createdAt: string;
  briefingVideoUrl: string | null;
  coverPhotoUrl: string | null;
  description: string | null;
  scheduledStartTime: string | null;
  pausedAt: string | null;
  endsAt: string | null;
  timeRemaining: number;
  hasTimeLimit: boolean;
  /** Why a completed session ended (null otherwise, and for sessions ended before it was recorded). */
  endedReason: EndedReason | null;
  /** The caller's own handle, when the caller is a hunter in it. */
  hunterHandle?: string;
  /** A public expedition (decision 835): listed to hunter accounts, joined without the password. */
  isPublic: boolean;
  meetingPoint: { lat: number; lng: number } | null;
  meetingNote: string | null;
};

const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export function toSessionOutput(
  row: GameSessionRow,
  now: number,
  opts: { includePassword: boolean; currentPlayers: number; hunterHandle?: string | undefined },
): SessionOutput {
  const time = sessionTimeStatus(row, now);
  return {
    id: row.id,
    name: row.name,
    ...(opts.includePassword ? { password: row.password } : {}),
    maxPlayers: row.maxPlayers,
    missionId: row.missionId,
    status: row.status,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    duration: row.duration,
    currentPlayers: opts.currentPlayers,
    createdAt: iso(row.createdAt)!,
    briefingVideoUrl: row.briefingVideoUrl,
    coverPhotoUrl: row.coverPhotoUrl,
    description: row.description,
    scheduledStartTime: iso(row.scheduledStartTime),
    pausedAt: iso(row.pausedAt),
    endsAt: row.status === 'completed' ? iso(row.endTime) : iso(sessionEndsAt(row, now)),
    timeRemaining: time.timeRemaining,
    hasTimeLimit: time.hasTimeLimit,
    endedReason: row.status === 'completed' ? row.endedReason : null,
    ...(opts.hunterHandle !== undefined ? { hunterHandle: opts.hunterHandle } : {}),
    isPublic: row.isPublic,
    meetingPoint: meetingPointOf(row),
    meetingNote: row.meetingNote,
  };
}

const mediaUrl = (stored: string | null): string | null =>
  !stored ? null : /^(https?:)?\//.test(stored) ? stored : `/uploads/${stored}`;

/** A session's meeting point, when both coordinates are set. */
export function meetingPointOf(row: Pick<GameSessionRow, 'meetingLat' | 'meetingLng'>): { lat: number; lng: number } | null {
  return row.meetingLat === null || row.meetingLng === null ? null : { lat: row.meetingLat, lng: row.meetingLng };
}

/** Hunters in the session: a removed hunter (decision 836) no longer counts, so their spot is free again. */
/** Hunters in the session (removed ones free their spot). Prepared once: `sessions.get`, a polled read, counts on every call. */
export function countPlayers(ctx: Pick<AppDeps, 'db'>, sessionId: number): number {
  const count = prepared(ctx.db, 'session-player-count', (d) =>
    d
      .select({ n: sql<number>`count(*)` })
      .from(sessionPlayers)
      .where(and(eq(sessionPlayers.sessionId, sql.placeholder('sessionId')), isNull(sessionPlayers.removedAt)))
      .prepare(),
  );
  return count.get({ sessionId })?.n ?? 0;
}

function publish(ctx: SessionsCtx, sessionId: number, type: string, payload: Record<string, unknown> = {}) {
  ctx.bus.publish({ sessionId, type, payload: { sessionId, timestamp: ctx.now(), ...payload } });
}

function reload(ctx: Pick<AppDeps, 'db'>, id: number): GameSessionRow {
  const row = ctx.db.select().from(gameSessions).where(eq(gameSessions.id, id)).get();
  if (!row) throw notFound('Session not found');
  return row;
}

// --- Create --------------------------------------------------------------

/**
 * Creates a preparing session. With `layout` (a past hunt run again, decision 821), the new
 * session gets its play area, no-go zones and dinosaurs in the same transaction.
 */
export function createSession(ctx: UserCtx, input: CreateSessionInput, layout?: SessionLayout): SessionOutput {
  const now = ctx.now();
  if (input.isPublic && !input.meetingPoint) {
    throw badRequest(EXPEDITION_MESSAGES.meetingPointRequired, { fieldErrors: { meetingPoint: EXPEDITION_MESSAGES.meetingPointRequired } });
  }
  const row = ctx.db.transaction(
    (tx) => {
      let mission: typeof missions.$inferSelect | undefined;
      if (input.missionId !== null) {
        mission = tx.select().from(missions).where(eq(missions.id, input.missionId)).get();
        if (!mission) throw badRequest('Mission not found');
      }
      // The plan: 403 without a subscription, 409 past the weekly allowance (a credit is used
      // when the plan's allowance is spent), maxPlayers capped to the plan. Admins bypass.
      const maxPlayers = capMaxPlayers(ctx, ctx.user, input.maxPlayers);
      consumeSessionAllowance(ctx, ctx.user);
      const inserted = tx
        .insert(gameSessions)
        .values({
          ownerId: ctx.user.id,
          name: input.name,
          nameKey: foldKey(input.name),
          password: input.password,
          maxPlayers,
          missionId: mission?.id ?? null,
          status: 'preparing',
          duration: input.duration ?? 0,
          briefingVideoUrl: mediaUrl(mission?.briefingVideoPath ?? null),
          coverPhotoUrl: mediaUrl(mission?.coverPhotoPath ?? null),
          description: mission?.description ?? null,
          isPublic: input.isPublic,
          meetingLat: input.meetingPoint?.lat ?? null,
          meetingLng: input.meetingPoint?.lng ?? null,
          meetingNote: input.meetingNote,
          createdAt: now,
        })
        .returning()
        .get();
      if (!layout) return inserted;
      writeSessionLayout(tx, inserted.id, layout, now);
      return { ...inserted, playArea: layout.playArea, noGoZones: layout.noGoZones };
    },
    { behavior: 'immediate' },
  );
  publish(ctx, row.id, 'session_created', { name: row.name, status: row.status });
  return toSessionOutput(row, now, { includePassword: true, currentPlayers: 0 });
}

// --- List ----------------------------------------------------------------

/**
 * A game master's own sessions (with passwords), all sessions for admins, the
 * joined ones for hunters (never a password). Ended sessions are left out
 * unless asked for. Newest first.
 */
export function listSessions(ctx: UserCtx, opts: { includeEnded: boolean }): SessionOutput[] {
  runDueTransitions(ctx);
  const now = ctx.now();
  const notEnded = opts.includeEnded ? undefined : ne(gameSessions.status, 'completed');
  // Qualified by hand: drizzle leaves columns unqualified in single-table selects.
  const players = sql<number>`(select count(*) from session_players sp where sp.session_id = "game_sessions"."id" and sp.removed_at is null)`;
  if (ctx.user.role === 'hunter') {
    const rows = ctx.db
      .select({ session: gameSessions, players, handle: sessionPlayers.handle })
      .from(sessionPlayers)
      .innerJoin(gameSessions, eq(gameSessions.id, sessionPlayers.sessionId))
      // A session the hunter was removed from is no longer theirs to resume (decision 836).
      .where(and(eq(sessionPlayers.userId, ctx.user.id), isNull(sessionPlayers.removedAt), notEnded))
      .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
      .all();
    return rows.map((r) =>
      toSessionOutput(r.session, now, { includePassword: false, currentPlayers: r.players, hunterHandle: r.handle }),
    );
  }
  const mine = ctx.user.role === 'admin' ? undefined : eq(gameSessions.ownerId, ctx.user.id);
  const rows = ctx.db
    .select({ session: gameSessions, players })
    .from(gameSessions)
    .where(and(mine, notEnded))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
    .all();
  return rows.map((r) => toSessionOutput(r.session, now, { includePassword: true, currentPlayers: r.players }));
}

/** One session as its caller may see it (owner/admin with password, a hunter of it without). */
export function getSession(ctx: UserCtx, id: number): SessionOutput {
  const access = requireSessionAccess(ctx, id);
  const row = refreshSession(ctx, access.gameSession);
  return toSessionOutput(row, ctx.now(), {
    includePassword: access.role !== 'player',
    currentPlayers: countPlayers(ctx, id),
    hunterHandle: access.player?.handle,
  });
}

// --- Lifecycle -----------------------------------------------------------

function illegal(action: string, row: GameSessionRow): never {
  if (row.status === 'completed') throw conflict(`Cannot ${action} the session: it has already ended`);
  if (action === 'start' && isRunning(row.status)) throw conflict('Cannot start the session: it is already active');
  if (action === 'start' && row.status === 'paused') {
    throw conflict('Cannot start the session: it is paused; resume it instead');
  }
  if (action === 'pause' && row.status === 'paused') throw conflict('Cannot pause the session: it is already paused');
  if (action === 'pause' && row.status === 'preparing') {
    throw conflict('Cannot pause the session: it has not started yet');
  }
  if (action === 'resume' && isRunning(row.status)) throw conflict('Cannot resume the session: it is not paused');
  if (action === 'resume' && row.status === 'preparing') {
    throw conflict('Cannot resume the session: it has not started yet');
  }
  throw conflict(`Cannot ${action} the session while it is ${row.status}`);
}

function output(ctx: SessionsCtx, row: GameSessionRow): SessionOutput {
  return toSessionOutput(row, ctx.now(), { includePassword: true, currentPlayers: countPlayers(ctx, row.id) });
}

/** Start now, or schedule the start (status stays 'preparing' until then). */
export function startSession(ctx: SessionsCtx, session: GameSessionRow, body: StartSessionBody): SessionOutput {
  const current = refreshSession(ctx, session);
  if (current.status !== 'preparing') illegal('start', current);
  const now = ctx.now();
  const duration = body.duration ?? current.duration;
  const scheduled = body.scheduledStartTime;
  if (scheduled !== null && scheduled < now - SCHEDULE_GRACE_MS) throw badRequest(SESSION_MESSAGES.schedulePast);
  if (scheduled !== null && scheduled > now + MAX_SCHEDULE_AHEAD_MS) throw badRequest(SESSION_MESSAGES.scheduleTooFar);
  const later = scheduled !== null && scheduled > now;
  const res = ctx.db
    .update(gameSessions)
    .set(
      later
        ? { duration, scheduledStartTime: scheduled }
        : { duration, status: 'active', startTime: now, scheduledStartTime: null, pausedAt: null, pausedTotalMs: 0 },
    )
    .where(and(eq(gameSessions.id, current.id), eq(gameSessions.status, 'preparing')))
    .run();
  const row = reload(ctx, current.id);
  if (res.changes === 0) illegal('start', row);
  if (later) {
    publish(ctx, row.id, 'session_scheduled', { scheduledStartTime: iso(scheduled), duration });
  } else {
    publish(ctx, row.id, 'session_started', { startTime: iso(now), duration, scheduled: false });
  }
  return output(ctx, row);
}

export function pauseSession(ctx: SessionsCtx, session: GameSessionRow): SessionOutput {
  const current = refreshSession(ctx, session);
  const now = ctx.now();
  const res = ctx.db
    .update(gameSessions)
    .set({ status: 'paused', pausedAt: now })
    .where(and(eq(gameSessions.id, current.id), inArray(gameSessions.status, [...RUNNING_STATUSES])))
    .run();
  const row = reload(ctx, current.id);
  if (res.changes === 0) illegal('pause', row);
  publish(ctx, row.id, 'session_paused', { pausedAt: iso(now), timeRemaining: sessionTimeStatus(row, now).timeRemaining });
  return output(ctx, row);
}

export function resumeSession(ctx: SessionsCtx, session: GameSessionRow): SessionOutput {
  const now = ctx.now();
  const res = ctx.db
    .update(gameSessions)
    .set({
      status: 'active',
      pausedAt: null,
      pausedTotalMs: sql`${gameSessions.pausedTotalMs} + max(0, ${now} - coalesce(${gameSessions.pausedAt}, ${now}))`,
    })
    .where(and(eq(gameSessions.id, session.id), eq(gameSessions.status, 'paused')))
    .run();
  const row = reload(ctx, session.id);
  if (res.changes === 0) illegal('resume', refreshSession(ctx, row));
  publish(ctx, row.id, 'session_resumed', { timeRemaining: sessionTimeStatus(row, now).timeRemaining });
  return output(ctx, row);
}

/** Ends the session (any status but completed) and records its result. */
export function endSession(ctx: SessionsCtx, session: GameSessionRow): SessionOutput {
  const current = refreshSession(ctx, session);
  if (current.status === 'completed') illegal('end', current);
  const ended = finish(ctx, current, ctx.now(), 'ended');
  if (!ended) illegal('end', reload(ctx, current.id));
  return output(ctx, reload(ctx, current.id));
}

/**
 * Moves a session to completed at `endTime` (once: a concurrent end loses) and
 * writes its result. `reason` is the status unless every deployed dinosaur was
 * found, which is 'completed'. Returns false when it had already ended.
 */
function finish(ctx: SessionsCtx, row: GameSessionRow, endTime: number, reason: 'ended' | 'time_expired'): boolean {
  const done = ctx.db.transaction(
    (tx) => {
      const closedPause = row.pausedAt !== null ? Math.max(0, endTime - row.pausedAt) : 0;
      const res = tx
        .update(gameSessions)
        .set({
          status: 'completed',
          endTime,
          endedReason: reason === 'time_expired' ? 'time_up' : 'ended_by_game_master',
          pausedAt: null,
          pausedTotalMs: row.pausedTotalMs + closedPause,
        })
        .where(and(eq(gameSessions.id, row.id), ne(gameSessions.status, 'completed')))
        .run();
      if (res.changes === 0) return null;
      const result = computeResult(ctx, row.id, reason);
      tx.insert(sessionResults)
        .values({ sessionId: row.id, ...result, createdAt: endTime })
        .onConflictDoNothing()
        .run();
      return result;
    },
    { behavior: 'immediate' },
  );
  if (!done) return false;
  publish(ctx, row.id, 'session_ended', {
    endTime: iso(endTime),
    endedReason: reason === 'time_expired' ? 'time_up' : 'ended_by_game_master',
    ...done,
  });
  // Every hunter of it has now played one more hunt to its end (after session_ended: the end dialog opens first).
  awardSessionEnd(ctx, row.id);
  return true;
}

const RESULT_SQL = `
SELECT count(*) AS total,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM observations o
                                     WHERE o.session_id = d.session_id AND o.dinosaur_id = d.id AND o.success = 1)) AS found
FROM session_dinosaurs d
WHERE d.session_id = ?`;

function computeResult(ctx: Pick<AppDeps, 'db'>, sessionId: number, reason: 'ended' | 'time_expired') {
  const totals = (ctx.db.$client.prepare(RESULT_SQL).get(sessionId) as { total: number; found: number } | undefined) ?? {
    total: 0,
    found: 0,
  };
  return completionResult({ observed: totals.found, total: totals.total, timeExpired: reason === 'time_expired' });
}

// --- Time-driven transitions ---------------------------------------------

/**
 * Applies what the clock says is due: a scheduled start whose time has come
 * (the session counts as started at its scheduled time), and a running session
 * whose time has run out (ended at that instant, completionStatus time_expired).
 * Cheap when nothing is due: no query at all.
 */
export function refreshSession(ctx: SessionsCtx, row: GameSessionRow): GameSessionRow {
  const now = ctx.now();
  let current = row;
  if (current.status === 'preparing' && current.scheduledStartTime !== null && current.scheduledStartTime <= now) {
    const startTime = current.scheduledStartTime;
    const res = ctx.db
      .update(gameSessions)
      .set({ status: 'active', startTime, scheduledStartTime: null, pausedAt: null, pausedTotalMs: 0 })
      .where(and(eq(gameSessions.id, current.id), eq(gameSessions.status, 'preparing')))
      .run();
    current = reload(ctx, current.id);
    if (res.changes > 0) {
      publish(ctx, current.id, 'session_started', { startTime: iso(startTime), duration: current.duration, scheduled: true });
    }
  }
  if (sessionExpired(current, now)) {
    finish(ctx, current, sessionEndsAt(current) ?? now, 'time_expired');
    current = reload(ctx, current.id);
  }
  return current;
}

/** Every due scheduled start and every expired session, in one indexed query. Returns how many changed. */
export function runDueTransitions(ctx: SessionsCtx): number {
  const now = ctx.now();
  const due = ctx.db
    .select()
    .from(gameSessions)
    .where(
      sql`(${gameSessions.status} = 'preparing' and ${gameSessions.scheduledStartTime} <= ${now})
        or (${gameSessions.status} in ('active', 'started') and ${gameSessions.startTime} is not null
            and ${gameSessions.startTime} + ${gameSessions.duration} * 60000 + ${gameSessions.pausedTotalMs} <= ${now})`,
    )
    .all();
  for (const row of due) refreshSession(ctx, row);
  return due.length;
}

// --- Reads ---------------------------------------------------------------

export function getResult(ctx: UserCtx, id: number) {
  const access = requireSessionAccess(ctx, id);
  refreshSession(ctx, access.gameSession);
  const row = ctx.db.select().from(sessionResults).where(eq(sessionResults.sessionId, id)).get();
  if (!row) throw notFound('No result for this session yet');
  return {
    sessionId: row.sessionId,
    completionStatus: row.completionStatus,
    completionRate: row.completionRate,
    dinosaursFound: row.dinosaursFound,
    totalDinosaurs: row.totalDinosaurs,
    createdAt: iso(row.createdAt)!,
  };
}

/** GET /{id}/time-status: one prepared access query; the countdown from stored timestamps. */
export function timeStatusOf(ctx: UserCtx, id: number) {
  const access = requireSessionAccess(ctx, id);
  const row = refreshSession(ctx, access.gameSession);
  const now = ctx.now();
  const endsAt = row.status === 'completed' ? row.endTime : sessionEndsAt(row, now);
  return {
    ...sessionTimeStatus(row, now),
    status: row.status,
    isPaused: row.status === 'paused',
    endsAt: iso(endsAt),
  };
}
