import { describe, expect, it } from 'vitest';
import { isFull, refill, takeToken, type Bucket } from './token-bucket';

const BURST = 10;
const REFILL = 1000;

function drain(bucket: Bucket | undefined, now: number, times: number) {
  let b = bucket;
  let allowed = 0;
  for (let i = 0; i < times; i++) {
    const t = takeToken(b, now, BURST, REFILL);
    b = t.bucket;
    if (t.allowed) allowed++;
  }
  return { bucket: b!, allowed };
}

describe('token bucket', () => {
  it('starts full: a burst is allowed, the next one is refused with the wait until a token', () => {
    const { bucket, allowed } = drain(undefined, 0, 50);
    expect(allowed).toBe(BURST);
    const refused = takeToken(bucket, 0, BURST, REFILL);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterMs).toBe(1000);
    const later = takeToken(bucket, 400, BURST, REFILL);
    expect(later.allowed).toBe(false);
    if (!later.allowed) expect(later.retryAfterMs).toBe(600);
  });

  it('refills one token per interval, never past the burst', () => {
    const { bucket } = drain(undefined, 0, BURST);
    expect(takeToken(bucket, 999, BURST, REFILL).allowed).toBe(false);
    expect(takeToken(bucket, 1000, BURST, REFILL).allowed).toBe(true);
    expect(drain(bucket, 3500, 10).allowed).toBe(3);
    expect(refill(bucket, 1_000_000, BURST, REFILL).tokens).toBe(BURST);
  });

  it('a flood stores the burst plus one per interval', () => {
    let b: Bucket | undefined;
    let allowed = 0;
    // 1,000 reports over 8 s, as fast as a script sends them.
    for (let i = 0; i < 1000; i++) {
      const t = takeToken(b, i * 8, BURST, REFILL);
      b = t.bucket;
      if (t.allowed) allowed++;
    }
    expect(allowed).toBe(BURST + 7);
  });

  it('a client at its own pace (one report a second, with jitter) is never refused', () => {
    let b: Bucket | undefined;
    let now = 0;
    for (let i = 0; i < 10_000; i++) {
      // Sent every 1000 ms by the client's clock; arrives 0-400 ms late.
      const arrival = i * 1000 + ((i * 7919) % 400);
      now = Math.max(now, arrival);
      const t = takeToken(b, now, BURST, REFILL);
      expect(t.allowed).toBe(true);
      b = t.bucket;
    }
  });

  it('a clock going back refills nothing', () => {
    const { bucket } = drain(undefined, 5000, BURST);
    expect(takeToken(bucket, 1000, BURST, REFILL).allowed).toBe(false);
  });

  it('isFull says when a kept bucket can be forgotten', () => {
    const { bucket } = drain(undefined, 0, 3);
    expect(isFull(bucket, 2999, BURST, REFILL)).toBe(false);
    expect(isFull(bucket, 3000, BURST, REFILL)).toBe(true);
  });
});
