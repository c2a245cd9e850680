// The countdown of one stored session row, through src/domain/countdown.ts.
// Every time rule (remaining time, pause freeze, expiry) is computed from the
// stored timestamps, so a restart loses nothing.
import { endsAt as domainEndsAt, isExpired, timeStatus } from '../../domain/countdown';
import type { GameSessionRow } from '../db/schema';

export const RUNNING_STATUSES = ['active', 'started'] as const;

export function isRunning(status: string): boolean {
  return status === 'active' || status === 'started';
}

function countdownState(row: GameSessionRow) {
  return {
    status: row.status,
    durationMin: row.duration,
    startTime: row.startTime,
    pausedAt: row.pausedAt,
    pausedTotalMs: row.pausedTotalMs,
    endTime: row.endTime,
  };
}

/** { timeRemaining (minutes; negative = no limit), hasTimeLimit } at `now`. */
export function sessionTimeStatus(row: GameSessionRow, now: number) {
  return timeStatus(countdownState(row), now);
}

/**
 * When the session's time runs out (ms), or null when it has not started. With
 * `now`, a pause in progress counts (the end moves on until resume).
 */
export function sessionEndsAt(row: GameSessionRow, now?: number): number | null {
  return domainEndsAt(countdownState(row), now);
}

/** True when a running (not paused) session's time has run out at `now`. */
export function sessionExpired(row: GameSessionRow, now: number): boolean {
  return isRunning(row.status) && isExpired(countdownState(row), now);
}
