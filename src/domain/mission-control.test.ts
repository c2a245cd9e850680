import { describe, expect, it } from 'vitest';
import {
  checkScheduledStart,
  lifecycleActions,
  maxPlayerChoices,
  pickDefaultSession,
  resultView,
  startsInLabel,
  toDateTimeLocal,
} from './mission-control';
import { SESSION_MESSAGES } from './session-schemas';

const s = (id: number, status: string, createdAt: string) => ({ id, status, createdAt });

describe('pickDefaultSession', () => {
  it('opens the newest active or preparing session', () => {
    const sessions = [
      s(1, 'active', '2026-01-01T10:00:00Z'),
      s(2, 'preparing', '2026-01-01T11:00:00Z'),
      s(3, 'paused', '2026-01-01T12:00:00Z'),
    ];
    expect(pickDefaultSession(sessions)?.id).toBe(2);
  });
  it('breaks a tie on creation time by the higher id', () => {
    expect(pickDefaultSession([s(4, 'preparing', '2026-01-01T10:00:00Z'), s(5, 'active', '2026-01-01T10:00:00Z')])?.id).toBe(5);
  });
  it('falls back to the newest paused session, never an ended one', () => {
    expect(pickDefaultSession([s(1, 'paused', '2026-01-01T10:00:00Z'), s(2, 'completed', '2026-01-02T10:00:00Z')])?.id).toBe(1);
    expect(pickDefaultSession([s(2, 'completed', '2026-01-02T10:00:00Z')])).toBeNull();
    expect(pickDefaultSession([])).toBeNull();
  });
});

describe('lifecycleActions', () => {
  it('offers Start Now and Schedule while preparing', () => {
    expect(lifecycleActions('preparing')).toEqual({ startNow: true, schedule: true, pause: false, resume: false, end: true });
  });
  it('offers Pause while live and Resume while paused', () => {
    expect(lifecycleActions('active')).toMatchObject({ startNow: false, pause: true, resume: false, end: true });
    expect(lifecycleActions('started')).toMatchObject({ pause: true });
    expect(lifecycleActions('paused')).toMatchObject({ pause: false, resume: true, end: true });
  });
  it('offers nothing once ended or without a session', () => {
    const none = { startNow: false, schedule: false, pause: false, resume: false, end: false };
    expect(lifecycleActions('completed')).toEqual(none);
    expect(lifecycleActions(null)).toEqual(none);
  });
});

describe('maxPlayerChoices', () => {
  it('defaults to 25 when the plan allows it', () => {
    expect(maxPlayerChoices(25)).toEqual({
      options: [10, 15, 20, 25].map((value) => ({ value, allowed: true })),
      defaultValue: 25,
    });
    expect(maxPlayerChoices(null).defaultValue).toBe(25);
  });
  it("marks choices above the plan's cap and defaults to the largest allowed", () => {
    const { options, defaultValue } = maxPlayerChoices(10);
    expect(options.filter((o) => o.allowed).map((o) => o.value)).toEqual([10]);
    expect(defaultValue).toBe(10);
    expect(maxPlayerChoices(22).defaultValue).toBe(20);
  });
  it('still offers the smallest choice under a cap below 10', () => {
    expect(maxPlayerChoices(5).defaultValue).toBe(10);
  });
});

describe('checkScheduledStart', () => {
  const now = Date.parse('2026-03-01T12:00:30');
  it('accepts a future time, and the current minute as now', () => {
    expect(checkScheduledStart('2026-03-01T13:15', now)).toEqual({ ok: true, at: Date.parse('2026-03-01T13:15') });
    expect(checkScheduledStart('2026-03-01T12:00', now)).toEqual({ ok: true, at: now });
  });
  it('refuses an empty, invalid or past value with the spec messages', () => {
    expect(checkScheduledStart('', now)).toEqual({ ok: false, message: SESSION_MESSAGES.scheduleInvalid });
    expect(checkScheduledStart('soon', now)).toEqual({ ok: false, message: SESSION_MESSAGES.scheduleInvalid });
    expect(checkScheduledStart('2026-03-01T11:58', now)).toEqual({ ok: false, message: SESSION_MESSAGES.schedulePast });
  });
  it('refuses a time more than a year ahead', () => {
    expect(checkScheduledStart('2027-03-02T12:00', now)).toEqual({ ok: false, message: SESSION_MESSAGES.scheduleTooFar });
  });
});

describe('toDateTimeLocal', () => {
  it('writes local time to the minute, and reads back as the same minute', () => {
    const at = new Date(2026, 2, 1, 9, 5, 42).getTime();
    expect(toDateTimeLocal(at)).toBe('2026-03-01T09:05');
    expect(Date.parse(toDateTimeLocal(at))).toBe(new Date(2026, 2, 1, 9, 5).getTime());
  });
});

describe('startsInLabel', () => {
  const now = 1_000_000;
  it('counts down to a scheduled start', () => {
    expect(startsInLabel(now + 40_000, now)).toBe('in 40 s');
    expect(startsInLabel(now + 4 * 60_000, now)).toBe('in 4 min');
    expect(startsInLabel(now + 65 * 60_000, now)).toBe('in 1 h 05 min');
    expect(startsInLabel(now - 1, now)).toBe('now');
  });
});

describe('resultView', () => {
  const result = { dinosaursFound: 2, totalDinosaurs: 3, completionRate: 66 };
  it('names the three outcomes and summarises observed / total and rate', () => {
    expect(resultView({ ...result, completionStatus: 'completed' })).toEqual({
      title: 'Mission Complete',
      tone: 'success',
      summary: '2 / 3 dinosaurs observed (66%)',
    });
    expect(resultView({ ...result, completionStatus: 'time_expired' }).title).toBe('Time Expired');
    expect(resultView({ ...result, completionStatus: 'ended' }).title).toBe('Session Ended');
  });
});
