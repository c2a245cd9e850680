// Access check for the polled reads: the session and the caller's player row in
// one prepared, indexed query (primary key + unique (session_id, user_id)).
import { and, eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import type { AppDeps } from '../deps';
import { type GameSessionRow, gameSessions, sessionPlayers } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { prepared } from './prepared';
import type { PlayerRow, SessionAccess } from './session-access';

const accessQuery = (db: AppDeps['db']) =>
  prepared(db, 'live-access', (d) =>
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

/** Same answer as requireSessionAccess (404 / 403), in one query. */
export function liveAccess(ctx: Pick<AppDeps, 'db'> & { user: User }, sessionId: number): SessionAccess {
  const row = accessQuery(ctx.db).get({ sessionId, userId: ctx.user.id }) as
    | { session: GameSessionRow; player: PlayerRow | null }
    | undefined;
  if (!row) throw notFound('Session not found');
  if (row.session.ownerId === ctx.user.id) return { gameSession: row.session, role: 'owner', player: null };
  if (ctx.user.role === 'admin') return { gameSession: row.session, role: 'admin', player: null };
  if (!row.player) throw forbidden('You are not part of this session');
  return { gameSession: row.session, role: 'player', player: row.player };
}
