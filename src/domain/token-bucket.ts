/**
 * A token bucket: `burst` tokens at most, one more every `refillMs`. Taking a token
 * is allowed while at least one is left. Pure: the caller keeps the state and passes
 * the clock. Used for the position-report budget (decision 710).
 */
export type Bucket = { tokens: number; at: number };

export type Take = { allowed: true; bucket: Bucket } | { allowed: false; bucket: Bucket; retryAfterMs: number };

/** The bucket as it is at `now` (refilled since `at`, never past `burst`; a clock going back refills nothing). */
export function refill(bucket: Bucket | undefined, now: number, burst: number, refillMs: number): Bucket {
  if (bucket === undefined) return { tokens: burst, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(burst, bucket.tokens + elapsed / refillMs), at: Math.max(now, bucket.at) };
}

/** Takes one token when there is one; otherwise says how long until there will be. */
export function takeToken(bucket: Bucket | undefined, now: number, burst: number, refillMs: number): Take {
  const current = refill(bucket, now, burst, refillMs);
  if (current.tokens >= 1) return { allowed: true, bucket: { tokens: current.tokens - 1, at: current.at } };
  return { allowed: false, bucket: current, retryAfterMs: Math.ceil((1 - current.tokens) * refillMs) };
}

/** True when the bucket has refilled completely by `now`: keeping it changes nothing. */
export function isFull(bucket: Bucket, now: number, burst: number, refillMs: number): boolean {
  return refill(bucket, now, burst, refillMs).tokens >= burst;
}
