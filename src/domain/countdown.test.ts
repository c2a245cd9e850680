import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CountdownState,
  completionResult,
  hunterResult,
  correctClockOffset,
  EXPIRED_LABEL,
  elapsedMs,
  endsAt,
  formatRemaining,
  isExpired,
  isMissionComplete,
  remainingMs,
  sessionRemainingMs,
  statusBadge,
  timeBadge,
  playerSessionState,
  timeStatus,
} from './countdown';

const MIN = 60_000;
const T0 = 1_700_000_000_000;
const running = (over: Partial<CountdownState> = {}): CountdownState => ({
  status: 'active',
  startTime: T0,
  durationMin: 60,
  pausedAt: null,
  pausedTotalMs: 0,
  ...over,
});

describe('remainingMs / elapsedMs', () => {
  it('counts down from the start', () => {
    expect(remainingMs(running(), T0)).toBe(60 * MIN);
    expect(remainingMs(running(), T0 + 10 * MIN)).toBe(50 * MIN);
    expect(elapsedMs(running(), T0 + 10 * MIN)).toBe(10 * MIN);
  });
  it('is the full duration before the start (not started, or scheduled in the future)', () => {
    expect(remainingMs(running({ status: 'preparing', startTime: null }), T0)).toBe(60 * MIN);
    expect(remainingMs(running({ startTime: T0 + 5 * MIN }), T0)).toBe(60 * MIN);
  });
  it('is null without a time limit', () => {
    for (const durationMin of [null, 0, -5, Number.NaN]) {
      expect(remainingMs(running({ durationMin }), T0 + MIN)).toBeNull();
    }
  });
  it('subtracts completed pauses', () => {
    expect(remainingMs(running({ pausedTotalMs: 7 * MIN }), T0 + 20 * MIN)).toBe(47 * MIN);
  });
  it('is frozen while paused', () => {
    const s = running({ status: 'paused', pausedAt: T0 + 20 * MIN, pausedTotalMs: 5 * MIN });
    expect(remainingMs(s, T0 + 20 * MIN)).toBe(45 * MIN);
    expect(remainingMs(s, T0 + 200 * MIN)).toBe(45 * MIN);
  });
  it('is frozen at the end time of an ended session', () => {
    const s = running({ status: 'completed', endTime: T0 + 30 * MIN });
    expect(remainingMs(s, T0 + 100 * MIN)).toBe(30 * MIN);
  });
  it('reports no playing time left for an ended session', () => {
    const s = running({ status: 'completed', endTime: T0 + 3 * MIN });
    expect(timeStatus(s, T0 + 4 * MIN)).toEqual({ timeRemaining: 0, hasTimeLimit: true });
  });
  it('never goes below 0', () => {
    expect(remainingMs(running(), T0 + 61 * MIN)).toBe(0);
  });
  it('property: resuming after a pause of any length gives back the frozen time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * MIN }),
        fc.integer({ min: 0, max: 10 * 60 * MIN }),
        fc.integer({ min: 0, max: 60 * MIN }),
        (before, pause, after) => {
          const pausedAt = T0 + before;
          const frozen = remainingMs(running({ pausedAt }), pausedAt + pause)!;
          const resumed = running({ pausedTotalMs: pause });
          expect(remainingMs(resumed, pausedAt + pause)).toBe(frozen);
          expect(remainingMs(resumed, pausedAt + pause + after)).toBe(Math.max(0, frozen - after));
        },
      ),
    );
  });
});

describe('endsAt and isExpired', () => {
  it('end = start + duration + completed pauses', () => {
    expect(endsAt(running())).toBe(T0 + 60 * MIN);
    expect(endsAt(running({ pausedTotalMs: 3 * MIN }))).toBe(T0 + 63 * MIN);
  });
  it('while paused the end moves with now, if given', () => {
    const s = running({ pausedAt: T0 + 10 * MIN });
    expect(endsAt(s)).toBe(T0 + 60 * MIN);
    expect(endsAt(s, T0 + 15 * MIN)).toBe(T0 + 65 * MIN);
  });
  it('is null without a limit or before the start', () => {
    expect(endsAt(running({ durationMin: null }))).toBeNull();
    expect(endsAt(running({ startTime: null }))).toBeNull();
  });
  it('expires exactly at the end, not a millisecond before', () => {
    expect(isExpired(running(), T0 + 60 * MIN - 1)).toBe(false);
    expect(isExpired(running(), T0 + 60 * MIN)).toBe(true);
    expect(isExpired(running(), T0 + 90 * MIN)).toBe(true);
  });
  it('never expires without a limit or before the start, nor while paused with time left', () => {
    expect(isExpired(running({ durationMin: null }), T0 + 1e9)).toBe(false);
    expect(isExpired(running({ startTime: null }), T0 + 1e9)).toBe(false);
    expect(isExpired(running({ pausedAt: T0 + MIN }), T0 + 1e9)).toBe(false);
  });
  it('property: expired iff now >= endsAt for a running session', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 0, max: 3 * 60 * MIN }), fc.integer({ min: 0, max: 200 * MIN }), (d, paused, t) => {
        const s = running({ durationMin: d, pausedTotalMs: paused });
        expect(isExpired(s, T0 + t)).toBe(T0 + t >= endsAt(s)!);
      }),
    );
  });
});

