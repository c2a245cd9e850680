import { describe, expect, it } from 'vitest';
import {
  advanceReplay,
  countUpTo,
  downsample,
  formatReplayClock,
  pathsDeletedAt,
  pathsKept,
  pointsPerHunter,
  replayFrame,
} from './hunt-replay';
import { GPS_RETENTION_MS, REPLAY_MAX_POINTS, REPLAY_MAX_POINTS_PER_HUNTER } from './rules';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('downsample', () => {
  it('keeps a short path as it is (a copy)', () => {
    const pts = [1, 2, 3];
    const out = downsample(pts, 5);
    expect(out).toEqual([1, 2, 3]);
    expect(out).not.toBe(pts);
  });

  it('thins a long path to the budget, evenly, keeping the first and last fix in order', () => {
    const out = downsample(range(1001), 11);
    expect(out).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    const odd = downsample(range(12345), 500);
    expect(odd).toHaveLength(500);
    expect(odd[0]).toBe(0);
    expect(odd[499]).toBe(12344);
    for (let i = 1; i < odd.length; i += 1) expect(odd[i]!).toBeGreaterThan(odd[i - 1]!);
  });

  it('handles budgets of 0 and 1', () => {
    expect(downsample(range(10), 0)).toEqual([]);
    expect(downsample(range(10), 1)).toEqual([9]);
  });
});

describe('pointsPerHunter', () => {
  it('shares the total budget and never passes the per-hunter cap', () => {
    expect(pointsPerHunter(1)).toBe(Math.min(REPLAY_MAX_POINTS_PER_HUNTER, REPLAY_MAX_POINTS));
    expect(pointsPerHunter(25) * 25).toBeLessThanOrEqual(REPLAY_MAX_POINTS);
    expect(pointsPerHunter(0)).toBe(REPLAY_MAX_POINTS_PER_HUNTER);
    expect(pointsPerHunter(100_000)).toBe(2);
  });
});

describe('retention', () => {
  it('keeps paths until 48 h after the end, not a millisecond longer', () => {
    const end = Date.UTC(2026, 10, 20, 12);
    expect(pathsDeletedAt(end)).toBe(end + GPS_RETENTION_MS);
    expect(pathsKept(end, end + GPS_RETENTION_MS - 1)).toBe(true);
    expect(pathsKept(end, end + GPS_RETENTION_MS)).toBe(false);
  });
});

describe('replayFrame', () => {
  const tracks = [
    { hunterId: 'a', points: [{ t: 10, lat: 1, lng: 1 }, { t: 20, lat: 2, lng: 2 }, { t: 30, lat: 3, lng: 3 }] },
    { hunterId: 'b', points: [{ t: 25, lat: 9, lng: 9 }] },
  ];
  const observations = [{ t: 15, id: 1 }, { t: 28, id: 2 }];

  it('shows each path walked so far and the observations made so far', () => {
    const frame = replayFrame(tracks, observations, 20);
    expect(frame.paths[0]!.walked.map((p) => p.t)).toEqual([10, 20]);
    expect(frame.paths[0]!.at).toEqual({ t: 20, lat: 2, lng: 2 });
    expect(frame.paths[1]!.walked).toEqual([]);
    expect(frame.paths[1]!.at).toBeNull();
    expect(frame.observations.map((o) => o.id)).toEqual([1]);
  });

  it('shows everything at the end and nothing before the first fix', () => {
    expect(replayFrame(tracks, observations, 30).observations.map((o) => o.id)).toEqual([1, 2]);
    expect(replayFrame(tracks, observations, 30).paths[1]!.at?.t).toBe(25);
    const before = replayFrame(tracks, observations, 0);
    expect(before.observations).toEqual([]);
    expect(before.paths.every((p) => p.at === null)).toBe(true);
  });

  it('counts with a binary search that agrees with a linear count', () => {
    const items = [1, 1, 2, 5, 5, 5, 9].map((t) => ({ t }));
    for (let at = 0; at <= 10; at += 1) expect(countUpTo(items, at)).toBe(items.filter((i) => i.t <= at).length);
  });
});

describe('clock', () => {
  it('formats minutes and hours', () => {
    expect(formatReplayClock(0)).toBe('0:00');
    expect(formatReplayClock(309_000)).toBe('5:09');
    expect(formatReplayClock(3_909_000)).toBe('1:05:09');
    expect(formatReplayClock(-5)).toBe('0:00');
  });

  it('advances by the speed and stops at the end', () => {
    expect(advanceReplay(1000, 100, 30, 100_000)).toBe(4000);
    expect(advanceReplay(99_000, 100, 30, 100_000)).toBe(100_000);
  });
});
