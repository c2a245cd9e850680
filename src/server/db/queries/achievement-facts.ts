// The facts achievements are judged on (services/achievements.ts), counted over every hunt of one user.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AchievementFacts } from '../../../domain/achievements';
import { rawAll, rawFirst } from '../raw';
import { gameSessions, observations, sessionPlayers } from '../schema';
import type { Queryable } from '../types';

// Counted in SQL over indexed rows (portable: booleans as `WHERE col`, counts read with Number()).
const factsSql = (userId: string) => sql`
SELECT
  (SELECT count(*) FROM observations o JOIN session_players p ON p.id = o.player_id
     WHERE p.user_id = ${userId} AND o.success) AS observations,
  (SELECT count(DISTINCT o.species_id) FROM observations o JOIN session_players p ON p.id = o.player_id
     WHERE p.user_id = ${userId} AND o.success) AS species,
  (SELECT coalesce(sum(p.distance_traveled_m), 0) FROM session_players p WHERE p.user_id = ${userId}) AS "distanceM",
  (SELECT coalesce(sum(p.darts_used), 0) FROM session_players p WHERE p.user_id = ${userId}) AS "dartsFired",
  (SELECT count(*) FROM session_players p JOIN messages m ON m.session_id = p.session_id AND m.sender_user_id = p.user_id
     WHERE p.user_id = ${userId}) AS reports,
  (SELECT count(*) FROM session_players p JOIN messages m ON m.session_id = p.session_id AND m.sender_user_id = p.user_id
     WHERE p.user_id = ${userId} AND m.media_type = 'image') AS photos,
  (SELECT count(*) FROM session_players p JOIN game_sessions g ON g.id = p.session_id
     WHERE p.user_id = ${userId} AND g.status = 'completed') AS "huntsCompleted",
  (SELECT count(*) FROM session_players p WHERE p.user_id = ${userId} AND p.completion_time IS NOT NULL) AS "fullHunts"`;

// The rarities of the species the hunter observed, each once.
const raritiesSql = (userId: string) => sql`
SELECT DISTINCT lower(trim(s.rarity)) AS rarity FROM observations o
  JOIN session_players p ON p.id = o.player_id JOIN dinosaur_species s ON s.id = o.species_id
 WHERE p.user_id = ${userId} AND o.success AND s.rarity IS NOT NULL`;

export type FactsRow = Record<keyof Omit<AchievementFacts, 'rarities' | 'cleanHunts' | 'bestStreak'>, number | string>;
export type AttemptRow = { playerId: number; success: boolean; createdAt: number; completionTime: number | null; totalDinosaurs: number };

/** Each of the hunter's attempts in order, per hunt, with what the hunt needs to judge a clean sweep. */
export function achievementAttempts(q: Queryable, userId: string): Promise<AttemptRow[]> {
  return q
    .select({
      playerId: observations.playerId,
      success: observations.success,
      createdAt: observations.createdAt,
      completionTime: sessionPlayers.completionTime,
      totalDinosaurs: sql<number>`(SELECT count(*) FROM session_dinosaurs d WHERE d.session_id = ${sessionPlayers.sessionId})`.mapWith(Number),
    })
    .from(observations)
    .innerJoin(sessionPlayers, eq(sessionPlayers.id, observations.playerId))
    .where(eq(sessionPlayers.userId, userId))
    .orderBy(asc(observations.playerId), asc(observations.id));
}

/** The completed hunts the user played in a team (their team at the end): what team achievements are judged on. */
export function completedTeamHunts(q: Queryable, userId: string): Promise<{ sessionId: number; teamId: number }[]> {
  return q
    .select({ sessionId: sessionPlayers.sessionId, teamId: sql<number>`${sessionPlayers.teamId}`.mapWith(Number) })
    .from(sessionPlayers)
    .innerJoin(gameSessions, eq(gameSessions.id, sessionPlayers.sessionId))
    .where(and(eq(sessionPlayers.userId, userId), isNotNull(sessionPlayers.teamId), eq(gameSessions.status, 'completed')));
}

/** The user's counts (observations, species, distance, darts, reports, photos, hunts), as the driver gives them. */
export async function achievementCounts(q: Queryable, userId: string): Promise<FactsRow> {
  return (await rawFirst<FactsRow>(q, factsSql(userId)))!;
}

/** The rarities of the species the user observed, each once, lower-cased. */
export function observedRarities(q: Queryable, userId: string): Promise<{ rarity: string }[]> {
  return rawAll<{ rarity: string }>(q, raritiesSql(userId));
}
