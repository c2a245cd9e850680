import { getQueryKey } from '@trpc/react-query';
import superjson from 'superjson';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_READS_ELEMENT_ID, FIRST_READS_KEEP_MS } from '../../domain/transport';
import { createQueryClient } from '../queryClient';
import { trpc } from '../trpc';
import { firstEventCursor, seedFirstReads } from './firstReads';

/** A document with (or without) the first reads' element, as the server writes it. */
function fakeDocument(text: string | null) {
  const element = text === null ? null : { textContent: text, remove: vi.fn() };
  return { doc: { getElementById: (id: string) => (id === FIRST_READS_ELEMENT_ID ? element : null) } as unknown as Document, element };
}

const user = { id: 'u1', username: 'Rexy', isGuest: true, gameSessionId: 4 };
const session = { id: 4, name: 'Park hunt', startsAt: new Date('2026-11-26T07:00:00Z') };

describe('seedFirstReads (decision 855)', () => {
  it("puts each read under the key the screen's query uses, with its dates, and keeps it until the screen mounts", () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const { doc, element } = fakeDocument(
        JSON.stringify([
          { path: 'auth.session', result: superjson.serialize(user) },
          { path: 'sessions.get', input: { id: 4 }, result: superjson.serialize(session) },
        ]),
      );
      expect(seedFirstReads(client, doc)).toBe(2);
      expect(element?.remove).toHaveBeenCalled();
      vi.advanceTimersByTime(FIRST_READS_KEEP_MS - 1000);
      expect(client.getQueryData(getQueryKey(trpc.auth.session, undefined, 'query'))).toEqual(user);
      const seeded = client.getQueryData(getQueryKey(trpc.sessions.get, { id: 4 }, 'query')) as typeof session;
      expect(seeded).toEqual(session);
      expect(seeded.startsAt).toBeInstanceOf(Date);
      // Nobody showed it: gone after its keep time, as the spec's cache lifetime wants.
      vi.advanceTimersByTime(2000);
      expect(client.getQueryData(getQueryKey(trpc.auth.session, undefined, 'query'))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("seeds the rest of the terminal's first screen under its queries' keys (decision 917)", () => {
    const client = createQueryClient();
    const dinosaurs = [{ id: 9, speciesId: 2, latitude: 48.85, longitude: 2.29, deployedAt: new Date('2026-11-26T07:01:00Z') }];
    const reads = [
      { path: 'deploy.list', input: { id: 4 }, data: dinosaurs, key: getQueryKey(trpc.deploy.list, { id: 4 }, 'query') },
      { path: 'admin.speciesList', data: [{ id: 2, name: 'Raptor' }], key: getQueryKey(trpc.admin.speciesList, undefined, 'query') },
      { path: 'admin.missionsList', data: [{ id: 1, name: 'Valley' }], key: getQueryKey(trpc.admin.missionsList, undefined, 'query') },
      { path: 'stats.hunterStats', input: { sessionId: 4 }, data: { dinosaursObserved: 0 }, key: getQueryKey(trpc.stats.hunterStats, { sessionId: 4 }, 'query') },
      { path: 'playArea.get', input: { id: 4 }, data: { playArea: null, noGoZones: [], hunters: [] }, key: getQueryKey(trpc.playArea.get, { id: 4 }, 'query') },
    ];
    const { doc } = fakeDocument(JSON.stringify(reads.map(({ path, input, data }) => ({ path, input, result: superjson.serialize(data) }))));
    expect(seedFirstReads(client, doc)).toBe(reads.length);
    for (const read of reads) expect(client.getQueryData(read.key), read.path).toEqual(read.data);
  });

  it("seeds the rest of Mission HQ's first screen under its queries' keys (decision 922)", () => {
    const client = createQueryClient();
    const key = (procedure: unknown, input?: unknown) => getQueryKey(procedure as typeof trpc.deploy.list, input as { id: number }, 'query');
    const reads = [
      { path: 'billing.userSubscription', data: { status: 'active', planName: 'Professional' }, key: key(trpc.billing.userSubscription) },
      { path: 'sessions.list', input: { includeEnded: true }, data: [{ id: 4, status: 'completed' }], key: key(trpc.sessions.list, { includeEnded: true }) },
      { path: 'hunts.listLayouts', data: [], key: key(trpc.hunts.listLayouts) },
      { path: 'places.lastPlayed', data: { place: null }, key: key(trpc.places.lastPlayed) },
      { path: 'system.config', data: { stripePublishableKey: null }, key: key(trpc.system.config) },
      { path: 'comms.hunterLocations', input: { id: 4 }, data: [{ hunterHandle: 'Rexy', recordedAt: new Date('2026-11-26T07:02:00Z') }], key: key(trpc.comms.hunterLocations, { id: 4 }) },
      { path: 'comms.list', input: { id: 4 }, data: [{ id: 1, message: 'Spread out' }], key: key(trpc.comms.list, { id: 4 }) },
      { path: 'stats.sessionHunterStats', input: { id: 4 }, data: [], key: key(trpc.stats.sessionHunterStats, { id: 4 }) },
      { path: 'achievements.session', input: { id: 4 }, data: [], key: key(trpc.achievements.session, { id: 4 }) },
    ];
    const { doc } = fakeDocument(JSON.stringify(reads.map(({ path, input, data }) => ({ path, input, result: superjson.serialize(data) }))));
    expect(seedFirstReads(client, doc)).toBe(reads.length);
    for (const read of reads) expect(client.getQueryData(read.key), read.path).toEqual(read.data);
  });

  it('seeds nothing without the element, from broken JSON, or for a procedure it does not know', () => {
    const client = createQueryClient();
    expect(seedFirstReads(client, fakeDocument(null).doc)).toBe(0);
    expect(seedFirstReads(client, fakeDocument('{not json').doc)).toBe(0);
    expect(seedFirstReads(client, fakeDocument(JSON.stringify([{ path: 'admin.users', result: superjson.serialize([]) }])).doc)).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('the event cursor among the first reads (decision 916)', () => {
  it('gives the session its stream may resume from, only for that session and while it is fresh', () => {
    const now = Date.parse('2026-11-26T19:00:00Z');
    const { doc } = fakeDocument(
      JSON.stringify([
        { path: 'sessions.get', input: { id: 4 }, result: superjson.serialize(session) },
        { path: 'comms.events', input: { sessionId: 4 }, result: superjson.serialize({ lastEventId: 1234 }) },
      ]),
    );
    const client = createQueryClient();
    expect(seedFirstReads(client, doc, now)).toBe(2);
    expect(firstEventCursor(4, now + 1000)).toBe(1234);
    expect(firstEventCursor(5, now + 1000)).toBeNull();
    expect(firstEventCursor(4, now + FIRST_READS_KEEP_MS + 1)).toBeNull();
    // Not a query: nothing is cached under its path.
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('ignores a cursor that is not a whole number or names no session', () => {
    const now = Date.parse('2026-11-26T20:00:00Z');
    for (const read of [
      { path: 'comms.events', input: { sessionId: 7 }, result: superjson.serialize({ lastEventId: 'x' }) },
      { path: 'comms.events', input: { sessionId: 7 }, result: superjson.serialize({ lastEventId: 1.5 }) },
      { path: 'comms.events', input: {}, result: superjson.serialize({ lastEventId: 9 }) },
      { path: 'comms.events', input: { sessionId: 7 }, result: { json: null } },
    ]) {
      expect(seedFirstReads(createQueryClient(), fakeDocument(JSON.stringify([read])).doc, now), JSON.stringify(read)).toBe(0);
      expect(firstEventCursor(7, now)).toBeNull();
    }
  });
});
