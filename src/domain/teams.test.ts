import { describe, expect, it } from 'vitest';
import { TEAM_CODE_ALPHABET, TEAM_COLORS } from './rules';
import {
  autoBalance,
  generateTeamCode,
  joinRefusal,
  nextTeamColor,
  normalizeTeamCode,
  rankTeams,
  TEAM_MESSAGES,
  teamAccuracy,
  teamChangeRefusal,
  teamNameKey,
  type TeamTally,
} from './teams';

const tally = (teamId: number, t: Partial<TeamTally> = {}): TeamTally => ({
  teamId,
  uniqueSpecies: 0,
  observations: 0,
  dartsUsed: 0,
  reachedAt: null,
  ...t,
});

describe('team names and codes', () => {
  it('folds case, Unicode forms and accents', () => {
    expect(teamNameKey('Équipe Rex')).toBe(teamNameKey('equipe rex'));
    expect(teamNameKey('ＲＥＸ')).toBe(teamNameKey('rex'));
    expect(teamNameKey('Rex')).not.toBe(teamNameKey('Rexa'));
  });

  it('makes codes of the unambiguous alphabet only', () => {
    expect(TEAM_CODE_ALPHABET).not.toMatch(/[IL0O1]/);
    let n = 0;
    const code = generateTeamCode(() => (n++ % 7) / 7);
    expect(code).toHaveLength(6);
    for (const ch of code) expect(TEAM_CODE_ALPHABET).toContain(ch);
    expect(generateTeamCode(() => 0.999999)).toBe('999999');
  });

  it('reads a typed code whatever its case, spaces and dashes', () => {
    expect(normalizeTeamCode('k7m-2qx')).toBe('K7M2QX');
    expect(normalizeTeamCode(' K7M 2QX ')).toBe('K7M2QX');
    expect(normalizeTeamCode('K7M2Q')).toBeNull();
    expect(normalizeTeamCode('K7M2QO')).toBeNull(); // O is not in the alphabet
  });

  it('gives each new team a colour no team wears yet', () => {
    expect(nextTeamColor([])).toBe(TEAM_COLORS[0]);
    expect(nextTeamColor([TEAM_COLORS[0], TEAM_COLORS[2]])).toBe(TEAM_COLORS[1]);
    expect(nextTeamColor([...TEAM_COLORS, TEAM_COLORS[0]])).toBe(TEAM_COLORS[1]);
  });
});

describe('team ranking (decision 973)', () => {
  it('ranks by unique species, then observations, then accuracy', () => {
    const ranked = rankTeams([
      tally(1, { uniqueSpecies: 1, observations: 5, dartsUsed: 5, reachedAt: 10 }),
      tally(2, { uniqueSpecies: 2, observations: 2, dartsUsed: 9, reachedAt: 20 }),
      tally(3, { uniqueSpecies: 1, observations: 5, dartsUsed: 10, reachedAt: 5 }),
      tally(4, { uniqueSpecies: 1, observations: 6, dartsUsed: 20, reachedAt: 30 }),
    ]);
    expect(ranked.map((t) => [t.teamId, t.rank])).toEqual([
      [2, 1],
      [4, 2],
      [1, 3],
      [3, 4],
    ]);
    expect(ranked[2]!.accuracy).toBe(100);
  });

  it('breaks a tie by who reached the score first', () => {
    const ranked = rankTeams([
      tally(1, { uniqueSpecies: 1, observations: 1, dartsUsed: 1, reachedAt: 2000 }),
      tally(2, { uniqueSpecies: 1, observations: 1, dartsUsed: 1, reachedAt: 1000 }),
    ]);
    expect(ranked.map((t) => t.teamId)).toEqual([2, 1]);
    expect(ranked.map((t) => t.rank)).toEqual([1, 2]);
  });

  it('lets teams that have scored nothing share a rank, the older listed first', () => {
    const ranked = rankTeams([tally(5), tally(3), tally(4, { uniqueSpecies: 1, observations: 1, dartsUsed: 2, reachedAt: 1 })]);
    expect(ranked.map((t) => [t.teamId, t.rank])).toEqual([
      [4, 1],
      [3, 2],
      [5, 2],
    ]);
  });

  it('counts accuracy as successes per dart, 0 without darts', () => {
    expect(teamAccuracy({ observations: 0, dartsUsed: 0 })).toBe(0);
    expect(teamAccuracy({ observations: 2, dartsUsed: 3 })).toBe(67);
  });
});

