// Public expeditions and removing a hunter (issue 29, decisions 835-837). Listing reads
// only sessions marked public and not ended; joining goes through joining.ts (the same
// checks as every door); removal marks the player row, which every per-session read
// (session-access.ts) then refuses with the reason, and tells the hunter live.
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { User } from 'lucia';
import {
  EXPEDITION_MESSAGES,
  type ExpeditionListQuery,
  type ExpeditionSettingsInput,
  distanceTo,
  orderExpeditions,
  removedMessage,
  spotsLeft,
} from '../../domain/expeditions';
import { EXPEDITIONS_LISTED_MAX } from '../../domain/rules';
import type { GameSessionRow } from '../db/schema';
import { gameSessions, sessionPlayers } from '../db/schema';
import { removedFromSession, sessionPlayerCount } from '../db/queries/session-fields';
import { dropFromTeam } from './teams';
import { conflict, forbidden, notFound } from '../errors';
import {
  countPlayers,
  meetingPointOf,
  refreshSession,
  runDueTransitions,
  type SessionOutput,
  type SessionsCtx,
  toSessionOutput,
} from './game-sessions';
import type { z } from 'zod';
import type { ExpeditionOutputSchema } from '../routers/expeditions/expeditions.types';
import type { RemoveHunterOutput as RemoveHunterOutputSchema } from '../routers/expeditions/expeditions.types';

type UserCtx = SessionsCtx & { user: User };

/** The answer as the procedure's output schema declares it (one contract: expeditions.types). */
export type ExpeditionOutput = z.infer<typeof ExpeditionOutputSchema>;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const LIVE = new Set<string>(['active', 'started', 'paused']);

/**
 * GET /api/expeditions: public sessions not ended, for hunter accounts (decision 835), nearest
 * meeting point first from the position given, else live first then by start time. Sessions the
 * caller was removed from are left out.
 */
export async function listExpeditions(ctx: UserCtx, query: ExpeditionListQuery): Promise<ExpeditionOutput[]> {
  if (ctx.user.isGuest) throw forbidden(EXPEDITION_MESSAGES.accountsOnly);
  if (ctx.user.role !== 'hunter') throw forbidden(EXPEDITION_MESSAGES.notAHunter);
  await runDueTransitions(ctx);
  const players = sessionPlayerCount();
  const mine = removedFromSession(ctx.user.id);
  const rows = (
    await ctx.db
      .select({ session: gameSessions, players, mine })
      .from(gameSessions)
      .where(and(eq(gameSessions.isPublic, true), ne(gameSessions.status, 'completed')))
      .orderBy(asc(gameSessions.id))
  ).filter((r) => r.mine !== 1);
  const from = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const places = rows.map((r) => ({
    r,
    id: r.session.id,
    meetingPoint: meetingPointOf(r.session),
    startsAt: r.session.startTime ?? r.session.scheduledStartTime,
    live: LIVE.has(r.session.status),
  }));
  return orderExpeditions(places, from)
    .slice(0, EXPEDITIONS_LISTED_MAX)
    .map(({ r, meetingPoint, startsAt }) => ({
      id: r.session.id,
      name: r.session.name,
      status: r.session.status,
      startsAt: iso(startsAt),
      meetingPoint,
      meetingNote: r.session.meetingNote,
      description: r.session.description,
      coverPhotoUrl: r.session.coverPhotoUrl,
      maxPlayers: r.session.maxPlayers,
      currentPlayers: r.players,
      spotsLeft: spotsLeft(r.session.maxPlayers, r.players),
      distanceM: distanceTo(from, { meetingPoint }),
      joined: r.mine === 0,
    }));
}

/** PUT /api/game-sessions/{id}/expedition: the owner makes the session public or private, and sets its meeting point. */
export async function setExpedition(ctx: SessionsCtx, session: GameSessionRow, input: ExpeditionSettingsInput): Promise<SessionOutput> {
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict('Cannot change the expedition: the session has already ended');
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(gameSessions)
      .set({
        isPublic: input.isPublic,
        meetingLat: input.meetingPoint?.lat ?? null,
        meetingLng: input.meetingPoint?.lng ?? null,
        meetingNote: input.meetingNote,
      })
      .where(eq(gameSessions.id, current.id))
      .returning();
    // Deleted meanwhile (its owner's account went): as any other lookup of a missing session.
    if (!updated) throw notFound('Session not found');
    await ctx.bus.publish(tx, {
      sessionId: updated.id,
      type: 'session_expedition',
      audience: 'owner',
      payload: {
        sessionId: updated.id,
        timestamp: ctx.now(),
        isPublic: updated.isPublic,
        meetingPoint: meetingPointOf(updated),
        meetingNote: updated.meetingNote,
      },
    });
    return updated;
  });
  return toSessionOutput(row, ctx.now(), { includePassword: true, currentPlayers: await countPlayers(ctx, row.id) });
}

/** The answer as the procedure's output schema declares it (one contract: expeditions.types). */
export type RemoveHunterOutput = z.infer<typeof RemoveHunterOutputSchema>;

/**
 * POST /api/game-sessions/{id}/hunters/{hunterId}/remove (decision 836): the hunter's membership
 * ends (their row stays, marked removed, so their results stay in the hunt and they cannot
 * rejoin); their spot is free again. The event 'hunter_removed' tells every screen: the
 * hunter's own shows why, and their streams of the session end after it.
 */
export async function removeHunter(ctx: SessionsCtx, session: GameSessionRow, hunterId: string): Promise<RemoveHunterOutput> {
  // An ended hunt's results are kept as they were: nobody is removed from it afterwards.
  if ((await refreshSession(ctx, session)).status === 'completed') throw conflict(EXPEDITION_MESSAGES.removeAfterEnd);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessionPlayers)
      .where(and(eq(sessionPlayers.sessionId, session.id), eq(sessionPlayers.userId, hunterId)))
      .limit(1);
    if (!row) throw notFound(EXPEDITION_MESSAGES.notInSession);
    if (row.removedAt !== null) throw conflict(EXPEDITION_MESSAGES.alreadyRemoved);
    // The last position goes too: the hunter leaves the tactical map at once.
    const [player] = await tx
      .update(sessionPlayers)
      .set({ removedAt: now, lastLat: null, lastLng: null, lastAccuracy: null, lastPrecision: null, lastPositionAt: null })
      .where(and(eq(sessionPlayers.id, row.id), isNull(sessionPlayers.removedAt)))
      .returning();
    if (!player) throw conflict(EXPEDITION_MESSAGES.alreadyRemoved);
    // Out of their team too (issue 42), told before hunter_removed, the last event the hunter's streams carry.
    await dropFromTeam(ctx, tx, session, { playerId: player.id, userId: player.userId, hunterName: player.handle, teamId: row.teamId });
    const currentPlayers = await countPlayers({ db: tx }, session.id);
    await ctx.bus.publish(tx, {
      sessionId: session.id,
      type: 'hunter_removed',
      payload: {
        sessionId: session.id,
        timestamp: now,
        userId: player.userId,
        playerId: player.id,
        hunterHandle: player.handle,
        currentPlayers,
        message: removedMessage(session.name),
      },
    });
    return { success: true as const, hunterId: player.userId, hunterHandle: player.handle, currentPlayers };
  });
}
