// Who is the caller to a game session? The owner, an admin, or a hunter who
// joined it. Every per-session read and write starts here.
import { and, eq } from 'drizzle-orm';
import type { User } from 'lucia';
import type { Db } from '../db/client';
import { type GameSessionRow, gameSessions, sessionPlayers } from '../db/schema';
import { forbidden, notFound } from '../errors';

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

/** Throws 404 when the session does not exist and 403 when the caller has no part in it. */
export function requireSessionAccess(ctx: { db: Db; user: User }, sessionId: number): SessionAccess {
  const gameSession = findSession(ctx.db, sessionId);
  if (gameSession.ownerId === ctx.user.id) return { gameSession, role: 'owner', player: null };
  if (ctx.user.role === 'admin') return { gameSession, role: 'admin', player: null };
  const player = findPlayer(ctx.db, sessionId, ctx.user.id);
  if (!player) throw forbidden('You are not part of this session');
  return { gameSession, role: 'player', player };
}
