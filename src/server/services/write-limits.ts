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

/** Counts one write of `kind` for the account; 429 with `retryAfterSeconds` past the limit. */
export async function takeWrite(limits: WriteLimits, kind: WriteKind, userId: string): Promise<void> {
  try {
    await limits[kind].consume(userId);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw tooManyRequests(REFUSALS[kind], { retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
  }
}
