// The races behind a lost message: after a reconnect the screen refetches the feed, or
// a tab just opened fetches it for the first time, and a live message arriving while
// that fetch is in flight must survive its answer.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import { createTRPCClient } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../../server/routers';
import { trpc } from '../../trpc';
import { applyEventToCache } from './applyEventToCache';
import type { LiveEvent } from './types';

const SESSION = 7;

function message(id: number, text: string) {
  return { id, sessionId: SESSION, message: text, messageType: 'broadcast', createdAt: new Date(0) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  // The event paths used here only invalidate through utils; no request leaves the test.
  const client = createTRPCClient<AppRouter>({ links: [] });
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client }) as unknown as Parameters<typeof applyEventToCache>[1];
  return { queryClient, utils };
}

describe('applyEventToCache: a message during an in-flight refetch', () => {
  it('keeps the live message when the older answer lands after it', async () => {
    const { queryClient, utils } = setUp();
    const key = getQueryKey(trpc.comms.list, { id: SESSION }, 'query');
    queryClient.setQueryData(key, [message(1, 'Live one')]);

    // The server as the fetches see it: the first answer was read before 'Back live' was written.
    const firstAnswer = deferred<ReturnType<typeof message>[]>();
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        calls += 1;
        return calls === 1 ? firstAnswer.promise : Promise.resolve([message(1, 'Live one'), message(2, 'Back live')]);
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    void observer.refetch();
    expect(queryClient.isFetching({ queryKey: key })).toBe(1);

    const event: LiveEvent = {
      id: 20,
      sessionId: SESSION,
      type: 'new_communication',
      payload: message(2, 'Back live') as unknown as Record<string, unknown>,
      timestamp: 0,
    } as LiveEvent;
    applyEventToCache(event, utils, queryClient, trpc);
    firstAnswer.resolve([message(1, 'Live one')]);

    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: key })).toBe(0));
    const texts = (queryClient.getQueryData<ReturnType<typeof message>[]>(key) ?? []).map((m) => m.message);
    expect(texts).toEqual(['Live one', 'Back live']);
    unsubscribe();
  });

  it('fetches again when the event lands during a first fetch (no data yet), whose answer predates it', async () => {
    const { queryClient, utils } = setUp();
    const key = getQueryKey(trpc.comms.list, { id: SESSION }, 'query');
    const firstAnswer = deferred<ReturnType<typeof message>[]>();
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        calls += 1;
        return calls === 1 ? firstAnswer.promise : Promise.resolve([message(2, 'Live one')]);
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryClient.isFetching({ queryKey: key })).toBe(1);
    expect(queryClient.getQueryData(key)).toBeUndefined();

    applyEventToCache(
      { id: 21, sessionId: SESSION, type: 'new_communication', payload: message(2, 'Live one'), timestamp: 0 } as unknown as LiveEvent,
      utils,
      queryClient,
      trpc,
    );
    // The first answer was read before the message was written.
    firstAnswer.resolve([]);

    await vi.waitFor(() => {
      const texts = (queryClient.getQueryData<ReturnType<typeof message>[]>(key) ?? []).map((m) => m.message);
      expect(texts).toEqual(['Live one']);
    });
    expect(calls).toBe(2);
    unsubscribe();
  });
});

describe('applyEventToCache: what an event refetches', () => {
  it("a session's lifecycle event refetches every session query and the session's dinosaurs, not other sessions'", async () => {
    const { queryClient, utils } = setUp();
    const fetched: string[] = [];
    const watch = (name: string, key: readonly unknown[]) => {
      const observer = new QueryObserver(queryClient, {
        queryKey: key,
        queryFn: () => {
          fetched.push(name);
          return Promise.resolve({ name });
        },
      });
      return observer.subscribe(() => {});
    };
    const stops = [
      watch('sessions.get', getQueryKey(trpc.sessions.get, { id: SESSION }, 'query')),
      watch('sessions.list', getQueryKey(trpc.sessions.list, {}, 'query')),
      watch('deploy.list', getQueryKey(trpc.deploy.list, { id: SESSION }, 'query')),
      watch('other deploy.list', getQueryKey(trpc.deploy.list, { id: SESSION + 1 }, 'query')),
    ];
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetched).toHaveLength(4);
    fetched.length = 0;

    applyEventToCache(
      { id: 30, sessionId: SESSION, type: 'session_paused', payload: {}, timestamp: 0 } as unknown as LiveEvent,
      utils,
      queryClient,
      trpc,
    );
    await vi.waitFor(() => expect(fetched.sort()).toEqual(['deploy.list', 'sessions.get', 'sessions.list']));
    for (const stop of stops) stop();
  });

  it("an achievement refetches the hunter's own achievements and the session's feed, not another session's", async () => {
    const { queryClient, utils } = setUp();
    const fetched: string[] = [];
    const watch = (name: string, key: readonly unknown[]) =>
      new QueryObserver(queryClient, {
        queryKey: key,
        queryFn: () => {
          fetched.push(name);
          return Promise.resolve({ name });
        },
      }).subscribe(() => {});
    const stops = [
      watch('achievements.mine', getQueryKey(trpc.achievements.mine, { sessionId: SESSION }, 'query')),
      watch('achievements.session', getQueryKey(trpc.achievements.session, { id: SESSION }, 'query')),
      watch('other achievements.session', getQueryKey(trpc.achievements.session, { id: SESSION + 1 }, 'query')),
      watch('sessions.get', getQueryKey(trpc.sessions.get, { id: SESSION }, 'query')),
    ];
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fetched.length = 0;

    applyEventToCache(
      { id: 31, sessionId: SESSION, type: 'achievement_earned', payload: { key: 'first_contact' }, timestamp: 0 } as LiveEvent,
      utils,
      queryClient,
      trpc,
    );
    await vi.waitFor(() => expect(fetched.sort()).toEqual(['achievements.mine', 'achievements.session']));
    for (const stop of stops) stop();
  });
});

