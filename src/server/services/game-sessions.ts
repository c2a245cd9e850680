// Game sessions: creation, the lifecycle (start now or scheduled, pause, resume,
// end, expiry), listing by role, time status and result. Procedures, the
// scheduler and tests call these directly.
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import type { EventOf, EventType, PayloadOf } from '../../domain/contracts';
import { completionResult } from '../../domain/countdown';
import { EXPEDITION_MESSAGES } from '../../domain/expeditions';
import { MAX_SCHEDULE_AHEAD_MS, SCHEDULE_GRACE_MS } from '../../domain/rules';
import type { CreateSessionInput, StartSessionBody } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import { foldKey } from '../../domain/text-keys';
import type { AppDeps } from '../deps';
import type { PublishInput } from '../event-bus';
import type { Queryable, Tx } from '../db/client';
import { lockFor } from '../db/locks';
import { preparedQuery } from '../db/prepared';
import { deployedDinosaurTotals, dueSessions } from '../db/queries/session-schedule';
import {
  type GameSessionRow,
  gameSessions,
  missions,
  sessionPlayers,
  sessionResults,
} from '../db/schema';
import { sessionPlayerCount } from '../db/queries/session-fields';
import { refuseCommonPassword } from '../auth/password-policy';
import { badRequest, conflict, notFound } from '../errors';
import { resolveMaxTeamSize } from '../../domain/teams';
import { capMaxPlayers, consumeSessionAllowance } from './plan-limits';
import { awardSessionEnd } from './achievements';
import { requireSessionAccess } from './session-access';
import { type SessionLayout, writeSessionLayout } from './session-layout';
import { isRunning, RUNNING_STATUSES, sessionEndsAt, sessionExpired, sessionTimeStatus } from './session-clock';
import type { z } from 'zod';
import type { SessionOutputSchema } from '../routers/sessions/sessions.types';

export type SessionsCtx = Pick<AppDeps, 'db' | 'bus' | 'now'>;
type UserCtx = SessionsCtx & { user: User };

/** The answer as the procedure's output schema declares it (one contract: sessions.types). */
export type SessionOutput = z.infer<typeof SessionOutputSchema>;

const iso = (ms: number | null | undefined): string | null => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
/** An instant that is known (an event's time of the change) as ISO 8601. */
const isoAt = (ms: number): string => new Date(ms).toISOString();

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
    teamMode: row.teamMode,
    maxTeamSize: row.maxTeamSize,
    teamSwitchAfterStart: row.teamSwitchAfterStart,
  };
}

const mediaUrl = (stored: string | null): string | null =>
  !stored ? null : /^(https?:)?\//.test(stored) ? stored : `/uploads/${stored}`;

/** A session's meeting point, when both coordinates are set. */
export function meetingPointOf(row: Pick<GameSessionRow, 'meetingLat' | 'meetingLng'>): { lat: number; lng: number } | null {
  return row.meetingLat === null || row.meetingLng === null ? null : { lat: row.meetingLat, lng: row.meetingLng };
}

const playerCount = preparedQuery('session_player_count', (q) =>
  q
    .select({ n: count() })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sql.placeholder('sessionId')), isNull(sessionPlayers.removedAt))),
);

/**
 * Hunters in the session: a removed hunter (decision 836) no longer counts, so their spot is free
 * again. `db` may be a transaction (joining counts inside its own). `sessions.get`, a polled read,
 * counts on every call: the query is prepared once (db/prepared.ts).
 */
export async function countPlayers(ctx: { db: Queryable }, sessionId: number): Promise<number> {
  const [row] = await playerCount(ctx.db, { sessionId });
  return row?.n ?? 0;
}

/** The events of a session's life, published here. */
type SessionLifeType = Extract<EventType, `session_${string}`>;

