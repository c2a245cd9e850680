/**
 * The weekly billing period of a plan without a payment provider (decision 750):
 * periods run a whole number of weeks from the subscription's start, so a plan
 * cancelled now stays active until the end of the week it is in.
 */
import { ROLLING_WEEK_MS } from './rules';

/** The end (ms) of the weekly period containing `now`, for a subscription that started at `anchor`. */
export function weeklyPeriodEnd(anchor: number, now: number, weekMs: number = ROLLING_WEEK_MS): number {
  if (now < anchor) return anchor + weekMs;
  const weeks = Math.floor((now - anchor) / weekMs) + 1;
  return anchor + weeks * weekMs;
}

/** A cancelled plan has lapsed once its period has ended. */
export function hasLapsed(sub: { cancelAtPeriodEnd: boolean; currentPeriodEnd: number | null }, now: number): boolean {
  return sub.cancelAtPeriodEnd && sub.currentPeriodEnd !== null && sub.currentPeriodEnd <= now;
}
