import { describe, expect, it } from 'vitest';
import { frameFill, heightForFill } from './ar-geometry';
import { walkingDirection } from './ar-heading';
import {
  chooseHuntTarget,
  HUNT_MESSAGES,
  huntProgress,
  insideSafetyDistance,
  leftLabel,
  metresToWalk,
  nextHuntTarget,
  observationCounts,
  observeReadiness,
} from './hunt-target';
import { AR_FRAME_FILL_FAR, AR_FRAME_FILL_NEAR } from './rules';

const hit = (id: number, distance = id * 10) => ({ dinosaur: { id }, distance });
// Nearest first, as the scanner lists them.
const detected = [hit(1), hit(2), hit(3)];

describe('chooseHuntTarget', () => {
  it('offers the nearest dinosaur the hunter has not observed', () => {
    expect(chooseHuntTarget(detected, new Set(), null)).toEqual({ target: detected[0], picked: false, observed: false });
    expect(chooseHuntTarget(detected, new Set([1]), null).target).toBe(detected[1]);
    expect(chooseHuntTarget(detected, new Set([1, 2]), null).target).toBe(detected[2]);
  });

  it('keeps the picked one while it is detected, observed or not', () => {
    expect(chooseHuntTarget(detected, new Set(), 3)).toEqual({ target: detected[2], picked: true, observed: false });
    expect(chooseHuntTarget(detected, new Set([3]), 3)).toEqual({ target: detected[2], picked: true, observed: true });
    // Out of the scanner's radius (or removed): back to the nearest unobserved.
    expect(chooseHuntTarget(detected, new Set([1]), 9)).toEqual({ target: detected[1], picked: false, observed: false });
  });

  it('shows the nearest, marked observed, when every one is observed; nothing when none is detected', () => {
    expect(chooseHuntTarget(detected, new Set([1, 2, 3]), null)).toEqual({ target: detected[0], picked: false, observed: true });
    expect(chooseHuntTarget([], new Set(), null)).toEqual({ target: null, picked: false, observed: false });
  });
});

describe('nextHuntTarget', () => {
  it('walks the unobserved ones in nearest-first order and wraps round', () => {
    expect(nextHuntTarget(detected, new Set(), 1)).toBe(detected[1]);
    expect(nextHuntTarget(detected, new Set([2]), 1)).toBe(detected[2]);
    expect(nextHuntTarget(detected, new Set(), 3)).toBe(detected[0]);
    expect(nextHuntTarget(detected, new Set([1]), null)).toBe(detected[1]);
    // The current one is observed: the next unobserved after it.
    expect(nextHuntTarget(detected, new Set([1]), 1)).toBe(detected[1]);
  });

  it('has none when no other dinosaur is left to observe', () => {
    expect(nextHuntTarget(detected, new Set([1, 2]), 3)).toBeNull();
    expect(nextHuntTarget(detected, new Set([1, 2, 3]), 1)).toBeNull();
    expect(nextHuntTarget([], new Set(), null)).toBeNull();
  });
});

describe('huntProgress and leftLabel', () => {
  const dinos = [
    { id: 1, status: 'active' },
    { id: 2, status: 'active' },
    { id: 3, status: null },
    { id: 4, status: 'removed' },
  ];
  it('counts the targetable dinosaurs and which of them this hunter observed', () => {
    expect(huntProgress(dinos, new Set([2, 99]))).toEqual({ total: 3, observed: 1, left: 2 });
    expect(leftLabel(huntProgress(dinos, new Set([2])))).toBe('2 of 3 left');
    expect(leftLabel(huntProgress(dinos, new Set([1, 2, 3])))).toBe('All 3 observed');
    expect(leftLabel(huntProgress([], new Set()))).toBe('None deployed');
  });
  it('says the dinosaurs are hidden, not missing, while the hunt is paused or not started', () => {
    expect(leftLabel(huntProgress([], new Set()), 'paused')).toBe('Hidden while paused');
    expect(leftLabel(huntProgress([], new Set()), 'waiting')).toBe('Hidden until the start');
  });
});

