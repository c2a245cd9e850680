// Who is the caller to a game session? The owner, an admin, or a hunter who
// joined it. Every per-session read and write starts here, with one prepared,
// indexed query (primary key + unique (session_id, user_id)): the polled reads
// of a live game pay for nothing more.
import { and, eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import type { Db } from '../db/client';
import { type GameSessionRow, gameSessions, sessionPlayers } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { prepared } from './prepared';

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

const accessQuery = (db: Db) =>
  prepared(db, 'session-access', (d) =>
    d
      .select({ session: gameSessions, player: sessionPlayers })
      .from(gameSessions)
      .leftJoin(
        sessionPlayers,
        and(eq(sessionPlayers.sessionId, gameSessions.id), eq(sessionPlayers.userId, sql.placeholder('userId'))),
      )
      .where(eq(gameSessions.id, sql.placeholder('sessionId')))
      .prepare(),
  );

/** Throws 404 when the session does not exist and 403 when the caller has no part in it. */
export function requireSessionAccess(ctx: { db: Db; user: User }, sessionId: number): SessionAccess {
  const row = accessQuery(ctx.db).get({ sessionId, userId: ctx.user.id }) as
    | { session: GameSessionRow; player: PlayerRow | null }
    | undefined;
  if (!row) throw notFound('Session not found');
  if (row.session.ownerId === ctx.user.id) return { gameSession: row.session, role: 'owner', player: null };
  if (ctx.user.role === 'admin') return { gameSession: row.session, role: 'admin', player: null };
  if (!row.player) throw forbidden('You are not part of this session');
  return { gameSession: row.session, role: 'player', player: row.player };
}
