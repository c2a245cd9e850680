import { describe, expect, it } from 'vitest';
import { withRanking, withTeam, withoutTeam } from './teamCache';
import type { SessionTeams, Team } from './types';

const score = (rank: number, observations = 0) => ({ uniqueSpecies: observations, observations, dartsUsed: observations, accuracy: 100, rank, reachedAt: null });
const team = (id: number, name: string, rank: number, members: { playerId: number; userId: string; hunterName: string }[] = []): Team => ({
  id,
  sessionId: 1,
  name,
  color: '#e6194b',
  locked: false,
  members,
  memberCount: members.length,
  maxSize: 4,
  score: score(rank),
  code: `CODE${id}A`,
});
const read = (teams: Team[], unassigned: SessionTeams['unassigned'] = []): SessionTeams => ({
  sessionId: 1,
  teamMode: 'assigned',
  maxTeamSize: 4,
  teamSwitchAfterStart: false,
  teams,
  myTeamId: 2,
  unassigned,
});
const ana = { playerId: 7, userId: 'u7', hunterName: 'Ana' };

describe('team cache updates', () => {
  it('a changed team replaces the cached one, keeps its code, and its new member is no longer unassigned', () => {
    const { code: _code, ...pub } = team(1, 'Raptors', 1, [ana]);
    const next = withTeam(read([team(1, 'Raptors', 1), team(2, 'Rexes', 1)], [ana]), { ...pub, name: 'Raptor Squad' });
    expect(next.teams[0]).toMatchObject({ name: 'Raptor Squad', code: 'CODE1A', memberCount: 1 });
    expect(next.unassigned).toEqual([]);
  });
  it('a created team is added; a deleted one goes, and with it the caller\'s team', () => {
    const { code: _code, ...pub } = team(3, 'Trikes', 3);
    expect(withTeam(read([team(1, 'A', 1)]), pub).teams.map((t) => t.id)).toEqual([1, 3]);
    const gone = withoutTeam(read([team(1, 'A', 1), team(2, 'B', 1)]), 2);
    expect(gone.teams.map((t) => t.id)).toEqual([1]);
    expect(gone.myTeamId).toBeNull();
  });
  it('a ranking moves scores and reorders the teams', () => {
    const next = withRanking(read([team(1, 'A', 1), team(2, 'B', 1)]), [
      { teamId: 2, name: 'B', color: '#000', memberCount: 2, ...score(1, 2) },
      { teamId: 1, name: 'A', color: '#fff', memberCount: 2, ...score(2) },
    ]);
    expect(next.teams.map((t) => [t.id, t.score.rank, t.score.observations])).toEqual([
      [2, 1, 2],
      [1, 2, 0],
    ]);
  });
});