describe('observe readiness (range 100 m, safety 50 m)', () => {
  it.each([
    [147, 47],
    [100.4, 1],
    [100, 0],
    [99, 0],
    [0, 0],
  ])('%s m away: %s m to walk', (distance, walk) => {
    expect(metresToWalk(distance)).toBe(walk);
  });

  it('is off beyond the range, with the distance still to walk', () => {
    expect(observeReadiness({ distance: 147, name: 'Triceratops' }, false)).toEqual({
      ready: false,
      reason: 'too_far',
      walkM: 47,
      message: 'Walk 47 m closer to observe (range 100 m)',
    });
  });

  it('is off for a dinosaur already observed, and without a target', () => {
    expect(observeReadiness({ distance: 20, name: 'Triceratops' }, true)).toMatchObject({
      ready: false,
      reason: 'observed',
      message: 'Triceratops observed: pick the next target',
    });
    expect(observeReadiness({ distance: 20, name: 'Triceratops' }, true, 100, false).message).toBe(
      'Triceratops observed: you have observed every dinosaur',
    );
    expect(observeReadiness(null, false)).toMatchObject({ ready: false, reason: 'no_target', message: HUNT_MESSAGES.noTarget });
  });

  it('is on in range; inside 50 m it warns without blocking', () => {
    expect(observeReadiness({ distance: 80, name: 'T' }, false)).toEqual({ ready: true, tooClose: false, message: HUNT_MESSAGES.inRange });
    expect(observeReadiness({ distance: 49, name: 'T' }, false)).toEqual({
      ready: true,
      tooClose: true,
      message: 'Closer than 50 m: step back for your safety (advice only: Observe still works)',
    });
    expect(insideSafetyDistance(50)).toBe(false);
    expect(insideSafetyDistance(Number.NaN)).toBe(false);
  });
});

describe('observationCounts', () => {
  it('counts each dinosaur once per hunter', () => {
    const counts = observationCounts([{ observedDinosaurIds: [1, 2] }, { observedDinosaurIds: [2, 2] }, { observedDinosaurIds: [] }]);
    expect([...counts.entries()].sort()).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});

describe('frameFill (camera overlay size)', () => {
  it('is large near, small far, and shrinks steadily in between', () => {
    expect(frameFill(0)).toBe(AR_FRAME_FILL_NEAR);
    expect(frameFill(10)).toBe(AR_FRAME_FILL_NEAR);
    expect(frameFill(1000)).toBe(AR_FRAME_FILL_FAR);
    expect(frameFill(5000)).toBe(AR_FRAME_FILL_FAR);
    expect(frameFill(100)).toBeCloseTo((AR_FRAME_FILL_NEAR + AR_FRAME_FILL_FAR) / 2, 10);
    expect(frameFill(Number.NaN)).toBe(AR_FRAME_FILL_NEAR);
    let previous = Number.POSITIVE_INFINITY;
    for (const d of [5, 20, 50, 150, 400, 900]) {
      const f = frameFill(d);
      expect(f).toBeLessThan(previous);
      previous = f;
    }
  });

  it('gives the height that fills that share of the picture', () => {
    // A 60 degree picture 20 m away is 2 * 20 * tan 30 = 23.09 m tall.
    expect(heightForFill(20, 0.5, 60)).toBeCloseTo(11.547, 3);
    expect(heightForFill(-1, 0.5, 60)).toBe(0);
  });
});

describe('walkingDirection (3D viewer)', () => {
  const ne = { bearing: 42, direction: 'NE' as const };
  it('reads as a compass point without a direction of travel', () => {
    expect(walkingDirection(ne, null)).toBe('Walk NE (42° from north)');
    expect(walkingDirection(ne, Number.NaN)).toBe('Walk NE (42° from north)');
  });
  it('reads relative to the way the hunter walks', () => {
    expect(walkingDirection(ne, 30)).toBe('Straight ahead: NE (42° from north)');
    expect(walkingDirection(ne, 300)).toBe('Turn right 102°: NE (42° from north)');
    expect(walkingDirection(ne, 90)).toBe('Turn left 48°: NE (42° from north)');
    expect(walkingDirection(ne, 230)).toBe('Turn around: NE (42° from north)');
  });
});
