// Select fields over game_sessions rows (services/game-sessions.ts, services/expeditions.ts):
// correlated subqueries, qualified by hand (drizzle leaves columns unqualified in single-table selects).
import { sql } from 'drizzle-orm';

/**
 * The session's hunters (removed ones free their spot). count(*) is a bigint on PostgreSQL (a
 * string from the driver): read as a number.
 */
export const sessionPlayerCount = () =>
  sql<number>`(select count(*) from session_players sp where sp.session_id = "game_sessions"."id" and sp.removed_at is null)`.mapWith(Number);

/** Whether the user was removed from the session: 1 removed, 0 a hunter of it, null never joined. */
export const removedFromSession = (userId: string) =>
  sql<number | null>`(select case when sp.removed_at is null then 0 else 1 end from session_players sp
      where sp.session_id = "game_sessions"."id" and sp.user_id = ${userId})`;
