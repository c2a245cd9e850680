/**
 * The session countdown and mission completion (live-play spec, section 4).
 *
 * Everything is computed from stored timestamps (ms) and an explicit `now`,
 * so the server and the screens agree and a restart loses nothing.
 *
 * Semantics chosen where the spec is silent:
 * - A session with no duration (null, 0 or negative) has no time limit.
 * - Before it starts (startTime null, or in the future) the full duration
 *   remains.
 * - Time that counts = (now or pausedAt or endTime, the earliest that applies)
 *   - startTime - pausedTotalMs. A pause in progress freezes the clock at
 *   pausedAt; a session that ended (endTime) is frozen at endTime.
 * - Expired means remaining <= 0: exactly at the end the session is expired.
 * - timeStatus reports whole minutes rounded UP (59 s left is 1 minute, so 0
 *   always means expired), and -1 for no limit.
 */
import {
  MINUTES_PER_HOUR,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  NO_TIME_LIMIT,
  SECONDS_PER_MINUTE,
  TIME_CRITICAL_MIN,
  TIME_WARNING_MIN,
} from './rules';

/** A session's time as stored. pausedTotalMs is the sum of completed pauses. */
export interface CountdownState {
  readonly status: string;
  readonly startTime: number | null;
  readonly durationMin: number | null;
  readonly pausedAt: number | null;
  readonly pausedTotalMs: number;
  /** When the session ended, if it did: the clock stops there. */
  readonly endTime?: number | null;
}

function hasLimit(state: CountdownState): boolean {
  return typeof state.durationMin === 'number' && Number.isFinite(state.durationMin) && state.durationMin > 0;
}

function durationMs(state: CountdownState): number {
  return (state.durationMin ?? 0) * MS_PER_MINUTE;
}

/** The instant the clock reads: now, frozen at pausedAt or endTime when earlier. */
function clockNow(state: CountdownState, now: number): number {
  let t = now;
  if (state.pausedAt !== null) t = Math.min(t, state.pausedAt);
  if (typeof state.endTime === 'number') t = Math.min(t, state.endTime);
  return t;
}

/**
 * Time played so far, ms (0 before the start; never negative), pauses excluded.
 */
export function elapsedMs(state: CountdownState, now: number): number {
  if (state.startTime === null) return 0;
  return Math.max(0, clockNow(state, now) - state.startTime - Math.max(0, state.pausedTotalMs));
}

/**
 * Remaining time in ms, >= 0 (0 = expired), or null when there is no time
 * limit. Frozen while paused; the full duration before the start.
 */
export function remainingMs(state: CountdownState, now: number): number | null {
  if (!hasLimit(state)) return null;
  return Math.max(0, durationMs(state) - elapsedMs(state, now));
}

/**
 * Wall-clock end of the session in ms, accounting for completed pauses, or
 * null when there is no limit or it has not started. While paused, pass
 * `now` to include the pause in progress (the end keeps moving until resume);
 * without `now` the pause in progress is not counted.
 */
export function endsAt(state: CountdownState, now?: number): number | null {
  if (!hasLimit(state) || state.startTime === null) return null;
  const ongoingPause = state.pausedAt !== null && now !== undefined ? Math.max(0, now - state.pausedAt) : 0;
  return state.startTime + durationMs(state) + Math.max(0, state.pausedTotalMs) + ongoingPause;
}

/** True when the session has a limit, has started and no time remains. */
export function isExpired(state: CountdownState, now: number): boolean {
  if (state.startTime === null) return false;
  return remainingMs(state, now) === 0;
}

/** The REST answer of GET /api/game-sessions/{id}/time-status. */
export interface TimeStatus {
  /** Whole minutes rounded up; 0 when expired; -1 when there is no limit. */
  readonly timeRemaining: number;
  readonly hasTimeLimit: boolean;
}

export function timeStatus(state: CountdownState, now: number): TimeStatus {
  const ms = remainingMs(state, now);
  if (ms === null) return { timeRemaining: NO_TIME_LIMIT, hasTimeLimit: false };
  // An ended session has no playing time left, whatever was left when it ended.
  if (state.status === 'completed') return { timeRemaining: 0, hasTimeLimit: true };
  return { timeRemaining: Math.ceil(ms / MS_PER_MINUTE), hasTimeLimit: true };
}

export type BadgeColour = 'normal' | 'yellow' | 'red';

export interface TimeBadge {
  readonly colour: BadgeColour;
  readonly pulsing: boolean;
  readonly label: string;
}

