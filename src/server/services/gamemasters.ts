// Game master management for admins: list, grant session credits, delete.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { LIVE_SESSION_STATUSES } from '../../domain/rules';
import type { Queryable, Tx } from '../db/client';
import type { AppDeps } from '../deps';
import {
  events,
  gameSessions,
  messages,
  sessionPlayers,
  type UserRow,
  users,
} from '../db/schema';
import { plus } from '../db/expressions';
import { AppError, badRequest, notFound } from '../errors';
import { removeUpload, uploadKeyOf } from '../storage/uploads';
import { endSession } from './game-sessions';
import type { z } from 'zod';
import type { GameMasterSchema } from '../routers/admin/outputs.types';

type Ctx = Pick<AppDeps, 'db' | 'config' | 'bus' | 'signOuts' | 'now' | 'files'>;

/** The answer as the procedure's output schema declares it (one contract: types). */
export type GameMasterOutput = z.infer<typeof GameMasterSchema>;

const toGameMaster = (u: UserRow): GameMasterOutput => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  username: u.username,
  sessionCredits: u.sessionCredits,
  accountStatus: u.accountStatus,
  emailVerified: u.emailVerified,
});

export async function listGameMasters({ db }: Pick<Ctx, 'db'>): Promise<GameMasterOutput[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.role, 'gamemaster'))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username));
  return rows.map(toGameMaster);
}

async function findUser(q: Queryable, id: string): Promise<UserRow> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** Adds credits atomically to a game master's balance; the new balance and its events commit together. */
export async function addCredits(
  ctx: Pick<Ctx, 'db' | 'bus' | 'now'>,
  userId: string,
  credits: number,
): Promise<{ success: true; id: string; sessionCredits: number; creditsAdded: number }> {
  return ctx.db.transaction(async (tx) => {
    const target = await findUser(tx, userId);
    if (target.role !== 'gamemaster') throw badRequest('Credits can only be added to game masters');
    const [row] = await tx
      .update(users)
      .set({ sessionCredits: plus(users.sessionCredits, credits) })
      .where(eq(users.id, userId))
      .returning({ sessionCredits: users.sessionCredits });
    await announceCredits(ctx, tx, userId, row!.sessionCredits);
    return { success: true as const, id: userId, sessionCredits: row!.sessionCredits, creditsAdded: credits };
  });
}

/**
 * Tells the game master's open HQ about new credits without a reload (decision 752):
 * a `credits_changed` event, seen by the owner only, on each of their live sessions'
 * streams (HQ listens to the selected one). With no live session, HQ's periodic and
 * on-focus re-read of the subscription shows them.
 */
async function announceCredits(ctx: Pick<Ctx, 'bus' | 'now'>, tx: Tx, userId: string, sessionCredits: number): Promise<void> {
  const live = await tx
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(and(eq(gameSessions.ownerId, userId), inArray(gameSessions.status, [...LIVE_SESSION_STATUSES])));
  for (const { id } of live) {
    await ctx.bus.publish(tx, {
      sessionId: id,
      type: 'credits_changed',
      audience: 'owner',
      payload: { sessionId: id, sessionCredits, timestamp: ctx.now() },
    });
  }
}

/**
 * Deletes a game master or hunter account. The game master's live sessions end
 * first (status completed, a result written, session_ended published so hunters
 * in the field are told); then the account goes with everything it owns
 * (sessions and their players, dinosaurs, messages, positions, results cascade),
 * the guest hunters bound to those sessions, the sessions' event log and their
 * uploaded media files. Admin accounts cannot be deleted here.
 */
export async function deleteUser(
  ctx: Ctx,
  actorId: string,
  userId: string,
): Promise<{ success: true; id: string; sessionsEnded: number; sessionsDeleted: number }> {
  const target = await findUser(ctx.db, userId);
  if (target.id === actorId) throw badRequest('You cannot delete your own account');
  if (target.role === 'admin') throw badRequest('Admin accounts cannot be deleted');
  const { db } = ctx;

  const owned = await db
    .select({ id: gameSessions.id, status: gameSessions.status })
    .from(gameSessions)
    .where(eq(gameSessions.ownerId, userId));
  const live = owned.filter((s) => (LIVE_SESSION_STATUSES as readonly string[]).includes(s.status));

  // 1. End live sessions cleanly (result written, session_ended published), so everyone connected hears it.
  for (const session of live) {
    const [row] = await db.select().from(gameSessions).where(eq(gameSessions.id, session.id)).limit(1);
    if (!row || row.status === 'completed') continue;
    try {
      await endSession(ctx, row);
    } catch (err) {
      // Ended concurrently (by its clock or its owner): nothing left to do.
      if (!(err instanceof AppError)) throw err;
    }
  }

  // 2. One transaction: collect what the cascade would leave behind (guest hunters, media files),
  // then delete the account (cascading its sessions), its guests and the sessions' events.
  const { ownedIds, guestIds, mediaUrls } = await db.transaction(async (tx) => {
    const sessionIds = (await tx.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.ownerId, userId))).map(
      (r) => r.id,
    );
    const guests =
      sessionIds.length === 0
        ? []
        : (
            await tx
              .selectDistinct({ id: users.id })
              .from(sessionPlayers)
              .innerJoin(users, eq(users.id, sessionPlayers.userId))
              .where(and(inArray(sessionPlayers.sessionId, sessionIds), eq(users.isGuest, true)))
          ).map((r) => r.id);
    const urls =
      sessionIds.length === 0
        ? []
        : (
            await tx
              .select({ url: messages.mediaUrl })
              .from(messages)
              .where(and(inArray(messages.sessionId, sessionIds), isNotNull(messages.mediaUrl)))
          ).map((r) => r.url!);
    await tx.delete(users).where(eq(users.id, userId));
    if (guests.length > 0) await tx.delete(users).where(inArray(users.id, guests));
    if (sessionIds.length > 0) await tx.delete(events).where(inArray(events.sessionId, sessionIds));
    // Their rows leave other sessions' lists and rankings too: an event of no session that names
    // none (seen by owners), so the polled reads' cache drops every answer once this commits.
    await ctx.bus.publish(tx, {
      sessionId: null,
      type: 'account_deleted',
      audience: 'owner',
      payload: { userId, guests: guests.length, sessionsDeleted: sessionIds.length, timestamp: ctx.now() },
    });
    return { ownedIds: sessionIds, guestIds: guests, mediaUrls: urls };
  });
  // Their sign-ins went with the rows; their open sockets close now.
  for (const id of [userId, ...guestIds]) ctx.signOuts.revokeUser(id);

  for (const url of mediaUrls) await removeUpload(ctx.files, uploadKeyOf(url));
  return { success: true, id: userId, sessionsEnded: live.length, sessionsDeleted: ownedIds.length };
}
