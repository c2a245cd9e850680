// The real-time paths' reads that are not the event log's (db/events.ts): which sessions a
// signed-in user follows, who owns one, and whether an event was committed (the bus's delivery order).
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { LIVE_SESSION_STATUSES } from '../../domain/rules';
import type { Queryable } from '../db/client';
import { events, gameSessions, sessionPlayers } from '../db/schema';

/** The user's player row's team in the session, when they are (still) one of its players; undefined otherwise. */
export async function sessionPlayerTeam(q: Queryable, sessionId: number, userId: string): Promise<{ teamId: number | null } | undefined> {
  const [row] = await q
    .select({ teamId: sessionPlayers.teamId })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId), isNull(sessionPlayers.removedAt)))
    .limit(1);
  return row;
}

/** The sessions a hunter plays in that have not completed, with their team in each. */
export async function hunterSessionIds(q: Queryable, userId: string): Promise<{ id: number; teamId: number | null }[]> {
  return q
    .select({ id: sessionPlayers.sessionId, teamId: sessionPlayers.teamId })
    .from(sessionPlayers)
    .innerJoin(gameSessions, eq(gameSessions.id, sessionPlayers.sessionId))
    .where(and(eq(sessionPlayers.userId, userId), isNull(sessionPlayers.removedAt), ne(gameSessions.status, 'completed')));
}

/** A game master's live sessions. */
export async function ownedLiveSessionIds(q: Queryable, ownerId: string): Promise<number[]> {
  const rows = await q
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(and(eq(gameSessions.ownerId, ownerId), inArray(gameSessions.status, [...LIVE_SESSION_STATUSES])));
  return rows.map((row) => row.id);
}

/** The session's owner, or undefined when there is no such session. */
export async function sessionOwnerId(q: Queryable, sessionId: number): Promise<string | undefined> {
  const [row] = await q.select({ ownerId: gameSessions.ownerId }).from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  return row?.ownerId;
}

/** Whether the event with this id is stored (committed, as this connection sees it). */
export async function eventStored(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: events.id }).from(events).where(eq(events.id, id)).limit(1);
  return row !== undefined;
}
