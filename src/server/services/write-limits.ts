// Per-account limits on what a caller posts for a whole session to see: messages
// (REST, tRPC and /ws alike) and media uploads. Keyed by account, not address: a
// park's hunters often share one mobile carrier's address. Counted where the store says
// (rate-limit-store.ts): this process's memory on SQLite, the database on PostgreSQL (decision 885).
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  POSITION_BUDGET_BURST,
  POSITION_BUDGET_REFILL_MS,
  TEAM_CHANGE_WINDOW_S,
  TEAM_CHANGES_PER_WINDOW,
  TEAM_CODE_GUESS_WINDOW_S,
  TEAM_CODE_GUESSES_PER_WINDOW,
} from '../../domain/rules';
import { TEAM_MESSAGES } from '../../domain/teams';
import { type Bucket, isFull, refill, takeToken } from '../../domain/token-bucket';
import type { Config } from '../config';
import { takeFromBucket } from '../db/rate-limits';
import { tooManyRequests } from '../errors';
import { type Limiter, MEMORY_RATE_LIMITS, type RateLimitStore, type SharedCounts } from './rate-limit-store';

/** team: a hunter's team creations, joins, switches and leaves in one session (key `userId:sessionId`; decision 976). */
export type WriteKind = 'message' | 'upload' | 'team';
export type WriteLimits = Record<WriteKind, Limiter> & {
  /** Position reports per hunter per game session (decision 710). */
  position: PositionLimiter;
  /** Wrong team codes per hunter per game session (key `userId:sessionId`; decision 976). */
  teamCodeGuesses: Limiter;
};

export function createWriteLimits(
  config: Pick<Config, 'MESSAGE_RATE_LIMIT' | 'UPLOAD_RATE_LIMIT'>,
  store: RateLimitStore = MEMORY_RATE_LIMITS,
): WriteLimits {
  return {
    message: store.window({ keyPrefix: 'message', points: config.MESSAGE_RATE_LIMIT, duration: 60 }),
    upload: store.window({ keyPrefix: 'upload', points: config.UPLOAD_RATE_LIMIT, duration: 60 }),
    team: store.window({ keyPrefix: 'team', points: TEAM_CHANGES_PER_WINDOW, duration: TEAM_CHANGE_WINDOW_S }),
    teamCodeGuesses: store.window({ keyPrefix: 'team_code', points: TEAM_CODE_GUESSES_PER_WINDOW, duration: TEAM_CODE_GUESS_WINDOW_S }),
    position: store.shared ? new SharedPositionBudget(store.shared) : new PositionBudget(),
  };
}

/**
 * Counts one report of this hunter: null when it is within the budget, otherwise the seconds until
 * the next one will be (the caller refuses it: positions.ts). In memory it answers at once (no promise).
 */
export type PositionLimiter = { take(playerId: number, now: number): number | null | Promise<number | null> };

const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const POSITION_REFUSAL = 'Too many position reports. Please wait a moment and try again.';

/** Kept buckets past which the full ones (idle hunters) are forgotten. */
const POSITION_BUCKETS_SWEEP_AT = 10_000;

/**
 * The position-report budget: a token bucket per hunter of a game session (the
 * session_players row), POSITION_BUDGET_BURST reports at once and one more every
 * POSITION_BUDGET_REFILL_MS, which is the app's own fastest pace. Synchronous (a
 * Map and some arithmetic): it runs on every report, on every door, before any write.
 */
export class PositionBudget implements PositionLimiter {
  private readonly buckets = new Map<number, Bucket>();
  /** Swept when the map grows past this; then twice what is left, so a sweep costs O(1) a report on average. */
  private sweepAt = POSITION_BUCKETS_SWEEP_AT;

  constructor(
    private readonly burst = POSITION_BUDGET_BURST,
    private readonly refillMs = POSITION_BUDGET_REFILL_MS,
  ) {}

  /**
   * Counts one report of this hunter: null when it is within the budget, otherwise the
   * seconds until the next one will be (the caller refuses it: positions.ts).
   */
  take(playerId: number, now: number): number | null {
    const taken = takeToken(this.buckets.get(playerId), now, this.burst, this.refillMs);
    this.buckets.set(playerId, taken.bucket);
    if (this.buckets.size > this.sweepAt) this.sweep(now);
    return taken.allowed ? null : retrySeconds(taken.retryAfterMs);
  }

  /** A bucket that has refilled is the same as none: forgetting it bounds the map by the hunters active lately. */
  private sweep(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (isFull(bucket, now, this.burst, this.refillMs)) this.buckets.delete(id);
    }
    this.sweepAt = Math.max(POSITION_BUCKETS_SWEEP_AT, this.buckets.size * 2);
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * The same budget counted in the database (PostgreSQL, decision 885): one bucket row per hunter that
 * every process takes from in one atomic statement. While the database cannot count, this process's
 * own buckets do (decision 886).
 */
export class SharedPositionBudget implements PositionLimiter {
  private readonly local: PositionBudget;

  constructor(
    private readonly counts: SharedCounts,
    private readonly burst = POSITION_BUDGET_BURST,
    private readonly refillMs = POSITION_BUDGET_REFILL_MS,
  ) {
    this.local = new PositionBudget(burst, refillMs);
  }

  take(playerId: number, now: number): Promise<number | null> {
    const key = `position:${playerId}`;
    return this.counts.run(
      key,
      async (db) => {
        const taken = await takeFromBucket(db, key, this.burst, this.refillMs, now);
        if (taken.allowed) return null;
        const current = refill({ tokens: taken.tokens, at: taken.at }, now, this.burst, this.refillMs);
        return retrySeconds((1 - current.tokens) * this.refillMs);
      },
      () => this.local.take(playerId, now),
    );
  }
}

const REFUSALS: Record<WriteKind, string> = {
  message: 'Too many messages. Please wait a moment and try again.',
  upload: 'Too many uploads. Please wait a moment and try again.',
  team: TEAM_MESSAGES.tooManyChanges,
};

/**
 * Runs `write` within the account's budget: 429 with `retryAfterSeconds` (and Retry-After, where
 * there is an HTTP response) when it is spent; otherwise one write is counted, and given back when the write is refused
 * (bad input, no permission), so only accepted writes use the budget.
 */
export async function withinWriteBudget<T>(
  limits: WriteLimits,
  kind: WriteKind,
  userId: string,
  write: () => T | Promise<T>,
  setHeader?: (name: string, value: string) => void,
): Promise<T> {
  await takeWrite(limits, kind, userId, setHeader);
  try {
    return await write();
  } catch (err) {
    await limits[kind].reward(userId, 1);
    throw err;
  }
}

async function takeWrite(
  limits: WriteLimits,
  kind: WriteKind,
  userId: string,
  setHeader?: (name: string, value: string) => void,
): Promise<void> {
  try {
    await limits[kind].consume(userId);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const retryAfterSeconds = retrySeconds(err.msBeforeNext);
    setHeader?.('retry-after', String(retryAfterSeconds));
    throw tooManyRequests(REFUSALS[kind], { retryAfterSeconds });
  }
}
