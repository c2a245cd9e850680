// Where the rate limits count (issue #28, decisions 885-886). One process on SQLite: in its memory,
// as always (rate-limiter-flexible's RateLimiterMemory, the position budget's Map): nothing else
// could take from the budget, and the position budget runs on every report. On PostgreSQL, where
// several processes may serve one database: in the `rate_limits` table, one atomic statement per
// take (db/rate-limits.ts), so N processes share one budget. Same answers either way: the limits'
// callers see the same `Limiter` methods, and RateLimiterRes refusals with the time to wait.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMIT_FALLBACK_WARN_INTERVAL_MS, RATE_LIMIT_SWEEP_INTERVAL_MS } from './limits';
import { sharedByProcesses } from '../db/capabilities';
import type { Db } from '../db/client';
import { addToWindow, bookTurn, deleteCount, holdTurns, readWindow, sweepRateLimits, type WindowCount } from '../db/rate-limits';

/** What the limits use of a fixed-window limiter: RateLimiterMemory has it, and so has SharedWindowLimiter. */
export interface Limiter {
  readonly points: number;
  /** Resolves within the budget; rejects with the RateLimiterRes (msBeforeNext) past it. The count goes up either way. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  /** Gives points back (a refused write). */
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  /** The key's open window, or null. */
  get(key: string): Promise<RateLimiterRes | null>;
  delete(key: string): Promise<boolean>;
}

/** A fixed window: `points` per `duration` seconds per key, the window opening at its first take. */
export type WindowOptions = { keyPrefix: string; points: number; duration: number };

type Log = { warn(msg: string): void };

/**
 * The database's counts for one process: runs each take on the database, and while the database
 * cannot answer, the caller's fallback in this process's memory (decision 886); sweeps the rows past
 * their end once a RATE_LIMIT_SWEEP_INTERVAL_MS.
 */
export class SharedCounts {
  private nextSweep: number;
  private lastWarning = Number.NEGATIVE_INFINITY;
  /** The last take of each key still under way in this process. */
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    readonly db: Db,
    private readonly log: Log,
    readonly clock: () => number = Date.now,
  ) {
    this.nextSweep = clock() + RATE_LIMIT_SWEEP_INTERVAL_MS;
  }

  /**
   * Runs one take of `key`. The takes of one key from this process run one after the other, in the
   * order they were asked for, as in memory (a batch of calls is counted in its order, and
   * concurrent statements of one process do not queue on the same row); other processes' takes
   * interleave, serialized by the row.
   */
  run<T>(key: string, take: (db: Db) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    const previous = this.pending.get(key);
    const mine = previous ? previous.then(() => this.attempt(key, take, fallback)) : this.attempt(key, take, fallback);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.pending.set(key, settled);
    void settled.then(() => {
      if (this.pending.get(key) === settled) this.pending.delete(key);
    });
    return mine;
  }

  private async attempt<T>(key: string, take: (db: Db) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    this.sweepWhenDue();
    try {
      return await take(this.db);
    } catch (err) {
      const now = this.clock();
      if (now - this.lastWarning >= RATE_LIMIT_FALLBACK_WARN_INTERVAL_MS) {
        this.lastWarning = now;
        // The limit's name only: keys hold addresses and account ids.
        const limit = key.slice(0, key.indexOf(':'));
        this.log.warn(`rate limits: the database could not count (${limit}: ${String(err)}); counting in this process until it can`);
      }
      return fallback();
    }
  }

  /** Starts a sweep when one is due; never waits for it, never fails a take. */
  private sweepWhenDue(): void {
    const now = this.clock();
    if (now < this.nextSweep) return;
    this.nextSweep = now + RATE_LIMIT_SWEEP_INTERVAL_MS;
    sweepRateLimits(this.db, now).catch((err) => this.log.warn(`rate limits: sweep failed: ${String(err)}`));
  }

  /** Deletes the rows past their end now (tests; the sweep otherwise runs by itself). */
  sweep(now = this.clock()): Promise<number> {
    return sweepRateLimits(this.db, now);
  }
}

const response = (limit: number, count: WindowCount, now: number) =>
  new RateLimiterRes(Math.max(limit - count.points, 0), count.expiresAt - now, count.points, count.startedNow);

