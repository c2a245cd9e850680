// The polled reads' cache step (cache-step.ts) changes nothing a client sees: over REST and over tRPC
// (httpBatchLink's GET batches, as the web client sends them; both at their doors, polled-read-doors.ts), a kept answer is byte for byte the
// answer the procedure gives with the cache off (status, Content-Type, Vary, Set-Cookie count, body), for every
// kind of caller, on errors and bad input, and for batches mixing outcomes (207). And it is kept: whichever
// door reads first (REST, tRPC, the first reads in a page), the others are answered from what it kept.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestServer } from '../../../test/support/harness';
import { liveSessionWorld } from '../../../test/support/live-session-world';
import { firstReads } from '../http/first-reads';
import { createContextInner } from '../context';

let server: TestServer;
let gm: ApiClient;
let guest: ApiClient & { userId: string };
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, guest, stranger, sessionId } = await liveSessionWorld('Cached answers'));
});
afterAll(() => server.close());

type Call = [procedure: string, input: unknown];
/** A GET batch as @trpc/client's httpBatchLink writes it (superjson inputs keyed by place). */
const batch = (...calls: Call[]) =>
  `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]))),
  )}`;

async function answer(client: ApiClient | null, path: string, method = 'GET') {
  const res = await fetch(server.url + path, { method, headers: client?.cookie ? { cookie: client.cookie } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    cookies: res.headers.getSetCookie().length,
    body: await res.text(),
  };
}

/** The answer with the cache off, then twice with it on (computed and kept, then handed out): all the same. */
async function expectSameCachedOrNot(client: ApiClient | null, path: string, method = 'GET') {
  const cache = server.deps.readCache;
  const enabled = cache.enabled;
  cache.enabled = false;
  let uncached: Awaited<ReturnType<typeof answer>>;
  try {
    uncached = await answer(client, path, method);
  } finally {
    cache.enabled = enabled;
  }
  cache.clear();
  expect(await answer(client, path, method), `${path} (computed)`).toEqual(uncached);
  expect(await answer(client, path, method), `${path} (kept)`).toEqual(uncached);
  return uncached;
}

const restReads = (s: number | string) => [
  `/api/game-sessions/${s}/communications`,
  `/api/game-sessions/${s}/communications?limit=2`,
  `/api/game-sessions/${s}/dinosaurs`,
  `/api/game-dinosaurs/${s}`,
  `/api/game-sessions/${s}/time-status`,
  `/api/hunter/stats?sessionId=${s}`,
  `/api/game-sessions/${s}/hunter-stats`,
  `/api/game-sessions/${s}/hunter-locations`,
  `/api/game-sessions/${s}`,
];

const trpcReads = (s: number) => [
  batch(['comms.list', { id: s }]),
  batch(['comms.list', { id: s, limit: 2 }]),
  batch(['deploy.list', { id: s }]),
  batch(['deploy.listBySession', { sessionId: s }]),
  batch(['sessions.timeStatus', { id: s }]),
  batch(['stats.hunterStats', { sessionId: s }]),
  batch(['stats.sessionHunterStats', { id: s }]),
  batch(['comms.hunterLocations', { id: s }]),
  batch(['sessions.get', { id: s }]),
];

describe('REST: a kept answer is the computed one', () => {
  it('for the guest, the game master, a stranger and no one', async () => {
    for (const client of [guest, gm, stranger, null]) {
      for (const path of restReads(sessionId)) await expectSameCachedOrNot(client, path);
    }
  });

  it('for bad input, odd ids and unknown sessions', async () => {
    for (const path of [
      ...restReads(999_999),
      `/api/game-sessions/${sessionId}/communications?limit=abc`,
      `/api/game-sessions/${sessionId}/communications?limit=0&afterId=-1`,
      `/api/hunter/stats`,
      `/api/hunter/stats?sessionId=x`,
      `/api/hunter/stats?sessionId=${sessionId}&sessionId=${sessionId}`,
      ...['%31', '%31%32', '1.0', '0x1', 'abc', '01'].map((odd) => `/api/game-sessions/${odd}/communications`),
    ]) {
      const { status } = await expectSameCachedOrNot(guest, path);
      expect(status, path).toBeGreaterThanOrEqual(200);
    }
    expect((await guest.get('/api/game-sessions/%31/communications')).body.error).toBe('Invalid session id');
  });

  it('HEAD answers like GET without a body', async () => {
    const head = await expectSameCachedOrNot(guest, `/api/game-sessions/${sessionId}/time-status`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('tRPC: a kept answer is the computed one', () => {
  it('for the guest, the game master, a stranger and no one', async () => {
    for (const client of [guest, gm, stranger, null]) {
      for (const path of trpcReads(sessionId)) await expectSameCachedOrNot(client, path);
    }
  });

  it('for batches of several, as the Hunter Terminal and HQ send them, mixed answers included', async () => {
    const s = sessionId;
    const batches = [
      batch(['comms.list', { id: s }], ['stats.hunterStats', { sessionId: s }]),
      batch(['comms.list', { id: s }], ['stats.hunterStats', { sessionId: s }], ['deploy.list', { id: s }], ['sessions.timeStatus', { id: s }]),
      batch(['stats.sessionHunterStats', { id: s }], ['comms.hunterLocations', { id: s }], ['deploy.list', { id: s }]),
      batch(['comms.list', { id: s }], ['comms.list', { id: 999_999 }], ['comms.list', { id: 'x' }]),
      batch(['sessions.get', { id: s }], ['comms.list', { id: s }], ['stats.hunterStats', { sessionId: s }]),
      batch(['sessions.list', {}], ['comms.list', { id: s }]),
    ];
    for (const client of [guest, gm, stranger, null]) {
      for (const path of batches) await expectSameCachedOrNot(client, path);
    }
    expect((await answer(guest, batches[3]!)).status).toBe(207);
  });

  it('for bad input, no input and unknown sessions', async () => {
    for (const path of [
      ...trpcReads(999_999),
      batch(['comms.list', { id: 'x' }]),
      batch(['comms.list', { id: sessionId, limit: 0 }]),
      '/trpc/comms.list?batch=1',
      '/trpc/comms.list?batch=1&input=%7B%7D',
      '/trpc/comms.list?batch=1&input=not-json',
      `/trpc/comms.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ id: sessionId })))}`,
    ]) {
      await expectSameCachedOrNot(guest, path);
    }
  });

  it('the tRPC client reads through them', async () => {
    const { trpc, close } = guest.trpc();
    try {
      expect((await trpc.comms.list.query({ id: sessionId })).at(-1)?.message).toBe('In position');
      expect((await trpc.comms.list.query({ id: sessionId })).at(-1)?.message).toBe('In position');
      expect((await trpc.sessions.timeStatus.query({ id: sessionId })).status).toBe('active');
    } finally {
      close();
    }
  });
});

describe('one cache for every door', () => {
  /** The kept list, replaced by a marker no database holds: a door that answers the marker read the cache. */
  const MARKER = 'Kept answer';
  function markKeptDinosaurs() {
    const cache = server.deps.readCache;
    const kept = cache.get(sessionId, 'dinosaurs');
    expect(kept?.result, 'the list is kept').toBeDefined();
    // A kept answer is never changed (its texts are made once, answer-transformer.ts): a marked copy replaces it.
    const data = (kept!.data as { speciesName: string }[]).map((dinosaur) => ({ ...dinosaur, speciesName: MARKER }));
    cache.set(sessionId, 'dinosaurs', { ...kept!, data, result: { ...(kept!.result as object), data } });
    return data;
  }

  it('REST, tRPC and the first reads of a page read what another door kept', async ({ skip }) => {
    if (!server.deps.readCache.enabled) skip('The read cache is off on PostgreSQL (decision 883)');
    await gm.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { speciesId: 1, latitude: 48.8585, longitude: 2.2945 });
    const list = await guest.get(`/api/game-sessions/${sessionId}/dinosaurs`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);

    // Kept by REST: tRPC hands it out. (A kept answer is never replaced in the app: here only, to tell it apart.)
    markKeptDinosaurs();
    const viaTrpc = superjson.deserialize<{ speciesName: string }[]>(
      JSON.parse((await answer(guest, batch(['deploy.list', { id: sessionId }]))).body)[0].result.data,
    );
    expect(viaTrpc.every((d) => d.speciesName === MARKER)).toBe(true);

    // Kept by tRPC: REST and the page's first reads hand it out.
    server.deps.readCache.clear();
    await answer(guest, batch(['deploy.list', { id: sessionId }]));
    markKeptDinosaurs();
    const viaRest = (await guest.get(`/api/game-sessions/${sessionId}/dinosaurs`)).body as { speciesName: string }[];
    expect(viaRest.every((d) => d.speciesName === MARKER)).toBe(true);
    const ctx = await createContextInner(server.deps, { cookieHeader: guest.cookie });
    const reads = await firstReads(ctx, 'terminal', `/hunter?sessionId=${sessionId}`);
    const first = reads.find((r) => r.path === 'deploy.list');
    expect(superjson.deserialize<{ speciesName: string }[]>(first!.result).every((d) => d.speciesName === MARKER)).toBe(true);
  });

  it('the access checks run before the cache: a stranger is refused with the list kept', async () => {
    await guest.get(`/api/game-sessions/${sessionId}/dinosaurs`);
    expect((await stranger.get(`/api/game-sessions/${sessionId}/dinosaurs`)).status).toBe(403);
    expect((await answer(stranger, batch(['deploy.list', { id: sessionId }]))).status).toBe(403);
  });
});
