// Rate-limit counts in the database (issue #28, decision 885), so every process of a cluster
// counts against one budget: each take is ONE atomic statement (INSERT ... ON CONFLICT DO UPDATE
// ... RETURNING) on the key's row of `rate_limits`, so two processes taking at once are
// serialized by the row, never both told "one left". Portable SQL (both dialects run it; only
// PostgreSQL needs it: SQLite's one process counts in memory). Times are ms clock readings the
// caller passes; the row's columns hold numbers (schema: rateLimits).
import { sql } from 'drizzle-orm';
import type { Queryable } from './types';
import { greatest, least } from './dialect';
import { rawAll, rawFirst, rawRun } from './raw';

const ms = (value: number) => sql`CAST(${Math.round(value)} AS bigint)`;
const real = (value: number) => sql`CAST(${value} AS double precision)`;

/** A fixed window's count after a take: its points used and when the window ends. */
export type WindowCount = { points: number; expiresAt: number; startedNow: boolean };

/**
 * Adds `points` (negative to give back) to the key's window, opening a new one of `durationMs`
 * when there is none or it has ended (RateLimiterMemory's semantics: the window starts with its
 * first take and does not slide).
 */
export async function addToWindow(q: Queryable, key: string, points: number, durationMs: number, now: number): Promise<WindowCount> {
  const ended = sql`rate_limits.expires_at <= excluded.at`;
  const row = await rawFirst<{ points: number | string; at: number | string; expires_at: number | string }>(
    q,
    sql`INSERT INTO rate_limits (key, points, at, expires_at)
        VALUES (${key}, ${real(points)}, ${ms(now)}, ${ms(now + durationMs)})
        ON CONFLICT (key) DO UPDATE SET
          points = CASE WHEN ${ended} THEN excluded.points ELSE rate_limits.points + excluded.points END,
          at = CASE WHEN ${ended} THEN excluded.at ELSE rate_limits.at END,
          expires_at = CASE WHEN ${ended} THEN excluded.expires_at ELSE rate_limits.expires_at END
        RETURNING points, at, expires_at`,
  );
  if (!row) throw new Error('rate_limits: the upsert returned no row');
  return { points: Number(row.points), expiresAt: Number(row.expires_at), startedNow: Number(row.at) === Math.round(now) };
}

/** The key's window when one is open at `now`. */
export async function readWindow(q: Queryable, key: string, now: number): Promise<WindowCount | null> {
  const row = await rawFirst<{ points: number | string; expires_at: number | string }>(
    q,
    sql`SELECT points, expires_at FROM rate_limits WHERE key = ${key} AND expires_at > ${ms(now)}`,
  );
  return row ? { points: Number(row.points), expiresAt: Number(row.expires_at), startedNow: false } : null;
}

/** Forgets the key's count; true when there was a row. */
export async function deleteCount(q: Queryable, key: string): Promise<boolean> {
  return (await rawRun(q, sql`DELETE FROM rate_limits WHERE key = ${key}`)) > 0;
}

export type BucketTake = { allowed: true } | { allowed: false; tokens: number; at: number };

/**
 * Takes one token from the key's token bucket (`burst` at most, one more every `refillMs`: the
 * arithmetic of domain/token-bucket.ts, in SQL). A missing row is a full bucket. The update runs
 * only when a token is there (`WHERE refilled >= 1`): a refusal changes nothing and returns no row,
 * and the bucket is then read as it is, for the caller to tell when the next token comes.
 * `expires_at` is when the bucket is full again: past it the row means nothing and may be swept.
 */
export async function takeFromBucket(q: Queryable, key: string, burst: number, refillMs: number, now: number): Promise<BucketTake> {
  const at = greatest(q, sql`excluded.at`, sql`rate_limits.at`);
  const elapsed = greatest(q, sql`0`, sql`excluded.at - rate_limits.at`);
  const refilled = least(q, real(burst), sql`rate_limits.points + CAST(${elapsed} AS double precision) / ${real(refillMs)}`);
  const taken = await rawAll(
    q,
    sql`INSERT INTO rate_limits (key, points, at, expires_at)
        VALUES (${key}, ${real(burst - 1)}, ${ms(now)}, ${ms(now + refillMs)})
        ON CONFLICT (key) DO UPDATE SET
          points = ${refilled} - 1,
          at = ${at},
          expires_at = ${at} + CAST((${real(burst)} - (${refilled} - 1)) * ${real(refillMs)} AS bigint) + 1
        WHERE ${refilled} >= 1
        RETURNING points`,
  );
  if (taken.length > 0) return { allowed: true };
  const row = await rawFirst<{ points: number | string; at: number | string }>(
    q,
    sql`SELECT points, at FROM rate_limits WHERE key = ${key}`,
  );
  // Gone already (swept between the two statements): it was full, the next take will be allowed.
  return row ? { allowed: false, tokens: Number(row.points), at: Number(row.at) } : { allowed: false, tokens: burst, at: now };
}

/** Deletes every row past its end (the same as no row); returns how many. A scan of a table of active keys. */
export async function sweepRateLimits(q: Queryable, now: number): Promise<number> {
  return rawRun(q, sql`DELETE FROM rate_limits WHERE expires_at <= ${ms(now)}`);
}

/**
 * A pace shared by every process: one turn every `intervalMs`, whoever asks. Books the next free
 * turn (at `now` when none is booked later) and returns its time; the row's `expires_at` is the turn
 * after it (past it, nothing is booked: the same as no row).
 */
export async function bookTurn(q: Queryable, key: string, intervalMs: number, now: number): Promise<number> {
  const turn = greatest(q, sql`rate_limits.expires_at`, sql`excluded.at`);
  const row = await rawFirst<{ at: number | string }>(
    q,
    sql`INSERT INTO rate_limits (key, points, at, expires_at)
        VALUES (${key}, ${real(0)}, ${ms(now)}, ${ms(now + intervalMs)})
        ON CONFLICT (key) DO UPDATE SET at = ${turn}, expires_at = ${turn} + ${ms(intervalMs)}
        RETURNING at`,
  );
  if (!row) throw new Error('rate_limits: the upsert returned no row');
  return Number(row.at);
}

/** No turn of the pace before `until` (a back-off). */
export async function holdTurns(q: Queryable, key: string, until: number, now: number): Promise<void> {
  await rawRun(
    q,
    sql`INSERT INTO rate_limits (key, points, at, expires_at) VALUES (${key}, ${real(0)}, ${ms(now)}, ${ms(until)})
        ON CONFLICT (key) DO UPDATE SET expires_at = ${greatest(q, sql`rate_limits.expires_at`, sql`excluded.expires_at`)}`,
  );
}
