// The GPS retention purge's SQL (services/positions.ts, purgeExpiredPositions): which sessions'
// positions have outlived the retention window, and deleting them.
import { sql } from 'drizzle-orm';
import { MS_PER_MINUTE } from '../../../domain/rules';
import { epochMs, greatest } from '../dialect';
import { rawAll, rawRun } from '../raw';
import type { Queryable } from '../types';

/**
 * The sessions with positions, events or media left whose retention counts from before `cutoff`:
 * completed ones by their end, running ones (not paused) by their planned end (start + duration +
 * pauses), and any that is not live by its last position, anchor or media message.
 */
export async function sessionsPastRetention(db: Queryable, cutoff: number): Promise<number[]> {
  // Times as milliseconds in both dialects (PostgreSQL stores timestamptz).
  const ms = (column: string) => epochMs(db, sql.raw(column));
  const latest = (query: string) => sql`COALESCE(${epochMs(db, sql.raw(`(${query})`))}, 0)`;
  const planned = sql`${ms('gs.start_time')} + gs.duration * ${sql.raw(String(MS_PER_MINUTE))} + gs.paused_total_ms`;
  const lastActivity = greatest(
    db,
    greatest(
      db,
      latest('SELECT MAX(p.recorded_at) FROM positions p WHERE p.session_id = gs.id'),
      latest('SELECT MAX(sp.last_position_at) FROM session_players sp WHERE sp.session_id = gs.id'),
    ),
    greatest(
      db,
      latest('SELECT MAX(sp.anchor_at) FROM session_players sp WHERE sp.session_id = gs.id'),
      latest('SELECT MAX(m.created_at) FROM messages m WHERE m.session_id = gs.id AND m.media_url IS NOT NULL'),
    ),
  );
  const ended = await rawAll<{ id: number | string }>(
    db,
    sql`SELECT gs.id AS id FROM game_sessions gs
        WHERE ((gs.status = 'completed' AND COALESCE(${ms('gs.end_time')}, ${planned}, ${ms('gs.created_at')}) <= ${cutoff})
            OR (gs.status <> 'completed' AND gs.paused_at IS NULL AND gs.start_time IS NOT NULL AND ${planned} <= ${cutoff})
            -- A session that is not live (paused, preparing or ended), whatever its status: by its last position.
            OR (gs.status NOT IN ('active', 'started') AND ${lastActivity} <= ${cutoff}))
          -- only sessions with something left to delete, so old sessions cost nothing
          AND (EXISTS (SELECT 1 FROM positions p WHERE p.session_id = gs.id)
            OR EXISTS (SELECT 1 FROM events e WHERE e.session_id = gs.id)
            OR EXISTS (SELECT 1 FROM messages m WHERE m.session_id = gs.id AND m.media_url IS NOT NULL))`,
  );
  return ended.map((r) => Number(r.id));
}

/** Deletes the session's stored positions; returns how many. */
export function deleteSessionPositions(q: Queryable, sessionId: number): Promise<number> {
  return rawRun(q, sql`DELETE FROM positions WHERE session_id = ${sessionId}`);
}