describe('auto-balance (decision 975)', () => {
  it('puts hunters without a team in the smallest teams', () => {
    const moves = autoBalance(
      [
        { teamId: 1, members: [10], maxSize: 4 },
        { teamId: 2, members: [], maxSize: 4 },
      ],
      [11, 12, 13],
    );
    expect(moves).toEqual([
      { playerId: 11, teamId: 2, fromTeamId: null },
      { playerId: 12, teamId: 1, fromTeamId: null },
      { playerId: 13, teamId: 2, fromTeamId: null },
    ]);
  });

  it('evens out teams by moving the latest joined, and leaves balanced teams alone', () => {
    expect(
      autoBalance(
        [
          { teamId: 1, members: [1, 2, 3, 4], maxSize: 4 },
          { teamId: 2, members: [], maxSize: 4 },
        ],
        [],
      ),
    ).toEqual([
      { playerId: 4, teamId: 2, fromTeamId: 1 },
      { playerId: 3, teamId: 2, fromTeamId: 1 },
    ]);
    expect(autoBalance([{ teamId: 1, members: [1, 2], maxSize: 4 }, { teamId: 2, members: [3], maxSize: 4 }], [])).toEqual([]);
  });

  it('leaves hunters without a team when every team is full', () => {
    const moves = autoBalance([{ teamId: 1, members: [1, 2], maxSize: 2 }], [3]);
    expect(moves).toEqual([]);
  });
});

describe('who may join or switch', () => {
  const team = { id: 7, name: 'Rex', locked: false, memberCount: 1, maxSize: 2 };
  const open = { mode: 'open' as const, status: 'preparing', teamSwitchAfterStart: false, currentTeamId: null, team, withCode: false };

  it('lets a hunter join an open team with room', () => {
    expect(joinRefusal(open)).toBeNull();
  });

  it('refuses a full team, a locked one without its code, the same team, and the wrong modes', () => {
    expect(joinRefusal({ ...open, team: { ...team, memberCount: 2 } })).toBe(TEAM_MESSAGES.full('Rex', 2));
    expect(joinRefusal({ ...open, team: { ...team, locked: true } })).toBe(TEAM_MESSAGES.locked('Rex'));
    expect(joinRefusal({ ...open, team: { ...team, locked: true }, withCode: true })).toBeNull();
    expect(joinRefusal({ ...open, currentTeamId: 7 })).toBe(TEAM_MESSAGES.alreadyInTeam('Rex'));
    expect(joinRefusal({ ...open, mode: 'assigned' })).toBe(TEAM_MESSAGES.assignedOnly);
    expect(joinRefusal({ ...open, mode: 'solo' })).toBe(TEAM_MESSAGES.solo);
    expect(joinRefusal({ ...open, status: 'completed' })).toBe(TEAM_MESSAGES.ended);
  });

  it('refuses a switch after the start unless the game master allows it; a first team is always fine', () => {
    const running = { ...open, status: 'active', currentTeamId: 3 };
    expect(joinRefusal(running)).toBe(TEAM_MESSAGES.switchAfterStart);
    expect(joinRefusal({ ...running, teamSwitchAfterStart: true })).toBeNull();
    expect(joinRefusal({ ...running, currentTeamId: null })).toBeNull();
    expect(teamChangeRefusal({ ...running, status: 'paused' })).toBe(TEAM_MESSAGES.switchAfterStart);
  });
});