describe('timeStatus (REST time-status)', () => {
  it('whole minutes rounded up', () => {
    expect(timeStatus(running(), T0)).toEqual({ timeRemaining: 60, hasTimeLimit: true });
    expect(timeStatus(running(), T0 + 1)).toEqual({ timeRemaining: 60, hasTimeLimit: true });
    expect(timeStatus(running(), T0 + MIN)).toEqual({ timeRemaining: 59, hasTimeLimit: true });
    expect(timeStatus(running(), T0 + 60 * MIN - 1)).toEqual({ timeRemaining: 1, hasTimeLimit: true });
    expect(timeStatus(running(), T0 + 60 * MIN)).toEqual({ timeRemaining: 0, hasTimeLimit: true });
  });
  it('-1 without a limit', () => {
    expect(timeStatus(running({ durationMin: null }), T0)).toEqual({ timeRemaining: -1, hasTimeLimit: false });
  });
});

describe('formatRemaining', () => {
  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [999, '00:01'],
    [1000, '00:01'],
    [1001, '00:02'],
    [59_000, '00:59'],
    [MIN, '01:00'],
    [12 * MIN + 34_000, '12:34'],
    [60 * MIN - 1000, '59:59'],
    [60 * MIN, '1:00:00'],
    [120 * MIN, '2:00:00'],
    [-5, '00:00'],
  ])('%d ms -> %s', (ms, label) => {
    expect(formatRemaining(ms)).toBe(label);
  });
});

describe('timeBadge', () => {
  it('normal above 15 minutes', () => {
    expect(timeBadge(15 * MIN + 1)).toEqual({ colour: 'normal', pulsing: false, label: '15:01' });
    expect(timeBadge(60 * MIN)).toEqual({ colour: 'normal', pulsing: false, label: '1:00:00' });
  });
  it('yellow at exactly 15 minutes and down to just above 5', () => {
    expect(timeBadge(15 * MIN)).toEqual({ colour: 'yellow', pulsing: false, label: '15:00' });
    expect(timeBadge(5 * MIN + 1)).toEqual({ colour: 'yellow', pulsing: false, label: '05:01' });
  });
  it('red and pulsing at exactly 5 minutes and below', () => {
    expect(timeBadge(5 * MIN)).toEqual({ colour: 'red', pulsing: true, label: '05:00' });
    expect(timeBadge(1)).toEqual({ colour: 'red', pulsing: true, label: '00:01' });
  });
  it('EXPIRED at 0: red, steady, never with (PAUSED)', () => {
    expect(timeBadge(0)).toEqual({ colour: 'red', pulsing: false, label: EXPIRED_LABEL });
    expect(timeBadge(0, { paused: true })).toEqual({ colour: 'red', pulsing: false, label: 'EXPIRED' });
  });
  it('(PAUSED) suffix, same colour, no pulsing while paused', () => {
    expect(timeBadge(12 * MIN + 34_000, { paused: true })).toEqual({ colour: 'yellow', pulsing: false, label: '12:34 (PAUSED)' });
    expect(timeBadge(3 * MIN, { paused: true })).toEqual({ colour: 'red', pulsing: false, label: '03:00 (PAUSED)' });
    expect(timeBadge(30 * MIN, { paused: true }).label).toBe('30:00 (PAUSED)');
  });
  it('ENDED for a session the game master ended, never EXPIRED, whatever was left', () => {
    expect(timeBadge(0, { ended: true })).toEqual({ colour: 'normal', pulsing: false, label: 'ENDED' });
    expect(timeBadge(20 * MIN, { ended: true, offline: true }).label).toBe('ENDED');
  });
  it('says (OFFLINE) on a running clock that may be out of date, not on EXPIRED', () => {
    expect(timeBadge(30 * MIN, { offline: true }).label).toBe('30:00 (OFFLINE)');
    expect(timeBadge(30 * MIN, { offline: true, paused: true }).label).toBe('30:00 (PAUSED) (OFFLINE)');
    expect(timeBadge(null, { offline: true }).label).toBe('NO LIMIT (OFFLINE)');
    expect(timeBadge(0, { offline: true }).label).toBe('EXPIRED');
  });
  it('no limit (null or negative)', () => {
    expect(timeBadge(null)).toEqual({ colour: 'normal', pulsing: false, label: 'NO LIMIT' });
    expect(timeBadge(-1, { paused: true })).toEqual({ colour: 'normal', pulsing: false, label: 'NO LIMIT (PAUSED)' });
  });
  it('property: colour is monotonic in the remaining time', () => {
    const rank = { red: 0, yellow: 1, normal: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 * MIN }), fc.integer({ min: 0, max: 200 * MIN }), (a, extra) => {
        expect(rank[timeBadge(a + extra).colour]).toBeGreaterThanOrEqual(rank[timeBadge(a).colour]);
      }),
    );
  });
});