/** A fixed-window limiter counted in the database (RateLimiterMemory's semantics, shared). */
export class SharedWindowLimiter implements Limiter {
  readonly points: number;
  private readonly prefix: string;
  private readonly durationMs: number;
  /** Counts while the database cannot (decision 886). */
  private readonly local: RateLimiterMemory;

  constructor(
    private readonly counts: SharedCounts,
    options: WindowOptions,
  ) {
    this.points = options.points;
    this.prefix = `${options.keyPrefix}:`;
    this.durationMs = options.duration * 1000;
    this.local = new RateLimiterMemory(options);
  }

  async consume(key: string, points = 1): Promise<RateLimiterRes> {
    const res = await this.add(key, points, () => this.local.consume(key, points).catch((err: unknown) => err as RateLimiterRes));
    if (res.consumedPoints > this.points) throw res;
    return res;
  }

  reward(key: string, points = 1): Promise<RateLimiterRes> {
    return this.add(key, -points, () => this.local.reward(key, points));
  }

  async get(key: string): Promise<RateLimiterRes | null> {
    const now = this.counts.clock();
    return this.counts.run(
      this.prefix + key,
      async (db) => {
        const count = await readWindow(db, this.prefix + key, now);
        return count && response(this.points, count, now);
      },
      () => this.local.get(key),
    );
  }

  delete(key: string): Promise<boolean> {
    return this.counts.run(this.prefix + key, (db) => deleteCount(db, this.prefix + key), () => this.local.delete(key));
  }

  private add(key: string, points: number, fallback: () => Promise<RateLimiterRes>): Promise<RateLimiterRes> {
    const now = this.counts.clock();
    return this.counts.run(
      this.prefix + key,
      async (db) => response(this.points, await addToWindow(db, this.prefix + key, points, this.durationMs, now), now),
      fallback,
    );
  }
}

/** One turn every `intervalMs`, whoever asks (the pace toward the geocoder, decision 815). */
export interface Pace {
  /** Books the next free turn at `now` or later and returns its time. */
  book(now: number): number | Promise<number>;
  /** No turn before `until` (the far end asked us to back off). */
  hold(until: number, now: number): void | Promise<void>;
}

/** A pace kept by this process. */
export class MemoryPace implements Pace {
  private next = 0;

  constructor(private readonly intervalMs: number) {}

  book(now: number): number {
    const turn = Math.max(now, this.next);
    this.next = turn + this.intervalMs;
    return turn;
  }

  hold(until: number): void {
    this.next = Math.max(this.next, until);
  }
}

/** A pace every process books its turns from (the database's row `pace:<name>`). */
export class SharedPace implements Pace {
  private readonly key: string;
  private readonly local: MemoryPace;

  constructor(
    private readonly counts: SharedCounts,
    name: string,
    private readonly intervalMs: number,
  ) {
    this.key = `pace:${name}`;
    this.local = new MemoryPace(intervalMs);
  }

  book(now: number): Promise<number> {
    return this.counts.run(this.key, (db) => bookTurn(db, this.key, this.intervalMs, now), () => this.local.book(now));
  }

  async hold(until: number, now: number): Promise<void> {
    this.local.hold(until);
    await this.counts.run(this.key, (db) => holdTurns(db, this.key, until, now), () => undefined);
  }
}

/** Where a process's limits count: `shared` is set on PostgreSQL (the database's counts), null in memory. */
export type RateLimitStore = {
  shared: SharedCounts | null;
  window(options: WindowOptions): Limiter;
  pace(name: string, intervalMs: number): Pace;
};

/** One process's memory: SQLite's store, and the default of the limits built without one (tests, benchmarks). */
export const MEMORY_RATE_LIMITS: RateLimitStore = {
  shared: null,
  window: (options) => new RateLimiterMemory(options),
  pace: (_name, intervalMs) => new MemoryPace(intervalMs),
};

/** The running database's store: shared counts when several processes share it (PostgreSQL), else memory. */
export function createRateLimitStore(db: Db, log: Log): RateLimitStore {
  if (!sharedByProcesses(db)) return MEMORY_RATE_LIMITS;
  const shared = new SharedCounts(db, log);
  return {
    shared,
    window: (options) => new SharedWindowLimiter(shared, options),
    pace: (name, intervalMs) => new SharedPace(shared, name, intervalMs),
  };
}