const PAUSED_SUFFIX = ' (PAUSED)';
export const OFFLINE_SUFFIX = ' (OFFLINE)';
export const EXPIRED_LABEL = 'EXPIRED';
export const ENDED_LABEL = 'ENDED';
export const NO_LIMIT_LABEL = 'NO LIMIT';

/**
 * 'MM:SS', or 'H:MM:SS' from one hour on, with seconds rounded UP (so the
 * label reads 00:00 only at exactly 0). Negative values format as 00:00.
 */
export function formatRemaining(ms: number): string {
  const totalS = Math.max(0, Math.ceil(ms / MS_PER_SECOND));
  const s = totalS % SECONDS_PER_MINUTE;
  const totalMin = Math.floor(totalS / SECONDS_PER_MINUTE);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (totalMin >= MINUTES_PER_HOUR) {
    return `${Math.floor(totalMin / MINUTES_PER_HOUR)}:${pad(totalMin % MINUTES_PER_HOUR)}:${pad(s)}`;
  }
  return `${pad(totalMin)}:${pad(s)}`;
}

export interface TimeBadgeOptions {
  readonly paused?: boolean;
  /** The game master ended the session: 'ENDED' (grey), never 'EXPIRED', which means the time ran out. */
  readonly ended?: boolean;
  /** The screen is not live (offline, or its live stream is down): ' (OFFLINE)', the time may be out of date. */
  readonly offline?: boolean;
}

/**
 * The time badge for a remaining time (ms; null or negative = no limit):
 * - an ended session: normal colour, 'ENDED' (whatever time was left);
 * - 0 or less than nothing left: red, not pulsing, 'EXPIRED' (never with
 *   '(PAUSED)': an expired session has nothing to pause);
 * - <= 5 minutes: red, pulsing (not while paused: a frozen clock does not pulse);
 * - <= 15 minutes: yellow;
 * - otherwise normal. Boundaries inclusive: exactly 15:00 is yellow, exactly
 *   5:00 is red.
 * The label is {@link formatRemaining}, plus ' (PAUSED)' while paused; with
 * no limit it is 'NO LIMIT' (plus ' (PAUSED)'). Offline adds ' (OFFLINE)' to a
 * running clock's label (not to ENDED or EXPIRED, which cannot change back).
 */
export function timeBadge(remaining: number | null, opts: TimeBadgeOptions = {}): TimeBadge {
  if (opts.ended === true) return { colour: 'normal', pulsing: false, label: ENDED_LABEL };
  const paused = opts.paused === true;
  const suffix = `${paused ? PAUSED_SUFFIX : ''}${opts.offline === true ? OFFLINE_SUFFIX : ''}`;
  if (remaining === null || remaining < 0 || Number.isNaN(remaining)) {
    return { colour: 'normal', pulsing: false, label: `${NO_LIMIT_LABEL}${suffix}` };
  }
  if (remaining === 0) return { colour: 'red', pulsing: false, label: EXPIRED_LABEL };
  const label = `${formatRemaining(remaining)}${suffix}`;
  if (remaining <= TIME_CRITICAL_MIN * MS_PER_MINUTE) return { colour: 'red', pulsing: !paused, label };
  if (remaining <= TIME_WARNING_MIN * MS_PER_MINUTE) return { colour: 'yellow', pulsing: false, label };
  return { colour: 'normal', pulsing: false, label };
}

/**
 * What a player reads of a session (the terminal's state banner): waiting for the
 * start, live, paused by the game master, time up (the clock ran out but the game
 * master has not ended it yet), or ended. Ended is never "expired": only a clock
 * that ran out is.
 */
export type PlayerSessionState = 'waiting' | 'live' | 'paused' | 'time_up' | 'ended';

export function playerSessionState(status: string | null | undefined, remaining: number | null): PlayerSessionState {
  switch (statusBadge(status)) {
    case 'ENDED':
      return 'ended';
    case 'SETUP':
      return 'waiting';
    case 'PAUSED':
      return remaining === 0 ? 'time_up' : 'paused';
    default:
      return remaining === 0 ? 'time_up' : 'live';
  }
}

export type StatusBadge = 'SETUP' | 'LIVE' | 'PAUSED' | 'ENDED';

/**
 * The session status badge: preparing -> SETUP, active or started -> LIVE,
 * paused -> PAUSED, completed -> ENDED. Anything else (unknown, missing) is
 * SETUP, as the accounts spec treats an unknown status as preparing.
 */
export function statusBadge(status: string | null | undefined): StatusBadge {
  switch (status) {
    case 'active':
    case 'started':
      return 'LIVE';
    case 'paused':
      return 'PAUSED';
    case 'completed':
      return 'ENDED';
    default:
      return 'SETUP';
  }
}

