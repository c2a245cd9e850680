import { describe, expect, it } from 'vitest';
import { buildTrackingRows, formatDistance, lastSeenLabel, toMapHunters } from './trackingRows';

const progress = [
  { hunterId: 'u2', hunterName: 'Raptor', dinosaursObserved: 2, completionRank: 1, completionTime: null, observedDinosaurIds: [4, 7] },
  { hunterId: 'u1', hunterName: 'Alpha', dinosaursObserved: 0, completionRank: 2, completionTime: null },
];
const position = (userId: string, hunterName: string, distanceTraveled: number, timestamp: number) => ({
  userId,
  hunterName,
  location: { lat: 48.85, lng: 2.29 },
  accuracy: 6,
  distanceTraveled,
  timestamp,
});

describe('buildTrackingRows', () => {
  it('joins progress, positions and darts by hunter, in rank order', () => {
    const rows = buildTrackingRows({
      progress,
      positions: [position('u1', 'Alpha', 120, 5000)],
      statsByHunter: new Map([
        ['u1', { dartsRemaining: 25, distanceTraveled: 100 }],
        ['u2', { dartsRemaining: 22, distanceTraveled: 340 }],
      ]),
      totalDinosaurs: 3,
    });
    expect(rows).toEqual([
      { userId: 'u2', handle: 'Raptor', observed: 2, total: 3, dartsLeft: 22, distanceM: 340, lastSeenAt: null, rank: 1, completed: false, observedIds: [4, 7] },
      { userId: 'u1', handle: 'Alpha', observed: 0, total: 3, dartsLeft: 25, distanceM: 120, lastSeenAt: 5000, rank: 2, completed: false, observedIds: [] },
    ]);
  });
  it('shows a hunter whose position arrived before the progress list, last', () => {
    const rows = buildTrackingRows({ progress, positions: [position('u3', 'Newbie', 5, 9000)], statsByHunter: new Map(), totalDinosaurs: 1 });
    expect(rows.map((r) => r.handle)).toEqual(['Raptor', 'Alpha', 'Newbie']);
    expect(rows[2]).toMatchObject({ rank: null, observed: 0, dartsLeft: null, distanceM: 5, lastSeenAt: 9000 });
  });
  it('leaves unknown figures empty rather than inventing them', () => {
    const [row] = buildTrackingRows({ progress: [progress[1]!], positions: [], statsByHunter: new Map(), totalDinosaurs: 0 });
    expect(row).toMatchObject({ dartsLeft: null, distanceM: null, lastSeenAt: null });
  });
  it('marks a hunter who observed every dinosaur as completed', () => {
    const [row] = buildTrackingRows({
      progress: [{ ...progress[0]!, completionTime: '2026-01-01T10:00:00.000Z' }],
      positions: [],
      statsByHunter: new Map(),
      totalDinosaurs: 2,
    });
    expect(row?.completed).toBe(true);
  });
});

describe('toMapHunters', () => {
  it('labels each position with the handle', () => {
    expect(toMapHunters([position('u1', 'Alpha', 0, 7)])).toEqual([
      { userId: 'u1', label: 'Alpha', lat: 48.85, lng: 2.29, accuracy: 6, timestamp: 7 },
    ]);
    expect(toMapHunters(undefined)).toEqual([]);
  });
});

describe('formatDistance and lastSeenLabel', () => {
  it('formats metres and kilometres', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(849.6)).toBe('850 m');
    expect(formatDistance(1240)).toBe('1.24 km');
    expect(formatDistance(null)).toBe('—');
  });
  it('says how long ago a hunter reported', () => {
    const now = 1_000_000;
    expect(lastSeenLabel(now - 2000, now)).toBe('just now');
    expect(lastSeenLabel(now - 12_000, now)).toBe('12 s ago');
    expect(lastSeenLabel(now - 3 * 60_000, now)).toBe('3 min ago');
    expect(lastSeenLabel(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(lastSeenLabel(null, now)).toBe('not yet');
  });
});

describe('teams on the map (issue 42)', () => {
  it("colours a hunter's marker with their team's colour and names the team; hunters in no team keep the default", () => {
    const teams = [{ id: 3, name: 'Raptors', color: '#4363d8', members: [{ userId: 'u1' }] }];
    const [inTeam, alone] = toMapHunters([position('u1', 'Alpha', 0, 7), position('u2', 'Beta', 0, 7)], teams);
    expect(inTeam).toMatchObject({ userId: 'u1', color: '#4363d8', teamName: 'Raptors' });
    expect(alone?.color).toBeUndefined();
  });
});
