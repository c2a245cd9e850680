import { describe, expect, it } from 'vitest';
import { ownTeamNotice } from './teamNotice';

const move = (hunterName: string, teamId: number | null, previousTeamId: number | null) => ({
  sessionId: 1,
  timestamp: 0,
  playerId: 4,
  userId: 'u4',
  hunterName,
  teamId,
  previousTeamId,
});
const names = (id: number) => (id === 2 ? 'Raptors' : null);

describe('ownTeamNotice', () => {
  it("tells the hunter their new team by name, and when they are out of one; never another hunter's moves", () => {
    expect(ownTeamNotice(move('Ana', 2, null), 'Ana', names)).toEqual({ title: 'Your team', description: 'You are in team Raptors now.' });
    expect(ownTeamNotice(move('Ana', 3, 2), 'Ana', names)?.description).toBe('You are in a team now.');
    expect(ownTeamNotice(move('Ana', null, 2), 'Ana', names)?.description).toBe('You are no longer in a team.');
    expect(ownTeamNotice(move('Bo', 2, null), 'Ana', names)).toBeNull();
    expect(ownTeamNotice(move('Ana', 2, null), null, names)).toBeNull();
  });
});