/** Stores the session's event with `q`, the transaction of the change it describes (its sessionId and timestamp added). */
async function publish<T extends SessionLifeType>(
  ctx: SessionsCtx,
  q: Queryable,
  sessionId: number,
  type: T,
  fields: Omit<PayloadOf<T>, 'sessionId' | 'timestamp'>,
) {
  // TypeScript cannot tie the payload to `type` through the generic; the signature above does.
  const event = { type, payload: { sessionId, timestamp: ctx.now(), ...fields } } as EventOf<T>;
  await ctx.bus.publish(q, { sessionId, ...event } as PublishInput);
}

async function reload(ctx: { db: Queryable }, id: number): Promise<GameSessionRow> {
  const [row] = await ctx.db.select().from(gameSessions).where(eq(gameSessions.id, id)).limit(1);
  if (!row) throw notFound('Session not found');
  return row;
}

// --- Create --------------------------------------------------------------

/**
 * Creates a preparing session. With `layout` (a past hunt run again, decision 821), the new
 * session gets its play area, no-go zones and dinosaurs in the same transaction.
 */
export async function createSession(ctx: UserCtx, input: CreateSessionInput, layout?: SessionLayout): Promise<SessionOutput> {
  const now = ctx.now();
  // New and run-again sessions alike (decision 931); the length and the mix are the shared schema's.
  refuseCommonPassword(input.password, SESSION_MESSAGES.passwordTooCommon);
  if (input.isPublic && !input.meetingPoint) {
    throw badRequest(EXPEDITION_MESSAGES.meetingPointRequired, { fieldErrors: { meetingPoint: EXPEDITION_MESSAGES.meetingPointRequired } });
  }
  const row = await ctx.db.transaction(async (tx) => {
    // Two clicks at once: the second waits here until the first has counted and inserted.
    await lockFor(tx, 'gamemaster', ctx.user.id);
    let mission: typeof missions.$inferSelect | undefined;
    if (input.missionId !== null) {
      [mission] = await tx.select().from(missions).where(eq(missions.id, input.missionId)).limit(1);
      if (!mission) throw badRequest('Mission not found');
    }
    // The plan: 403 without a subscription, 409 past the weekly allowance (a credit is used
    // when the plan's allowance is spent), maxPlayers capped to the plan. Admins bypass.
    const limits = { db: tx, now: ctx.now };
    const maxPlayers = await capMaxPlayers(limits, ctx.user, input.maxPlayers);
    const maxTeamSize = resolveMaxTeamSize(input.maxTeamSize, maxPlayers);
    if (typeof maxTeamSize === 'string') throw badRequest(maxTeamSize, { fieldErrors: { maxTeamSize } });
    await consumeSessionAllowance(limits, ctx.user);
    const [inserted] = await tx
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
        teamMode: input.teamMode,
        maxTeamSize,
        teamSwitchAfterStart: input.teamSwitchAfterStart,
        createdAt: now,
      })
      .returning();
    let created = inserted!;
    if (layout) {
      await writeSessionLayout(tx, created.id, layout, now);
      created = { ...created, playArea: layout.playArea, noGoZones: layout.noGoZones };
    }
    await publish(ctx, tx, created.id, 'session_created', { name: created.name, status: created.status });
    return created;
  });
  return toSessionOutput(row, now, { includePassword: true, currentPlayers: 0 });
}

// --- List ----------------------------------------------------------------

/**
 * A game master's own sessions (with passwords), all sessions for admins, the
 * joined ones for hunters (never a password). Ended sessions are left out
 * unless asked for. Newest first.
 */
