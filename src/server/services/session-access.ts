// Who is the caller to a game session? The owner, an admin, or a hunter who
// joined it. Every per-session read and write starts here, with one prepared,
// indexed query (primary key + unique (session_id, user_id)), whose row is kept
// until the session's rows are next written (session-access-cache.ts): the polled
// reads of a live game pay for nothing more.
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { User } from 'lucia';
import { removedMessage } from '../../domain/expeditions';
import type { Db } from '../db/client';
import { type GameSessionRow, gameSessions, sessionPlayers } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { prepared } from './prepared';
import { cachedSessionRows } from './session-access-cache';

export type PlayerRow = typeof sessionPlayers.$inferSelect;

export type SessionAccess =
  | { gameSession: GameSessionRow; role: 'owner' | 'admin'; player: null }
  | { gameSession: GameSessionRow; role: 'player'; player: PlayerRow };

export function findSession(db: Db, sessionId: number): GameSessionRow {
  const gameSession = db.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).get();
  if (!gameSession) throw notFound('Session not found');
  return gameSession;
}

export function findPlayer(db: Db, sessionId: number, userId: string): PlayerRow | undefined {
  return db
    .select()
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId)))
    .get();
}

const SESSION_KEYS = Object.keys(getTableColumns(gameSessions));
const PLAYER_KEYS = Object.keys(getTableColumns(sessionPlayers));
/** Where the player's id is in the row: null when the left join found no player. */
const PLAYER_ID = SESSION_KEYS.length + PLAYER_KEYS.indexOf('id');
const columnsOf = (alias: string, table: typeof gameSessions | typeof sessionPlayers) =>
  Object.values(getTableColumns(table)).map((column) => `${alias}.${column.name}`);

/** `keys` paired with the row's values from `from` on: the object drizzle would return. */
function rowObject<T>(keys: string[], values: unknown[], from: number): T {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[from + i];
  return row as T;
}

// Plain SQLite rows as arrays, named here: better-sqlite3 building objects of 40 named
// columns, or drizzle mapping them, cost about twice the query on every poll.
const accessQuery = (db: Db) =>
  prepared(db, 'session-access', (d) =>
    d.$client
      .prepare<[string, number], unknown[]>(
        `SELECT ${[...columnsOf('gs', gameSessions), ...columnsOf('sp', sessionPlayers)].join(', ')}
           FROM game_sessions gs
           LEFT JOIN session_players sp ON sp.session_id = gs.id AND sp.user_id = ?
          WHERE gs.id = ?`,
      )
      .raw(true),
  );

/** The session and the caller's player row (null: not joined), frozen: cached ones are shared. */
type AccessRows = { gameSession: GameSessionRow; player: PlayerRow | null };

/** Sessions whose latest row is kept for sharing; past it the oldest goes (sharing is only a saving). */
export const SHARED_SESSION_ROWS_MAX = 5_000;
const SESSION_ID = SESSION_KEYS.indexOf('id');
const IS_PUBLIC = SESSION_KEYS.indexOf('isPublic');
const sharedSessionRows = new Map<unknown, GameSessionRow>();

/**
 * The session's row as one frozen object for every caller who read the same values: each
 * hunter's cached access rows (one entry per hunter) then hold one copy of their session's
 * 40 columns, not one each (about 0.3 KB per connected hunter). Equal values make the
 * objects interchangeable, whichever database or moment they were read from.
 */
function sharedSessionRow(values: unknown[]): GameSessionRow {
  // Raw rows skip drizzle's mapping: SQLite's 0/1 becomes the boolean the type promises.
  values[IS_PUBLIC] = Boolean(values[IS_PUBLIC]);
  const id = values[SESSION_ID];
  const known = sharedSessionRows.get(id);
  if (known !== undefined && SESSION_KEYS.every((key, i) => Object.is((known as Record<string, unknown>)[key], values[i]))) return known;
  const row = Object.freeze(rowObject<GameSessionRow>(SESSION_KEYS, values, 0));
  sharedSessionRows.delete(id);
  sharedSessionRows.set(id, row);
  if (sharedSessionRows.size > SHARED_SESSION_ROWS_MAX) sharedSessionRows.delete(sharedSessionRows.keys().next().value);
  return row;
}

function readAccessRows(db: Db, userId: string, sessionId: number): AccessRows | undefined {
  const row = accessQuery(db).get(userId, sessionId);
  if (!row) return undefined;
  return Object.freeze({
    gameSession: sharedSessionRow(row),
    player: row[PLAYER_ID] === null ? null : Object.freeze(rowObject<PlayerRow>(PLAYER_KEYS, row, SESSION_KEYS.length)),
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
export function requireSessionAccess(ctx: { db: Db; user: User }, sessionId: number): SessionAccess {
  const userId = ctx.user.id;
  const rows = cachedSessionRows(ctx.db.$client, sessionId, userId, () => readAccessRows(ctx.db, userId, sessionId));
  if (!rows) throw notFound('Session not found');
  const session = rows.gameSession;
  if (session.ownerId === userId) return { gameSession: session, role: 'owner', player: null };
  if (ctx.user.role === 'admin') return { gameSession: session, role: 'admin', player: null };
  if (rows.player === null) throw forbidden('You are not part of this session');
  if (rows.player.removedAt !== null) throw removedFrom(session);
  return { gameSession: session, role: 'player', player: rows.player };
}