describe('statusBadge', () => {
  it.each([
    ['preparing', 'SETUP'],
    ['active', 'LIVE'],
    ['started', 'LIVE'],
    ['paused', 'PAUSED'],
    ['completed', 'ENDED'],
    ['whatever', 'SETUP'],
    [undefined, 'SETUP'],
    [null, 'SETUP'],
  ] as const)('%s -> %s', (status, badge) => {
    expect(statusBadge(status)).toBe(badge);
  });
});

describe('mission completion', () => {
  it('complete when observed >= total and total >= 1', () => {
    expect(isMissionComplete(1, 1)).toBe(true);
    expect(isMissionComplete(3, 2)).toBe(true);
    expect(isMissionComplete(1, 2)).toBe(false);
    expect(isMissionComplete(0, 0)).toBe(false);
    expect(isMissionComplete(5, 0)).toBe(false);
    expect(isMissionComplete(Number.NaN, 1)).toBe(false);
    expect(isMissionComplete(0.9, 1)).toBe(false);
  });
  it('completed result: status completed, rate 100', () => {
    expect(completionResult({ observed: 4, total: 4 })).toEqual({
      completionStatus: 'completed',
      completionRate: 100,
      dinosaursFound: 4,
      totalDinosaurs: 4,
    });
    expect(completionResult({ observed: 4, total: 4, timeExpired: true }).completionStatus).toBe('completed');
  });
  it('time expired and ended results, rate floored', () => {
    expect(completionResult({ observed: 2, total: 3, timeExpired: true })).toEqual({
      completionStatus: 'time_expired',
      completionRate: 66,
      dinosaursFound: 2,
      totalDinosaurs: 3,
    });
    expect(completionResult({ observed: 199, total: 200 }).completionRate).toBe(99);
    expect(completionResult({ observed: 0, total: 0 })).toEqual({
      completionStatus: 'ended',
      completionRate: 0,
      dinosaursFound: 0,
      totalDinosaurs: 0,
    });
  });
  it('caps found at the total', () => {
    expect(completionResult({ observed: 5, total: 3 })).toMatchObject({ dinosaursFound: 3, completionRate: 100 });
  });
  it('property: rate in 0..100, 100 iff complete', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.boolean(), (observed, total, timeExpired) => {
        const r = completionResult({ observed, total, timeExpired });
        expect(Number.isInteger(r.completionRate)).toBe(true);
        expect(r.completionRate).toBeGreaterThanOrEqual(0);
        expect(r.completionRate).toBeLessThanOrEqual(100);
        expect(r.completionRate === 100).toBe(isMissionComplete(observed, total));
        expect(r.completionStatus === 'completed').toBe(isMissionComplete(observed, total));
      }),
    );
  });
});