export async function listSessions(ctx: UserCtx, opts: { includeEnded: boolean }): Promise<SessionOutput[]> {
  await runDueTransitions(ctx);
  const now = ctx.now();
  const notEnded = opts.includeEnded ? undefined : ne(gameSessions.status, 'completed');
  const players = sessionPlayerCount();
  if (ctx.user.role === 'hunter') {
    const rows = await ctx.db
      .select({ session: gameSessions, players, handle: sessionPlayers.handle })
      .from(sessionPlayers)
      .innerJoin(gameSessions, eq(gameSessions.id, sessionPlayers.sessionId))
      // A session the hunter was removed from is no longer theirs to resume (decision 836).
      .where(and(eq(sessionPlayers.userId, ctx.user.id), isNull(sessionPlayers.removedAt), notEnded))
      .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id));
    return rows.map((r) =>
      toSessionOutput(r.session, now, { includePassword: false, currentPlayers: r.players, hunterHandle: r.handle }),
    );
  }
  const mine = ctx.user.role === 'admin' ? undefined : eq(gameSessions.ownerId, ctx.user.id);
  const rows = await ctx.db
    .select({ session: gameSessions, players })
    .from(gameSessions)
    .where(and(mine, notEnded))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id));
  return rows.map((r) => toSessionOutput(r.session, now, { includePassword: true, currentPlayers: r.players }));
}

/** One session as its caller may see it (owner/admin with password, a hunter of it without). */
export async function getSession(ctx: UserCtx, id: number): Promise<SessionOutput> {
  const access = await requireSessionAccess(ctx, id);
  const row = await refreshSession(ctx, access.gameSession);
  return toSessionOutput(row, ctx.now(), {
    includePassword: access.role !== 'player',
    currentPlayers: await countPlayers(ctx, id),
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

async function output(ctx: SessionsCtx, row: GameSessionRow): Promise<SessionOutput> {
  return toSessionOutput(row, ctx.now(), { includePassword: true, currentPlayers: await countPlayers(ctx, row.id) });
}

/** Start now, or schedule the start (status stays 'preparing' until then). */
export async function startSession(ctx: SessionsCtx, session: GameSessionRow, body: StartSessionBody): Promise<SessionOutput> {
  const current = await refreshSession(ctx, session);
  if (current.status !== 'preparing') illegal('start', current);
  const now = ctx.now();
  const duration = body.duration ?? current.duration;
  const scheduled = body.scheduledStartTime;
  if (scheduled !== null && scheduled < now - SCHEDULE_GRACE_MS) throw badRequest(SESSION_MESSAGES.schedulePast);
  if (scheduled !== null && scheduled > now + MAX_SCHEDULE_AHEAD_MS) throw badRequest(SESSION_MESSAGES.scheduleTooFar);
  const later = scheduled !== null && scheduled > now;
  const started = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(gameSessions)
      .set(
        later
          ? { duration, scheduledStartTime: scheduled }
          : { duration, status: 'active', startTime: now, scheduledStartTime: null, pausedAt: null, pausedTotalMs: 0 },
      )
      .where(and(eq(gameSessions.id, current.id), eq(gameSessions.status, 'preparing')))
      .returning();
    if (!row) return undefined;
    if (later) {
      await publish(ctx, tx, row.id, 'session_scheduled', { scheduledStartTime: isoAt(scheduled), duration });
    } else {
      await publish(ctx, tx, row.id, 'session_started', { startTime: isoAt(now), duration, scheduled: false });
    }
    return row;
  });
  if (!started) illegal('start', await reload(ctx, current.id));
  return output(ctx, started);
}

export async function pauseSession(ctx: SessionsCtx, session: GameSessionRow): Promise<SessionOutput> {
  const current = await refreshSession(ctx, session);
  const now = ctx.now();
  const paused = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(gameSessions)
      .set({ status: 'paused', pausedAt: now })
      .where(and(eq(gameSessions.id, current.id), inArray(gameSessions.status, [...RUNNING_STATUSES])))
      .returning();
    if (!row) return undefined;
    await publish(ctx, tx, row.id, 'session_paused', { pausedAt: isoAt(now), timeRemaining: sessionTimeStatus(row, now).timeRemaining });
    return row;
  });
  if (!paused) illegal('pause', await reload(ctx, current.id));
  return output(ctx, paused);
}

