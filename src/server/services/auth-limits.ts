// Throttling of everything that checks a password: sign-in, registration and the
// three join doors. It lives in the procedures (tRPC middleware + these helpers),
// not in URL matching, so REST (any case, trailing slash), tRPC HTTP, a batch of
// many calls in one request and the tRPC WebSocket all count the same way.
//  - per client address: AUTH_RATE_LIMIT attempts a minute, every call counted;
//  - per account: ACCOUNT_LOCK_FAILURES failed sign-ins lock its password sign-in;
//  - per game session: SESSION_JOIN_LOCK_FAILURES wrong passwords lock joining it.
// In memory: one process serves the app (a restart forgets the counts).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  ACCOUNT_LOCK_FAILURES,
  ACCOUNT_LOCK_WINDOW_S,
  AUTH_ATTEMPT_WINDOW_S,
  SESSION_JOIN_LOCK_FAILURES,
  SESSION_JOIN_LOCK_WINDOW_S,
} from '../../domain/rules';
import type { Config } from '../config';
import { tooManyRequests } from '../errors';

export type AuthLimits = {
  address: RateLimiterMemory;
  accountFailures: RateLimiterMemory;
  joinFailures: RateLimiterMemory;
};

export function createAuthLimits(config: Pick<Config, 'AUTH_RATE_LIMIT'>): AuthLimits {
  return {
    address: new RateLimiterMemory({ keyPrefix: 'auth', points: config.AUTH_RATE_LIMIT, duration: AUTH_ATTEMPT_WINDOW_S }),
    accountFailures: new RateLimiterMemory({
      keyPrefix: 'account-failures',
      points: ACCOUNT_LOCK_FAILURES,
      duration: ACCOUNT_LOCK_WINDOW_S,
    }),
    joinFailures: new RateLimiterMemory({
      keyPrefix: 'join-failures',
      points: SESSION_JOIN_LOCK_FAILURES,
      duration: SESSION_JOIN_LOCK_WINDOW_S,
    }),
  };
}

export const LIMIT_MESSAGES = {
  attempts: 'Too many attempts. Please wait a minute and try again.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins for this account. Password sign-in is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sessionLocked: (minutes: number) =>
    `Too many wrong passwords for this session. Joining it is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

type HeaderSink = { setHeader: (name: string, value: string) => void };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one attempt for this address; 429 (with Retry-After) past AUTH_RATE_LIMIT a minute. */
export async function takeAddressAttempt(limits: AuthLimits, ctx: HeaderSink & { ip: string }): Promise<void> {
  try {
    await limits.address.consume(ctx.ip || 'unknown');
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    ctx.setHeader('retry-after', String(seconds(err.msBeforeNext)));
    throw tooManyRequests(LIMIT_MESSAGES.attempts);
  }
}

/**
 * 429 when any of `keys` has used up its failures: the lock holds even for the right
 * password, until the window of its first failure has passed.
 */
async function refuseWhenLocked(
  limiter: RateLimiterMemory,
  keys: string[],
  ctx: HeaderSink,
  message: (minutes: number) => string,
): Promise<void> {
  let waitMs = 0;
  for (const key of keys) {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) waitMs = Math.max(waitMs, res.msBeforeNext);
  }
  if (waitMs <= 0) return;
  const retryAfterSeconds = seconds(waitMs);
  ctx.setHeader('retry-after', String(retryAfterSeconds));
  throw tooManyRequests(message(Math.ceil(retryAfterSeconds / 60)), { retryAfterSeconds });
}

async function countFailure(limiter: RateLimiterMemory, keys: string[]): Promise<void> {
  for (const key of keys) {
    // Past the limit consume() rejects; the count is what matters here.
    await limiter.consume(key).catch((err) => {
      if (!(err instanceof RateLimiterRes)) throw err;
    });
  }
}

/** The key of one account's failures: its id when it exists, otherwise the identifier as typed (folded). */
export const accountKey = (userId: string | undefined, identifier: string) =>
  userId ? `user:${userId}` : `unknown:${identifier.trim().toLowerCase()}`;

export const accountFailures = {
  refuseWhenLocked: (limits: AuthLimits, key: string, ctx: HeaderSink) =>
    refuseWhenLocked(limits.accountFailures, [key], ctx, LIMIT_MESSAGES.accountLocked),
  count: (limits: AuthLimits, key: string) => countFailure(limits.accountFailures, [key]),
  clear: (limits: AuthLimits, key: string) => limits.accountFailures.delete(key).then(() => undefined),
};

export const joinFailures = {
  refuseWhenLocked: (limits: AuthLimits, keys: string[], ctx: HeaderSink) =>
    refuseWhenLocked(limits.joinFailures, keys, ctx, LIMIT_MESSAGES.sessionLocked),
  count: (limits: AuthLimits, keys: string[]) => countFailure(limits.joinFailures, keys),
};
