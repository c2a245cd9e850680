// Who is the caller to a game session? The owner, an admin, or a hunter who
// joined it. Every per-session read and write starts here, with one indexed
// query (primary key + unique (session_id, user_id)), whose rows are kept until
// the session's rows are next written (session-access-cache.ts): the polled
// reads of a live game pay for nothing more.
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { removedMessage } from '../../domain/expeditions';
import type { Db, Queryable } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { type GameSessionRow, gameSessions, sessionPlayers } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { cachedSessionRows } from './session-access-cache';

export type PlayerRow = typeof sessionPlayers.$inferSelect;

export type SessionAccess =
  | { gameSession: GameSessionRow; role: 'owner' | 'admin'; player: null }
  | { gameSession: GameSessionRow; role: 'player'; player: PlayerRow };

export async function findSession(db: Queryable, sessionId: number): Promise<GameSessionRow> {
  const [gameSession] = await db.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  if (!gameSession) throw notFound('Session not found');
  return gameSession;
}

export async function findPlayer(db: Queryable, sessionId: number, userId: string): Promise<PlayerRow | undefined> {
  const [player] = await db
    .select()
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId)))
    .limit(1);
  return player;
}

const SESSION_KEYS = Object.keys(getTableColumns(gameSessions)) as (keyof GameSessionRow)[];

/** The session and the caller's player row (null: not joined), frozen: cached ones are shared. */
type AccessRows = { gameSession: GameSessionRow; player: PlayerRow | null };

/** Sessions whose latest row is kept for sharing; past it the oldest goes (sharing is only a saving). */
export const SHARED_SESSION_ROWS_MAX = 5_000;
const sharedSessionRows = new Map<number, GameSessionRow>();

/** Equal values: the same scalar, or (the play area, no-go zones) the same JSON. */
const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * The session's row as one frozen object for every caller who read the same values: each
 * hunter's cached access rows (one entry per hunter) then hold one copy of their session's
 * 40 columns, not one each (about 0.3 KB per connected hunter). Equal values make the
 * objects interchangeable, whichever database or moment they were read from.
 */
function sharedSessionRow(read: GameSessionRow): GameSessionRow {
  const known = sharedSessionRows.get(read.id);
  if (known !== undefined && SESSION_KEYS.every((key) => sameValue(known[key], read[key]))) return known;
  const row = Object.freeze(read);
  sharedSessionRows.delete(read.id);
  sharedSessionRows.set(read.id, row);
  if (sharedSessionRows.size > SHARED_SESSION_ROWS_MAX) sharedSessionRows.delete(sharedSessionRows.keys().next().value!);
  return row;
}

/** Prepared once (db/prepared.ts): every cache miss reads it, and on PostgreSQL every request. */
const accessRowsQuery = preparedQuery('session_access_rows', (q) =>
  q
    .select({ gameSession: gameSessions, player: sessionPlayers })
    .from(gameSessions)
    .leftJoin(sessionPlayers, and(eq(sessionPlayers.sessionId, gameSessions.id), eq(sessionPlayers.userId, sql.placeholder('userId'))))
    .where(eq(gameSessions.id, sql.placeholder('sessionId')))
    .limit(1),
);

async function readAccessRows(db: Db, userId: string, sessionId: number): Promise<AccessRows | undefined> {
  const [row] = await accessRowsQuery(db, { userId, sessionId });
  if (!row) return undefined;
  return Object.freeze({
    gameSession: sharedSessionRow(row.gameSession),
    player: row.player === null ? null : Object.freeze(row.player),
  });
}

/**
 * The refusal of every request of a hunter the game master removed (decision 836): 403, the
 * reason in words, and `removedFrom` (the session's name) so screens can show their removed notice.
 */
export function removedFrom(session: Pick<GameSessionRow, 'name' | 'id'>) {
  return forbidden(removedMessage(session.name), { removedFrom: session.name, sessionId: session.id });
}

/** Throws 404 when the session does not exist and 403 when the caller has no part in it (or was removed from it). */
export async function requireSessionAccess(ctx: { db: Db; user: User }, sessionId: number): Promise<SessionAccess> {
  const userId = ctx.user.id;
  const rows = await cachedSessionRows(ctx.db, sessionId, userId, () => readAccessRows(ctx.db, userId, sessionId));
  if (!rows) throw notFound('Session not found');
  const session = rows.gameSession;
  if (session.ownerId === userId) return { gameSession: session, role: 'owner', player: null };
  if (ctx.user.role === 'admin') return { gameSession: session, role: 'admin', player: null };
  if (rows.player === null) throw forbidden('You are not part of this session');
  if (rows.player.removedAt !== null) throw removedFrom(session);
  return { gameSession: session, role: 'player', player: rows.player };
}
