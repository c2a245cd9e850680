// The read cache's own rules: a session's event drops its answers (a hunter's position only
// those computed from positions), an event without a session drops everything, and the
// limits hold (answers per session, sessions, bytes).
import { describe, expect, it } from 'vitest';
import type { BusEvent, BusListener, EventBus } from '../event-bus';
import { type CachedAnswer, createReadCache } from './read-cache';

function fakeBus() {
  const listeners: BusListener[] = [];
  const subscribe = (listener: BusListener) => {
    listeners.push(listener);
    return () => {};
  };
  const bus = { subscribe } as unknown as EventBus;
  const emit = (sessionId: number | null, type = 'new_communication', payload: Record<string, unknown> = {}) => {
    const event = { id: 1, sessionId, type, audience: 'all', payload, createdAt: 0 } as BusEvent;
    for (const listener of listeners) listener(event);
  };
  return { bus, emit };
}

const answer = (json = '[]'): CachedAnswer => ({ data: JSON.parse(json), size: json.length });
const limits = { maxSessions: 3, maxAnswersPerSession: 4, maxBytes: 10_000 };

describe('read cache', () => {
  it("drops a session's answers on its next event, and only that session's", () => {
    const { bus, emit } = fakeBus();
    const cache = createReadCache(bus, limits);
    cache.set(1, 'a', answer());
    cache.set(2, 'a', answer());
    emit(1);
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(2, 'a')).toBeDefined();
    emit(null);
    expect(cache.size()).toEqual({ sessions: 0, answers: 0, bytes: 0 });
  });

  it("drops on a hunter's position only what is computed from positions", () => {
    const { bus, emit } = fakeBus();
    const cache = createReadCache(bus, limits);
    cache.set(1, 'tracking', answer(), { movesWithPositions: true });
    cache.set(1, 'comms', answer());
    emit(1, 'hunter_location');
    expect(cache.get(1, 'tracking')).toBeUndefined();
    expect(cache.get(1, 'comms')).toBeDefined();
    expect(cache.size().answers).toBe(1);
  });

  it('holds at most maxAnswersPerSession per session and maxSessions sessions, oldest out', () => {
    const { bus } = fakeBus();
    const cache = createReadCache(bus, limits);
    for (let i = 0; i < 10; i++) cache.set(1, `k${i}`, answer());
    expect(cache.size().answers).toBe(4);
    expect(cache.get(1, 'k0')).toBeUndefined();
    expect(cache.get(1, 'k9')).toBeDefined();
    for (let s = 2; s <= 6; s++) cache.set(s, 'a', answer());
    expect(cache.size().sessions).toBe(3);
    expect(cache.get(1, 'k9')).toBeUndefined();
    expect(cache.get(6, 'a')).toBeDefined();
  });

  it('holds at most maxBytes, dropping the oldest sessions', () => {
    const { bus } = fakeBus();
    const cache = createReadCache(bus, { ...limits, maxSessions: 100 });
    const big = answer(JSON.stringify('x'.repeat(2_000)));
    for (let s = 1; s <= 10; s++) cache.set(s, 'a', big);
    expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get(10, 'a')).toBeDefined();
    expect(cache.get(1, 'a')).toBeUndefined();
    // Replacing an answer counts its bytes once.
    cache.set(10, 'a', big);
    expect(cache.size().bytes).toBe(cache.size().answers * big.size * 2);
  });

  it('drops the sessions an event without a session names (the retention purge), and only those', () => {
    const { bus, emit } = fakeBus();
    const cache = createReadCache(bus, limits);
    for (const s of [1, 2, 3]) cache.set(s, 'a', answer());
    emit(null, 'positions_purged', { sessionIds: [1, 3] });
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(2, 'a')).toBeDefined();
    expect(cache.get(3, 'a')).toBeUndefined();
  });

  it('does not keep an answer computed while an event of its session came (it may predate the change)', () => {
    const { bus, emit } = fakeBus();
    const cache = createReadCache(bus, limits);
    const before = cache.version(1);
    const other = cache.version(2);
    emit(1);
    cache.set(1, 'a', answer(), { version: before });
    expect(cache.get(1, 'a')).toBeUndefined();
    // Another session's event does not spoil this one's answer.
    cache.set(2, 'a', answer(), { version: other });
    expect(cache.get(2, 'a')).toBeDefined();
    // Read after the event: kept.
    cache.set(1, 'a', answer(), { version: cache.version(1) });
    expect(cache.get(1, 'a')).toBeDefined();
    // Everything dropped (an event without a session) spoils every answer under way.
    const during = cache.version(2);
    emit(null);
    cache.set(2, 'b', answer(), { version: during });
    expect(cache.get(2, 'b')).toBeUndefined();
  });

  it('keeps nothing while disabled', () => {
    const { bus } = fakeBus();
    const cache = createReadCache(bus, limits);
    cache.enabled = false;
    cache.set(1, 'a', answer());
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.size().answers).toBe(0);
  });
});
