// The position budget itself (decision 710): burst, refill, per hunter, and a map that
// forgets hunters whose bucket has refilled.
import { describe, expect, it } from 'vitest';
import { POSITION_BUDGET_BURST, POSITION_BUDGET_REFILL_MS } from '../../domain/rules';
import { PositionBudget } from './write-limits';

describe('PositionBudget', () => {
  it('allows the burst, then says how long to wait; per hunter', () => {
    const budget = new PositionBudget();
    for (let i = 0; i < POSITION_BUDGET_BURST; i++) expect(budget.take(1, 0)).toBeNull();
    expect(budget.take(1, 0)).toBe(1);
    expect(budget.take(2, 0)).toBeNull();
    expect(budget.take(1, POSITION_BUDGET_REFILL_MS)).toBeNull();
    expect(budget.take(1, POSITION_BUDGET_REFILL_MS)).toBe(1);
  });

  it('forgets hunters whose budget has refilled once the map grows past 10,000', () => {
    const budget = new PositionBudget();
    for (let id = 1; id <= 10_000; id++) budget.take(id, 0);
    expect(budget.size).toBe(10_000);
    // Later, when every one of them has refilled, a new hunter triggers the sweep.
    const later = POSITION_BUDGET_REFILL_MS * 2;
    budget.take(20_000, later);
    expect(budget.size).toBe(1);
    // Active hunters are kept: their partly spent buckets still matter.
    for (let id = 1; id <= 10_001; id++) budget.take(id, later);
    budget.take(30_000, later);
    expect(budget.size).toBe(10_003);
  });
});
