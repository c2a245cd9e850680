import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './shareUnchanged';

describe('structural sharing with dates (the query cache keeps what a refetch did not change)', () => {
  const session = () => ({
    id: 7,
    name: 'Park hunt',
    startedAt: new Date('2026-11-26T10:00:00Z'),
    pausedAt: null,
    hunters: [{ id: 1, handle: 'Rexy', joinedAt: new Date('2026-11-26T10:01:00Z') }],
  });

  it('keeps the previous answer when the new one has the same values, dates included', () => {
    const before = session();
    expect(shareUnchanged(before, session())).toBe(before);
  });

  it('keeps the unchanged parts and takes the changed ones', () => {
    const before = session();
    const next = session();
    next.name = 'Renamed';
    const shared = shareUnchanged(before, next);
    expect(shared).not.toBe(before);
    expect(shared).toEqual(next);
    expect(shared.startedAt).toBe(before.startedAt);
    expect(shared.hunters).toBe(before.hunters);
  });

  it('takes a changed date, and any change in a list (value, length, order)', () => {
    const before = session();
    const later = session();
    later.startedAt = new Date('2026-11-26T10:00:01Z');
    expect(shareUnchanged(before, later).startedAt).toBe(later.startedAt);
    expect(shareUnchanged(before, later).hunters).toBe(before.hunters);

    const list = [1, 2, 3];
    expect(shareUnchanged(list, [1, 2, 3])).toBe(list);
    expect(shareUnchanged(list, [1, 2])).toEqual([1, 2]);
    expect(shareUnchanged(list, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(shareUnchanged(list, [3, 2, 1])).toEqual([3, 2, 1]);
  });

  it('sees added and removed keys, and a date turned into null or back', () => {
    const before: Record<string, unknown> = { a: 1, b: new Date(0) };
    expect(shareUnchanged(before, { a: 1 })).toEqual({ a: 1 });
    expect(shareUnchanged(before, { a: 1, b: new Date(0), c: 2 })).toEqual({ a: 1, b: new Date(0), c: 2 });
    expect(shareUnchanged(before, { a: 1, b: null })).toEqual({ a: 1, b: null });
    expect(shareUnchanged({ a: null }, { a: new Date(0) })).toEqual({ a: new Date(0) });
    // Same key count, one key swapped for another: not the same answer.
    expect(shareUnchanged({ a: 1, b: 2 }, { a: 1, c: 2 })).toEqual({ a: 1, c: 2 });
  });

  it('takes other objects (Map, Set, classes) from the new answer, as the default sharing does', () => {
    const before = { tags: new Set(['raptor']) };
    const next = { tags: new Set(['raptor']) };
    expect(shareUnchanged(before, next).tags).toBe(next.tags);
  });
});
