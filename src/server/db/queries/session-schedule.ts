// The session lifecycle's reads that need SQL the builder cannot say portably
// (services/game-sessions.ts): which sessions are due to start or end, and a session's totals.
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { epochMs } from '../dialect';
import { rawFirst } from '../raw';
import { type GameSessionRow, gameSessions } from '../schema';
import type { Queryable } from '../types';

/**
 * Every session whose scheduled start has come, and every one in `running` (statuses) whose end
 * (start + duration + pauses) has.
 */
export function dueSessions(q: Queryable, now: number, running: readonly GameSessionRow['status'][]): Promise<GameSessionRow[]> {
  return q
    .select()
    .from(gameSessions)
    .where(
      or(
        and(eq(gameSessions.status, 'preparing'), lte(gameSessions.scheduledStartTime, now)),
        and(
          inArray(gameSessions.status, [...running]),
          isNotNull(gameSessions.startTime),
          // Times as ms in both dialects.
          sql`${epochMs(q, gameSessions.startTime)} + ${gameSessions.duration} * 60000 + ${gameSessions.pausedTotalMs} <= ${now}`,
        ),
      ),
    );
}

/** How many dinosaurs the session deployed, and how many of them were observed. */
export async function deployedDinosaurTotals(q: Queryable, sessionId: number): Promise<{ total: number; found: number }> {
  // count(*) is a bigint on PostgreSQL (a string from the driver): read as numbers.
  const totals = await rawFirst<{ total: number | string; found: number | string }>(
    q,
    sql`SELECT count(*) AS total,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM observations o
                                             WHERE o.session_id = d.session_id AND o.dinosaur_id = d.id AND o.success)) AS found
          FROM session_dinosaurs d
         WHERE d.session_id = ${sessionId}`,
  );
  return { total: Number(totals?.total ?? 0), found: Number(totals?.found ?? 0) };
}
