// Teams' named queries (issue 42; services/teams.ts, services/team-scores.ts): the rows of a session's
// teams, their hunters, and what the teams have scored (decision 973).
import { and, asc, count, countDistinct, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm';
import type { Queryable } from '../client';
import { type GameSessionRow, gameSessions, messages, observations, sessionPlayers, teams } from '../schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamHunter = { playerId: number; userId: string; hunterName: string; teamId: number | null };

/** The session's teams, oldest first. */
export function teamsOfSession(q: Queryable, sessionId: number): Promise<TeamRow[]> {
  return q.select().from(teams).where(eq(teams.sessionId, sessionId)).orderBy(asc(teams.id));
}

/** One team of the session, or undefined (a team of another session is not found either). */
export async function teamOfSession(q: Queryable, sessionId: number, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await q
    .select()
    .from(teams)
    .where(and(eq(teams.sessionId, sessionId), eq(teams.id, teamId)))
    .limit(1);
  return row;
}

export async function teamByCode(q: Queryable, sessionId: number, code: string): Promise<TeamRow | undefined> {
  const [row] = await q
    .select()
    .from(teams)
    .where(and(eq(teams.sessionId, sessionId), eq(teams.code, code)))
    .limit(1);
  return row;
}

export async function teamByNameKey(q: Queryable, sessionId: number, nameKey: string): Promise<TeamRow | undefined> {
  const [row] = await q
    .select()
    .from(teams)
    .where(and(eq(teams.sessionId, sessionId), eq(teams.nameKey, nameKey)))
    .limit(1);
  return row;
}

/** The session's hunters (removed ones are in no team any more), in the order they joined. */
export function sessionHunters(q: Queryable, sessionId: number): Promise<TeamHunter[]> {
  return q
    .select({ playerId: sessionPlayers.id, userId: sessionPlayers.userId, hunterName: sessionPlayers.handle, teamId: sessionPlayers.teamId })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), isNull(sessionPlayers.removedAt)))
    .orderBy(asc(sessionPlayers.id));
}

/** One hunter of the session (not removed), or undefined. */
export async function sessionHunter(q: Queryable, sessionId: number, playerId: number): Promise<TeamHunter | undefined> {
  const [row] = await q
    .select({ playerId: sessionPlayers.id, userId: sessionPlayers.userId, hunterName: sessionPlayers.handle, teamId: sessionPlayers.teamId })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.id, playerId), isNull(sessionPlayers.removedAt)))
    .limit(1);
  return row;
}

/** The hunters now in a team. */
export async function teamMemberCount(q: Queryable, teamId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.teamId, teamId), isNull(sessionPlayers.removedAt)));
  return Number(row?.n ?? 0);
}

export async function setHunterTeam(q: Queryable, playerId: number, teamId: number | null): Promise<void> {
  await q.update(sessionPlayers).set({ teamId }).where(eq(sessionPlayers.id, playerId));
}

/** What each team of the session has scored: successful observations (species, count, the last one's time) and darts. */
export async function teamTallies(
  q: Queryable,
  sessionId: number,
): Promise<{ teamId: number; uniqueSpecies: number; observations: number; dartsUsed: number; reachedAt: number | null }[]> {
  const [successes, darts] = await Promise.all([
    q
      .select({
        teamId: observations.teamId,
        uniqueSpecies: countDistinct(observations.speciesId),
        observations: count(),
        reachedAt: max(observations.createdAt),
      })
      .from(observations)
      .where(and(eq(observations.sessionId, sessionId), isNotNull(observations.teamId), eq(observations.success, true)))
      .groupBy(observations.teamId),
    q
      .select({ teamId: observations.teamId, dartsUsed: count() })
      .from(observations)
      .where(and(eq(observations.sessionId, sessionId), isNotNull(observations.teamId)))
      .groupBy(observations.teamId),
  ]);
  const byTeam = new Map<number, { teamId: number; uniqueSpecies: number; observations: number; dartsUsed: number; reachedAt: number | null }>();
  for (const d of darts) {
    byTeam.set(d.teamId!, { teamId: d.teamId!, uniqueSpecies: 0, observations: 0, dartsUsed: Number(d.dartsUsed), reachedAt: null });
  }
  for (const s of successes) {
    const tally = byTeam.get(s.teamId!)!;
    tally.uniqueSpecies = Number(s.uniqueSpecies);
    tally.observations = Number(s.observations);
    tally.reachedAt = s.reachedAt === null ? null : Number(s.reachedAt);
  }
  return [...byTeam.values()];
}

/**
 * Deletes teams with what names them: their hunters are in no team, their observations stay the
 * hunters' (no team's), their channel goes. Written out, not left to the foreign keys: SQLite's
 * columns added by ALTER TABLE carry no ON DELETE action.
 */
export async function deleteTeams(q: Queryable, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const ids = [...teamIds];
  await q.update(sessionPlayers).set({ teamId: null }).where(inArray(sessionPlayers.teamId, ids));
  await q.update(observations).set({ teamId: null }).where(inArray(observations.teamId, ids));
  await q.delete(messages).where(inArray(messages.teamId, ids));
  await q.delete(teams).where(inArray(teams.id, ids));
}

export async function updateTeamSettings(
  q: Queryable,
  sessionId: number,
  settings: Pick<GameSessionRow, 'teamMode' | 'maxTeamSize' | 'teamSwitchAfterStart'>,
): Promise<void> {
  await q.update(gameSessions).set(settings).where(eq(gameSessions.id, sessionId));
}