export async function resumeSession(ctx: SessionsCtx, session: GameSessionRow): Promise<SessionOutput> {
  const now = ctx.now();
  const resumed = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(gameSessions).where(eq(gameSessions.id, session.id)).limit(1);
    if (current?.status !== 'paused') return undefined;
    // The pause now ending joins the completed ones (a clock set back counts as no pause).
    const pausedTotalMs = current.pausedTotalMs + Math.max(0, now - (current.pausedAt ?? now));
    const [row] = await tx
      .update(gameSessions)
      .set({ status: 'active', pausedAt: null, pausedTotalMs })
      // The pause read above, still in progress (a concurrent resume, on PostgreSQL, changes nothing).
      .where(
        and(
          eq(gameSessions.id, session.id),
          eq(gameSessions.status, 'paused'),
          current.pausedAt === null ? isNull(gameSessions.pausedAt) : eq(gameSessions.pausedAt, current.pausedAt),
        ),
      )
      .returning();
    if (!row) return undefined;
    await publish(ctx, tx, row.id, 'session_resumed', { timeRemaining: sessionTimeStatus(row, now).timeRemaining });
    return row;
  });
  if (!resumed) illegal('resume', await refreshSession(ctx, await reload(ctx, session.id)));
  return output(ctx, resumed);
}

/** Ends the session (any status but completed) and records its result. */
export async function endSession(ctx: SessionsCtx, session: GameSessionRow): Promise<SessionOutput> {
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') illegal('end', current);
  const ended = await finish(ctx, current, ctx.now(), 'ended');
  if (!ended) illegal('end', await reload(ctx, current.id));
  return output(ctx, await reload(ctx, current.id));
}

/**
 * Moves a session to completed at `endTime` (once: a concurrent end loses) and
 * writes its result and its event, in one transaction. `reason` is the status unless
 * every deployed dinosaur was found, which is 'completed'. Returns false when it had
 * already ended, or, for 'time_expired', when the row no longer is the one its end
 * time was computed from (paused, resumed or started again meanwhile, by another
 * process on PostgreSQL: decision 890).
 */
async function finish(ctx: SessionsCtx, row: GameSessionRow, endTime: number, reason: 'ended' | 'time_expired'): Promise<boolean> {
  const endedReason = reason === 'time_expired' ? 'time_up' : 'ended_by_game_master';
  const unchanged =
    reason === 'time_expired'
      ? and(
          eq(gameSessions.status, row.status),
          row.startTime === null ? isNull(gameSessions.startTime) : eq(gameSessions.startTime, row.startTime),
          eq(gameSessions.duration, row.duration),
          eq(gameSessions.pausedTotalMs, row.pausedTotalMs),
          row.pausedAt === null ? isNull(gameSessions.pausedAt) : eq(gameSessions.pausedAt, row.pausedAt),
        )
      : ne(gameSessions.status, 'completed');
  const done = await ctx.db.transaction(async (tx) => {
    const closedPause = row.pausedAt !== null ? Math.max(0, endTime - row.pausedAt) : 0;
    // Conditional: of two ends at once (two processes, a read and the scheduler), the second changes no row.
    const changed = await tx
      .update(gameSessions)
      .set({
        status: 'completed',
        endTime,
        endedReason,
        pausedAt: null,
        pausedTotalMs: row.pausedTotalMs + closedPause,
      })
      .where(and(eq(gameSessions.id, row.id), unchanged))
      .returning({ id: gameSessions.id });
    if (changed.length === 0) return false;
    const result = await computeResult(tx, row.id, reason);
    await tx
      .insert(sessionResults)
      .values({ sessionId: row.id, ...result, createdAt: endTime })
      .onConflictDoNothing();
    await publish(ctx, tx, row.id, 'session_ended', { endTime: isoAt(endTime), endedReason, ...result });
    return true;
  });
  if (!done) return false;
  // Every hunter of it has now played one more hunt to its end (after session_ended: the end dialog opens first).
  await awardSessionEnd(ctx, row.id);
  return true;
}