describe('applyEventToCache: one dinosaur moved or removed (issue 26)', () => {
  it.each(['dinosaur_moved', 'dinosaur_removed'])('%s makes both dinosaur lists stale, so maps and scanners update without a reload', (type) => {
    const { queryClient, utils } = setUp();
    const list = getQueryKey(trpc.deploy.list, { id: SESSION }, 'query');
    const bySession = getQueryKey(trpc.deploy.listBySession, { sessionId: SESSION }, 'query');
    const other = getQueryKey(trpc.deploy.list, { id: SESSION + 1 }, 'query');
    for (const key of [list, bySession, other]) queryClient.setQueryData(key, []);
    const event = { id: 30, sessionId: SESSION, type, payload: { sessionId: SESSION, timestamp: 0, dinosaurId: 3 }, timestamp: 0 } as LiveEvent;
    applyEventToCache(event, utils, queryClient, trpc);
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(bySession)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });
});

describe('applyEventToCache: events this build does not know', () => {
  // That every member of the union has its case is proven by the compiler in applyEventToCache.exhaustive.test.ts.
  it('an event this build does not know (a newer server) is left alone at run time', () => {
    const { queryClient, utils } = setUp();
    const unknown = { id: 40, sessionId: SESSION, type: 'brand_new', payload: {}, timestamp: 0 } as unknown as LiveEvent;
    expect(() => applyEventToCache(unknown, utils, queryClient, trpc)).not.toThrow();
  });
});

describe('applyEventToCache: teams (issue 42)', () => {
  const teamsKey = getQueryKey(trpc.teams.list, { id: SESSION }, 'query');
  const score = (rank: number, observations: number) => ({ uniqueSpecies: observations, observations, dartsUsed: observations, accuracy: 100, rank, reachedAt: null });
  const team = (id: number, name: string, rank: number) => ({
    id,
    sessionId: SESSION,
    name,
    color: '#e6194b',
    locked: false,
    members: [],
    memberCount: 0,
    maxSize: 4,
    score: score(rank, 0),
  });
  const read = () => ({
    sessionId: SESSION,
    teamMode: 'open',
    maxTeamSize: 4,
    teamSwitchAfterStart: false,
    teams: [
      { ...team(1, 'Raptors', 1), code: 'K7M2QX' },
      { ...team(2, 'Rexes', 1), code: 'H4NPRT' },
    ],
    myTeamId: 1,
    unassigned: [],
  });
  const live = (type: string, payload: Record<string, unknown>) =>
    ({ id: 50, sessionId: SESSION, type, payload: { sessionId: SESSION, ...payload }, timestamp: 0 }) as unknown as LiveEvent;

  it('a ranking reorders the cached teams with their new scores, in place', () => {
    const { queryClient, utils } = setUp();
    queryClient.setQueryData(teamsKey, read());
    const ranking = [
      { teamId: 2, name: 'Rexes', color: '#000000', memberCount: 1, ...score(1, 1) },
      { teamId: 1, name: 'Raptors', color: '#e6194b', memberCount: 1, ...score(2, 0) },
    ];
    applyEventToCache(live('team_ranking', { ranking }), utils, queryClient, trpc);
    const data = queryClient.getQueryData<ReturnType<typeof read>>(teamsKey);
    expect(data?.teams.map((t) => [t.name, t.score.rank, t.score.observations])).toEqual([
      ['Rexes', 1, 1],
      ['Raptors', 2, 0],
    ]);
  });

  it("a renamed team changes in place and keeps the code the event never carries; a membership refetches the caller's reads", async () => {
    const { queryClient, utils } = setUp();
    queryClient.setQueryData(teamsKey, read());
    applyEventToCache(live('team_updated', { team: { ...team(1, 'Raptor Squad', 1) } }), utils, queryClient, trpc);
    const data = queryClient.getQueryData<ReturnType<typeof read>>(teamsKey);
    expect(data?.teams[0]).toMatchObject({ name: 'Raptor Squad', code: 'K7M2QX' });

    const comms = getQueryKey(trpc.comms.list, { id: SESSION }, 'query');
    queryClient.setQueryData(comms, []);
    applyEventToCache(
      live('team_membership', { playerId: 3, userId: 'u3', hunterName: 'Ana', teamId: 2, previousTeamId: 1 }),
      utils,
      queryClient,
      trpc,
    );
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(teamsKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(comms)?.isInvalidated).toBe(true);
    });
  });
});
