// How the team_* events change the cached teams read in place (issue 42): the events carry the whole
// public team or the whole ranking, so screens update at once without a round trip. What an event
// cannot say (a hunter's own team code, who is unassigned) is left to the refetch the caller starts.
import type { PayloadOf } from '../../../domain/contracts';
import type { SessionTeams, TeamRankingEntry } from './types';


/** A team created or changed: its public fields replace the cached ones; its code (never in an event) is kept. */
export function withTeam(data: SessionTeams, team: PayloadOf<'team_updated'>['team']): SessionTeams {
  const index = data.teams.findIndex((t) => t.id === team.id);
  if (index === -1) return { ...data, teams: [...data.teams, team] };
  const teams = [...data.teams];
  teams[index] = { ...team, code: data.teams[index]?.code };
  // A member of this team is not unassigned any more.
  const inTeam = new Set(team.members.map((m) => m.playerId));
  return { ...data, teams, unassigned: data.unassigned.filter((m) => !inTeam.has(m.playerId)) };
}

/** A team deleted: gone from the list (its hunters' memberships follow as their own events). */
export function withoutTeam(data: SessionTeams, teamId: number): SessionTeams {
  return {
    ...data,
    teams: data.teams.filter((t) => t.id !== teamId),
    myTeamId: data.myTeamId === teamId ? null : data.myTeamId,
  };
}

/** The new ranking: every team's score and rank, and the list in rank order. */
export function withRanking(data: SessionTeams, ranking: readonly TeamRankingEntry[]): SessionTeams {
  const byId = new Map(ranking.map((r) => [r.teamId, r]));
  const teams = data.teams.map((t) => {
    const r = byId.get(t.id);
    if (!r) return t;
    const { teamId: _id, name: _name, color: _color, memberCount: _count, ...score } = r;
    return { ...t, score };
  });
  teams.sort((a, b) => a.score.rank - b.score.rank || a.id - b.id);
  return { ...data, teams };
}