describe('hunterResult (one hunter\'s end dialog, issue #46)', () => {
  it('counts the hunter\'s own observations, not what the team found together', () => {
    // The session was completed by everyone (3 of 3); this hunter observed 1.
    expect(hunterResult({ completionStatus: 'completed', totalDinosaurs: 3 }, 1)).toEqual({
      completionStatus: 'ended',
      completionRate: 33,
      dinosaursFound: 1,
      totalDinosaurs: 3,
    });
  });
  it('is completed only when the hunter observed every dinosaur, and failed when the time ran out', () => {
    expect(hunterResult({ completionStatus: 'ended', totalDinosaurs: 2 }, 2).completionStatus).toBe('completed');
    expect(hunterResult({ completionStatus: 'time_expired', totalDinosaurs: 3 }, 2).completionStatus).toBe('time_expired');
    expect(hunterResult({ completionStatus: 'time_expired', totalDinosaurs: 3 }, 3).completionStatus).toBe('completed');
    expect(hunterResult({ completionStatus: 'completed', totalDinosaurs: 0 }, 0).completionStatus).toBe('ended');
  });
});

describe('sessionRemainingMs (what a screen shows)', () => {
  const base = { hasTimeLimit: true, duration: 30, pausedAt: null } as const;
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['no time limit', { ...base, hasTimeLimit: false, status: 'active', endsAt: null }, '2026-01-01T10:00:00Z', null],
    ['preparing shows the full duration', { ...base, status: 'preparing', endsAt: null }, '2026-01-01T10:00:00Z', 30 * 60_000],
    ['active ticks towards endsAt', { ...base, status: 'active', endsAt: '2026-01-01T10:10:00Z' }, '2026-01-01T10:00:00Z', 10 * 60_000],
    ['past the end is 0', { ...base, status: 'active', endsAt: '2026-01-01T10:10:00Z' }, '2026-01-01T10:11:00Z', 0],
    [
      'paused is frozen at pausedAt, whatever the time',
      { ...base, status: 'paused', endsAt: '2026-01-01T10:10:00Z', pausedAt: '2026-01-01T10:04:00Z' },
      '2026-01-01T12:00:00Z',
      6 * 60_000,
    ],
    ['ended is 0', { ...base, status: 'completed', endsAt: '2026-01-01T10:10:00Z' }, '2026-01-01T10:00:00Z', 0],
  ] as const)('%s', (_name, view, now, expected) => {
    expect(sessionRemainingMs(view, at(now))).toBe(expected);
  });

  it('a paused badge reads the frozen time with (PAUSED) and does not pulse', () => {
    const view = { ...base, status: 'paused', endsAt: '2026-01-01T10:04:00Z', pausedAt: '2026-01-01T10:00:30Z' };
    const first = timeBadge(sessionRemainingMs(view, at('2026-01-01T10:01:00Z')), { paused: true });
    const later = timeBadge(sessionRemainingMs(view, at('2026-01-01T10:09:00Z')), { paused: true });
    expect(first).toEqual({ colour: 'red', pulsing: false, label: '03:30 (PAUSED)' });
    expect(later).toEqual(first);
  });
});

describe('correctClockOffset', () => {
  it('keeps an offset that agrees with the server minute', () => {
    expect(correctClockOffset(0, 9.5 * 60_000, 10)).toBe(0);
    expect(correctClockOffset(250, 10 * 60_000, 10)).toBe(250);
  });
  it('moves a client that is behind (too much time left) forward by the excess', () => {
    // The client thinks 12 min remain; the server says at most 10.
    expect(correctClockOffset(0, 12 * 60_000, 10)).toBe(2 * 60_000);
  });
  it('moves a client that is ahead (too little time left) back into the window', () => {
    const corrected = correctClockOffset(0, 7 * 60_000, 10);
    const remaining = 7 * 60_000 - corrected; // a smaller offset means more time remaining
    expect(Math.ceil(remaining / 60_000)).toBe(10);
  });
  it('ignores nonsense', () => {
    expect(correctClockOffset(5, Number.NaN, 10)).toBe(5);
    expect(correctClockOffset(5, 60_000, -1)).toBe(5);
  });
});

describe('playerSessionState', () => {
  it.each([
    ['preparing', 30 * MIN, 'waiting'],
    [undefined, null, 'waiting'],
    ['active', 30 * MIN, 'live'],
    ['started', null, 'live'],
    ['active', 0, 'time_up'],
    ['paused', 12 * MIN, 'paused'],
    ['paused', 0, 'time_up'],
    ['completed', 0, 'ended'],
    ['completed', 30 * MIN, 'ended'],
  ] as const)('%s with %s ms left -> %s', (status, remaining, state) => {
    expect(playerSessionState(status, remaining)).toBe(state);
  });
});
