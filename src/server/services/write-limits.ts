// Per-account limits on what a caller posts for a whole session to see: messages
// (REST, tRPC and /ws alike) and media uploads. Keyed by account, not address: a
// park's hunters often share one mobile carrier's address.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { tooManyRequests } from '../errors';

export type WriteKind = 'message' | 'upload';
export type WriteLimits = Record<WriteKind, RateLimiterMemory>;

export function createWriteLimits(config: Pick<Config, 'MESSAGE_RATE_LIMIT' | 'UPLOAD_RATE_LIMIT'>): WriteLimits {
  return {
    message: new RateLimiterMemory({ keyPrefix: 'message', points: config.MESSAGE_RATE_LIMIT, duration: 60 }),
    upload: new RateLimiterMemory({ keyPrefix: 'upload', points: config.UPLOAD_RATE_LIMIT, duration: 60 }),
  };
}

const REFUSALS: Record<WriteKind, string> = {
  message: 'Too many messages. Please wait a moment and try again.',
  upload: 'Too many uploads. Please wait a moment and try again.',
};

/**
 * Runs `write` within the account's budget: 429 with `retryAfterSeconds` when it is
 * spent; otherwise one write is counted, and given back when the write is refused
 * (bad input, no permission), so only accepted writes use the budget.
 */
export async function withinWriteBudget<T>(
  limits: WriteLimits,
  kind: WriteKind,
  userId: string,
  write: () => T | Promise<T>,
): Promise<T> {
  await takeWrite(limits, kind, userId);
  try {
    return await write();
  } catch (err) {
    await limits[kind].reward(userId, 1);
    throw err;
  }
}

async function takeWrite(limits: WriteLimits, kind: WriteKind, userId: string): Promise<void> {
  try {
    await limits[kind].consume(userId);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw tooManyRequests(REFUSALS[kind], { retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
  }
}
