/**
 * Mission Control rules of the game master's screen (live-play spec, sections
 * 2, 4, 5 and 8): which session opens, which lifecycle buttons apply, the
 * player-limit options under the plan's cap, the schedule field's check, and
 * how a session's result reads. Pure, so the screen is thin and these are tested.
 */
import {
  DEFAULT_MAX_PLAYERS,
  MAX_PLAYER_OPTIONS,
  MAX_SCHEDULE_AHEAD_MS,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  SCHEDULE_GRACE_MS,
  SECONDS_PER_MINUTE,
  MINUTES_PER_HOUR,
} from './rules';
import { SESSION_MESSAGES } from './session-schemas';

type ListedSession = { readonly id: number; readonly status: string; readonly createdAt: string };

const RUNNING = ['active', 'started'];
const OPEN_ORDER = [...RUNNING, 'preparing'];

function newestFirst(a: ListedSession, b: ListedSession): number {
  const t = (s: ListedSession) => {
    const ms = Date.parse(s.createdAt);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return t(b) - t(a) || b.id - a.id;
}

/**
 * The session the screen opens on: the newest active or preparing one (spec,
 * section 4). When there is none, the newest paused one, so a game master who
 * reloads during a pause finds the mission again; ended sessions never.
 */
export function pickDefaultSession<S extends ListedSession>(sessions: readonly S[]): S | null {
  const sorted = [...sessions].sort(newestFirst);
  return sorted.find((s) => OPEN_ORDER.includes(s.status)) ?? sorted.find((s) => s.status === 'paused') ?? null;
}

export type LifecycleActions = {
  readonly startNow: boolean;
  readonly schedule: boolean;
  readonly pause: boolean;
  readonly resume: boolean;
  readonly end: boolean;
};

/** The lifecycle buttons a status allows: preparing -> start or schedule; active -> pause; paused -> resume; any open -> end. */
export function lifecycleActions(status: string | null | undefined): LifecycleActions {
  const open = status !== null && status !== undefined && status !== 'completed';
  return {
    startNow: status === 'preparing',
    schedule: status === 'preparing',
    pause: status !== null && status !== undefined && RUNNING.includes(status),
    resume: status === 'paused',
    end: open,
  };
}

export type PlayerOption = { readonly value: number; readonly allowed: boolean };

/**
 * The max-players choices (10, 15, 20, 25) under the plan's players-per-session
 * cap (null: no cap, for admins), and the default: 25, or the largest allowed
 * choice when the plan allows fewer (the server would cap it anyway).
 */
export function maxPlayerChoices(cap: number | null | undefined): { options: PlayerOption[]; defaultValue: number } {
  const limit = typeof cap === 'number' && Number.isFinite(cap) ? cap : Number.POSITIVE_INFINITY;
  const options = MAX_PLAYER_OPTIONS.map((value) => ({ value, allowed: value <= limit }));
  const allowed = options.filter((o) => o.allowed).map((o) => o.value);
  const defaultValue = allowed.includes(DEFAULT_MAX_PLAYERS)
    ? DEFAULT_MAX_PLAYERS
    : (allowed.at(-1) ?? MAX_PLAYER_OPTIONS[0]);
  return { options, defaultValue };
}

/** A date-time-local field's value ('YYYY-MM-DDTHH:mm') for an instant, in the browser's time zone. */
export function toDateTimeLocal(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export type ScheduleCheck = { readonly ok: true; readonly at: number } | { readonly ok: false; readonly message: string };

/**
 * The 'Schedule Mission Start' field: a date-time is needed, not in the past
 * (the current minute still counts, as the server allows), within a year.
 */
export function checkScheduledStart(value: string, now: number): ScheduleCheck {
  if (value.trim() === '') return { ok: false, message: SESSION_MESSAGES.scheduleInvalid };
  // A date-time-local value has no zone: Date.parse reads it as local time, as the field shows it.
  const at = Date.parse(value);
  if (Number.isNaN(at)) return { ok: false, message: SESSION_MESSAGES.scheduleInvalid };
  if (at < now - SCHEDULE_GRACE_MS) return { ok: false, message: SESSION_MESSAGES.schedulePast };
  if (at > now + MAX_SCHEDULE_AHEAD_MS) return { ok: false, message: SESSION_MESSAGES.scheduleTooFar };
  return { ok: true, at: Math.max(at, now) };
}

/**
 * Time until a scheduled start, e.g. 'in 4 min', 'in 1 h 05 min', 'in 40 s';
 * 'now' once it is due.
 */
export function startsInLabel(startAt: number, now: number): string {
  const s = Math.ceil((startAt - now) / MS_PER_SECOND);
  if (s <= 0) return 'now';
  if (s < SECONDS_PER_MINUTE) return `in ${s} s`;
  const min = Math.ceil((startAt - now) / MS_PER_MINUTE);
  if (min < MINUTES_PER_HOUR) return `in ${min} min`;
  return `in ${Math.floor(min / MINUTES_PER_HOUR)} h ${String(min % MINUTES_PER_HOUR).padStart(2, '0')} min`;
}

export type ResultView = { readonly title: string; readonly tone: 'success' | 'failure' | 'neutral'; readonly summary: string };

/**
 * How an ended session's result reads in the status card: completed ->
 * 'Mission Complete', time_expired -> 'Time Expired', otherwise 'Session Ended';
 * with 'observed / total observed (rate %)'.
 */
export function resultView(result: {
  readonly completionStatus: string;
  readonly dinosaursFound: number;
  readonly totalDinosaurs: number;
  readonly completionRate: number;
}): ResultView {
  const summary = `${result.dinosaursFound} / ${result.totalDinosaurs} dinosaurs observed (${result.completionRate}%)`;
  if (result.completionStatus === 'completed') return { title: 'Mission Complete', tone: 'success', summary };
  if (result.completionStatus === 'time_expired') return { title: 'Time Expired', tone: 'failure', summary };
  return { title: 'Session Ended', tone: 'neutral', summary };
}