function count(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/**
 * The mission is complete when at least one dinosaur is deployed and the
 * hunter has observed at least that many (spec: observed >= total, total >= 1).
 * Counts are floored; non-finite counts are 0.
 */
export function isMissionComplete(observed: number, total: number): boolean {
  const t = count(total);
  return t >= 1 && count(observed) >= t;
}

export type CompletionStatus = 'completed' | 'time_expired' | 'ended';

export interface CompletionResult {
  readonly completionStatus: CompletionStatus;
  /** Integer percent 0..100, floored (100 only when complete). */
  readonly completionRate: number;
  /** Observed dinosaurs, capped at the total (never "5 of 3"). */
  readonly dinosaursFound: number;
  readonly totalDinosaurs: number;
}

/**
 * The session result: 'completed' when {@link isMissionComplete} (even if
 * the clock also ran out), else 'time_expired' when the time ran out, else
 * 'ended' (ended by the game master). Rate = floor(found / total x 100),
 * 0 when there are no dinosaurs.
 */
export function completionResult(input: {
  readonly observed: number;
  readonly total: number;
  readonly timeExpired?: boolean;
}): CompletionResult {
  const total = count(input.total);
  const found = Math.min(count(input.observed), total);
  const completionStatus: CompletionStatus = isMissionComplete(input.observed, input.total)
    ? 'completed'
    : input.timeExpired === true
      ? 'time_expired'
      : 'ended';
  const completionRate = total === 0 ? 0 : Math.floor((found * 100) / total);
  return { completionStatus, completionRate, dinosaursFound: found, totalDinosaurs: total };
}

/**
 * One hunter's end-of-hunt result: their own observations against every dinosaur deployed, judged
 * as {@link completionResult} judges the session (issue #46: the session's result counts what every
 * hunter found together, so a hunter who observed 1 of 3 was told "Every dinosaur was observed").
 * The time ran out when the session's own result says so.
 */
export function hunterResult(
  session: { readonly completionStatus: string; readonly totalDinosaurs: number },
  observedByHunter: number,
): CompletionResult {
  return completionResult({
    observed: observedByHunter,
    total: session.totalDinosaurs,
    timeExpired: session.completionStatus === 'time_expired',
  });
}

/** What a screen knows of a session's time (the session and time-status bodies). */
export interface SessionTimeView {
  readonly status: string;
  /** When the time runs out (ISO); frozen while paused, null before the start or with no limit. */
  readonly endsAt: string | null;
  readonly pausedAt: string | null;
  readonly hasTimeLimit: boolean;
  /** Minutes. */
  readonly duration: number;
}

/**
 * Remaining ms of a session as a screen shows it at `serverNow` (the client's clock
 * corrected to the server's): null with no time limit; the full duration before
 * the start; frozen at pausedAt while paused; 0 once ended or past the end.
 */
export function sessionRemainingMs(view: SessionTimeView, serverNow: number): number | null {
  if (!view.hasTimeLimit) return null;
  if (view.status === 'completed') return 0;
  const ends = view.endsAt === null ? Number.NaN : Date.parse(view.endsAt);
  if (Number.isNaN(ends)) return view.status === 'preparing' ? Math.max(0, view.duration) * MS_PER_MINUTE : null;
  const paused = view.pausedAt === null ? Number.NaN : Date.parse(view.pausedAt);
  const at = view.status === 'paused' && !Number.isNaN(paused) ? paused : serverNow;
  return Math.max(0, ends - at);
}

/**
 * Corrects the client's estimate of (server clock - client clock) with the
 * server's own count: time-status reports whole minutes rounded up, so the
 * client's remaining ms must lie in ((m - 1) min, m min]. Outside that window
 * the offset moves by the least amount that brings it back; inside, it stays
 * (second-level smoothness comes from event timestamps).
 */
export function correctClockOffset(offsetMs: number, clientRemainingMs: number, serverMinutes: number): number {
  if (!Number.isFinite(clientRemainingMs) || !Number.isFinite(serverMinutes) || serverMinutes < 0) return offsetMs;
  const high = serverMinutes * MS_PER_MINUTE;
  const low = Math.max(0, (serverMinutes - 1) * MS_PER_MINUTE);
  // A larger offset means a later server "now", so less time remaining.
  if (clientRemainingMs > high) return offsetMs + (clientRemainingMs - high);
  if (serverMinutes > 0 && clientRemainingMs <= low) return offsetMs - (low - clientRemainingMs) - 1;
  return offsetMs;
}
