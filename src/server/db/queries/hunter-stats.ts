// The hunter statistics' reads (services/hunter-stats.ts): each one statement over indexed rows, on
// both dialects (times through epochMs; counts as the driver gives them, read with Number()).
import { type SQL, sql } from 'drizzle-orm';
import { epochMs } from '../dialect';
import { rawAll, rawFirst } from '../raw';
import type { Queryable } from '../types';

/** A count or number as the driver gives it (PostgreSQL's bigint and numeric come as strings). */
export type Numeric = number | string;

export type StatsRow = {
  userId: string;
  handle: string;
  dartsRemaining: Numeric;
  dartsUsed: Numeric;
  distanceTraveledM: Numeric;
  joinedAt: Numeric;
  shots: Numeric;
  successes: Numeric;
  species: Numeric;
  reports: Numeric;
  photos: Numeric;
  observedIds: string | null;
};

/** The ids of the rows' `column`, as one text ('3,1,2', or null without rows): string_agg exists in both dialects. */
const idsOf = (column: string) => `string_agg(CAST(${column} AS TEXT), ',')`;

// observations_session_player_idx and messages_session_sender_idx keep each subquery to the hunter's own rows.
/**
 * Reports and photos of the player `p`, counted from the stored messages (the one
 * source of both figures, shared with the admin analytics export).
 */
export const PLAYER_MESSAGE_COUNTS_SQL = `
       (SELECT count(*) FROM messages m WHERE m.session_id = p.session_id AND m.sender_user_id = p.user_id) AS reports,
       (SELECT count(*) FROM messages m
          WHERE m.session_id = p.session_id AND m.sender_user_id = p.user_id AND m.media_type = 'image') AS photos`;

const statsSql = (q: Queryable, sessionId: number, userId: string): SQL => sql`
SELECT p.user_id AS "userId", p.handle AS handle, p.darts_remaining AS "dartsRemaining", p.darts_used AS "dartsUsed",
       p.distance_traveled_m AS "distanceTraveledM", ${epochMs(q, sql.raw('p.joined_at'))} AS "joinedAt",
       (SELECT count(*) FROM observations o WHERE o.session_id = p.session_id AND o.player_id = p.id) AS shots,
       (SELECT count(*) FROM observations o WHERE o.session_id = p.session_id AND o.player_id = p.id AND o.success) AS successes,
       (SELECT count(DISTINCT o.species_id) FROM observations o
          WHERE o.session_id = p.session_id AND o.player_id = p.id AND o.success) AS species,
       (SELECT ${sql.raw(idsOf('o.dinosaur_id'))} FROM observations o
          WHERE o.session_id = p.session_id AND o.player_id = p.id AND o.success) AS "observedIds",${sql.raw(PLAYER_MESSAGE_COUNTS_SQL)}
FROM session_players p
WHERE p.session_id = ${sessionId} AND p.user_id = ${userId}`;

/** One hunter's figures in the session, or undefined when they are not in it. */
export function hunterStatsRow(q: Queryable, sessionId: number, userId: string): Promise<StatsRow | undefined> {
  return rawFirst<StatsRow>(q, statsSql(q, sessionId, userId));
}

export type ProgressRow = {
  userId: string;
  handle: string;
  teamId: Numeric | null;
  completionTime: Numeric | null;
  observed: Numeric;
  lastAt: Numeric | null;
  observedIds: string | null;
};

// Grouped by the primary key, so PostgreSQL accepts the player's other columns.
const progressSql = (q: Queryable, sessionId: number): SQL => sql`
SELECT p.user_id AS "userId", p.handle AS handle, p.team_id AS "teamId", ${epochMs(q, sql.raw('p.completion_time'))} AS "completionTime",
       count(o.id) AS observed, ${epochMs(q, sql.raw('max(o.created_at)'))} AS "lastAt", ${sql.raw(idsOf('o.dinosaur_id'))} AS "observedIds"
FROM session_players p
LEFT JOIN observations o ON o.session_id = p.session_id AND o.player_id = p.id AND o.success
WHERE p.session_id = ${sessionId} AND p.removed_at IS NULL
GROUP BY p.id`;

/** Every hunter still in the session with what they observed and when (unordered). */
export function hunterProgressRows(q: Queryable, sessionId: number): Promise<ProgressRow[]> {
  return rawAll<ProgressRow>(q, progressSql(q, sessionId));
}

// Issue 26 (past hunts): which species each hunter observed, for HQ's results and the CSV.
const observedSql = (sessionId: number): SQL => sql`
SELECT sp.user_id AS "hunterId", s.name AS "speciesName"
  FROM observations o
  JOIN session_players sp ON sp.id = o.player_id
  LEFT JOIN dinosaur_species s ON s.id = o.species_id
 WHERE o.session_id = ${sessionId} AND o.success
 ORDER BY o.created_at, o.id`;

/** The species each successful observation of the session found, in the order they were made. */
export function observedSpeciesRows(q: Queryable, sessionId: number): Promise<{ hunterId: string; speciesName: string | null }[]> {
  return rawAll<{ hunterId: string; speciesName: string | null }>(q, observedSql(sessionId));
}