async function computeResult(tx: Tx, sessionId: number, reason: 'ended' | 'time_expired') {
  const totals = await deployedDinosaurTotals(tx, sessionId);
  return completionResult({
    observed: totals.found,
    total: totals.total,
    timeExpired: reason === 'time_expired',
  });
}

// --- Time-driven transitions ---------------------------------------------

/** How often refreshSession re-reads a row another writer changed under it before leaving the rest to the next read or tick. */
const REFRESH_ATTEMPTS = 3;

/**
 * Applies what the clock says is due: a scheduled start whose time has come
 * (the session counts as started at its scheduled time), and a running session
 * whose time has run out (ended at that instant, completionStatus time_expired).
 * Cheap when nothing is due: no query at all.
 *
 * `row` may be stale: reads on several processes and the leader's scheduler apply
 * the same transitions at the same moment. Each transition is one conditional
 * UPDATE on what `row` says (still preparing with this scheduled time; still running
 * with this start, duration and pauses), so exactly one of them changes the row and
 * publishes its event; the others re-read the row (decision 890).
 */
export async function refreshSession(ctx: SessionsCtx, row: GameSessionRow): Promise<GameSessionRow> {
  const now = ctx.now();
  let current = row;
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt += 1) {
    if (current.status === 'preparing' && current.scheduledStartTime !== null && current.scheduledStartTime <= now) {
      const startTime = current.scheduledStartTime;
      const started = await ctx.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(gameSessions)
          .set({ status: 'active', startTime, scheduledStartTime: null, pausedAt: null, pausedTotalMs: 0 })
          // Rescheduled meanwhile: not this start.
          .where(
            and(eq(gameSessions.id, current.id), eq(gameSessions.status, 'preparing'), eq(gameSessions.scheduledStartTime, startTime)),
          )
          .returning();
        if (updated) {
          await publish(ctx, tx, updated.id, 'session_started', { startTime: isoAt(startTime), duration: updated.duration, scheduled: true });
        }
        return updated;
      });
      current = started ?? (await reload(ctx, current.id));
      if (!started) continue; // someone else's change: decide again on the row as it is now
    }
    if (sessionExpired(current, now)) {
      const ended = await finish(ctx, current, sessionEndsAt(current) ?? now, 'time_expired');
      current = await reload(ctx, current.id);
      if (!ended) continue;
    }
    break;
  }
  return current;
}

/**
 * Every due scheduled start and every expired session, in one indexed query. Returns how many changed.
 * `stop` is asked before each session (the scheduler's: this process no longer leads).
 */
export async function runDueTransitions(ctx: SessionsCtx, opts: { stop?: () => boolean } = {}): Promise<number> {
  const now = ctx.now();
  const due = await dueSessions(ctx.db, now, RUNNING_STATUSES);
  for (const row of due) {
    if (opts.stop?.()) break;
    await refreshSession(ctx, row);
  }
  return due.length;
}

// --- Reads ---------------------------------------------------------------

export async function getResult(ctx: UserCtx, id: number) {
  const access = await requireSessionAccess(ctx, id);
  await refreshSession(ctx, access.gameSession);
  const [row] = await ctx.db.select().from(sessionResults).where(eq(sessionResults.sessionId, id)).limit(1);
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

/** GET /{id}/time-status: one (cached) access query; the countdown from stored timestamps. */
export async function timeStatusOf(ctx: UserCtx, id: number) {
  const access = await requireSessionAccess(ctx, id);
  const row = await refreshSession(ctx, access.gameSession);
  const now = ctx.now();
  const endsAt = row.status === 'completed' ? row.endTime : sessionEndsAt(row, now);
  return {
    ...sessionTimeStatus(row, now),
    status: row.status,
    isPaused: row.status === 'paused',
    endsAt: iso(endsAt),
  };
}
