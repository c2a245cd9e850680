// The phone-speed goals of issue #25, checked against a page's median Lighthouse figures.

export type PhoneMetrics = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
};

export type PhoneGoal = { minPerformance?: number; maxLcpMs?: number; maxTbtMs?: number; minAccessibility: number };

const MIN_ACCESSIBILITY = 95;

export const PHONE_GOALS = {
  /** `/` and `/login`: where a visitor arrives and where a guest joins. */
  landing: { minPerformance: 90, maxLcpMs: 2_500, minAccessibility: MIN_ACCESSIBILITY },
  /** `/hunter-mobile` and `/hunter`: a hunter in a live session. */
  terminal: { minPerformance: 80, maxLcpMs: 3_000, maxTbtMs: 300, minAccessibility: MIN_ACCESSIBILITY },
  /** Every other page: accessibility only. */
  any: { minAccessibility: MIN_ACCESSIBILITY },
} satisfies Record<string, PhoneGoal>;

/** Which goals a page misses (empty when it passes). */
export function phoneVerdict(m: PhoneMetrics, goal: PhoneGoal): { pass: boolean; misses: string[] } {
  const misses: string[] = [];
  if (goal.minPerformance !== undefined && !(m.performance >= goal.minPerformance)) misses.push(`perf < ${goal.minPerformance}`);
  if (goal.maxLcpMs !== undefined && !(m.lcpMs <= goal.maxLcpMs)) misses.push(`LCP > ${goal.maxLcpMs / 1000} s`);
  if (goal.maxTbtMs !== undefined && !(m.tbtMs <= goal.maxTbtMs)) misses.push(`TBT > ${goal.maxTbtMs} ms`);
  if (!(m.accessibility >= goal.minAccessibility)) misses.push(`a11y < ${goal.minAccessibility}`);
  return { pass: misses.length === 0, misses };
}
