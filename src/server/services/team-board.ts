// A session's teams as one read (issue 42): rows, hunters and scores put together into the answers
// (TeamsOutput, TeamRanking) and the events' public teams. Every team door answers and publishes
// from this one read, in the transaction of its change.
import type {
  TeamMember,
  TeamOutput,
  TeamPublic,
  TeamRankingEntry,
  TeamsOutput,
} from '../../domain/contracts/teams';
import { rankTeams } from '../../domain/teams';
import type { Queryable } from '../db/client';
import { sessionHunters, type TeamHunter, type TeamRow, teamsOfSession, teamTallies } from '../db/queries/teams';
import type { GameSessionRow } from '../db/schema';

export type TeamBoard = {
  session: Pick<GameSessionRow, 'id' | 'teamMode' | 'maxTeamSize' | 'teamSwitchAfterStart'>;
  rows: TeamRow[];
  hunters: TeamHunter[];
  /** Every team as everyone sees it, in rank order. */
  teams: TeamPublic[];
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const member = (h: TeamHunter): TeamMember => ({ playerId: h.playerId, userId: h.userId, hunterName: h.hunterName });

/** Reads the session's teams with their hunters and scores. */
export async function readTeamBoard(q: Queryable, session: TeamBoard['session']): Promise<TeamBoard> {
  const [rows, hunters, tallies] = await Promise.all([teamsOfSession(q, session.id), sessionHunters(q, session.id), teamTallies(q, session.id)]);
  const tallyOf = new Map(tallies.map((t) => [t.teamId, t]));
  const ranked = rankTeams(
    rows.map((r) => tallyOf.get(r.id) ?? { teamId: r.id, uniqueSpecies: 0, observations: 0, dartsUsed: 0, reachedAt: null }),
  );
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const teams = ranked.map((t): TeamPublic => {
    const row = rowOf.get(t.teamId)!;
    const members = hunters.filter((h) => h.teamId === row.id).map(member);
    return {
      id: row.id,
      sessionId: session.id,
      name: row.name,
      color: row.color,
      locked: row.locked,
      members,
      memberCount: members.length,
      maxSize: session.maxTeamSize,
      score: {
        uniqueSpecies: t.uniqueSpecies,
        observations: t.observations,
        dartsUsed: t.dartsUsed,
        accuracy: t.accuracy,
        rank: t.rank,
        reachedAt: iso(t.reachedAt),
      },
    };
  });
  return { session, rows, hunters, teams };
}

/** The team as its own hunters and the game master read it: with its code. */
export function withCode(board: TeamBoard, team: TeamPublic): TeamOutput {
  return { ...team, code: board.rows.find((r) => r.id === team.id)!.code };
}

export function publicTeam(board: TeamBoard, teamId: number): TeamPublic | undefined {
  return board.teams.find((t) => t.id === teamId);
}

/** The teams read for one caller: codes for the game master (seesAll) and for the caller's own team only. */
export function teamsOutputFor(board: TeamBoard, viewer: { seesAll: boolean; myTeamId: number | null }): TeamsOutput {
  return {
    sessionId: board.session.id,
    teamMode: board.session.teamMode,
    maxTeamSize: board.session.maxTeamSize,
    teamSwitchAfterStart: board.session.teamSwitchAfterStart,
    teams: board.teams.map((t) => (viewer.seesAll || t.id === viewer.myTeamId ? withCode(board, t) : t)),
    myTeamId: viewer.myTeamId,
    unassigned: board.hunters.filter((h) => h.teamId === null).map(member),
  };
}

export function rankingOf(board: TeamBoard): TeamRankingEntry[] {
  return board.teams.map((t) => ({ teamId: t.id, name: t.name, color: t.color, memberCount: t.memberCount, ...t.score }));
}
