// The web client's batches of polled reads (hot-trpc-reads.ts) are answered exactly as tRPC's
// handler answers them: status, Content-Type, Vary, Set-Cookie count and body, on success, on
// errors and on a mix (207). An extra query parameter sends the same batch to tRPC's handler.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestServer } from '../testing/harness';
import { liveSessionWorld } from '../http/test-support';

let server: TestServer;
let gm: ApiClient;
let guest: ApiClient & { userId: string };
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, guest, stranger, sessionId } = await liveSessionWorld('Hot tRPC'));
});
afterAll(() => server.close());

type Call = [procedure: string, input: unknown];
/** A GET batch as @trpc/client's httpBatchLink writes it (superjson inputs keyed by place). */
const batch = (...calls: Call[]) =>
  `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]))),
  )}`;
const url = (procedure: string, input: unknown) => batch([procedure, input]);

async function both(client: ApiClient | null, path: string) {
  const call = async (p: string) => {
    const res = await fetch(server.url + p, { headers: client?.cookie ? { cookie: client.cookie } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      vary: res.headers.get('vary'),
      cookies: res.headers.getSetCookie().length,
      body: await res.text(),
    };
  };
  return { hot: await call(path), general: await call(`${path}${path.includes('?') ? '&' : '?'}viaHandler=1`) };
}

describe('hot tRPC reads answer like tRPC’s handler', () => {
  const calls = (s: number) => [
    url('comms.list', { id: s }),
    url('comms.list', { id: s, limit: 2 }),
    url('deploy.list', { id: s }),
    url('deploy.listBySession', { sessionId: s }),
    url('sessions.timeStatus', { id: s }),
    url('stats.hunterStats', { sessionId: s }),
    url('stats.sessionHunterStats', { id: s }),
    url('comms.hunterLocations', { id: s }),
    url('sessions.get', { id: s }),
  ];

  it('for the guest, the game master, a stranger and no one', async () => {
    for (const client of [guest, gm, stranger, null]) {
      for (const path of calls(sessionId)) {
        const { hot, general } = await both(client, path);
        expect(hot, path).toEqual(general);
      }
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
      // Not all polled reads: tRPC's handler answers (sessions.list), both ways the same.
      batch(['sessions.list', {}], ['comms.list', { id: s }]),
    ];
    for (const client of [guest, gm, stranger, null]) {
      for (const path of batches) {
        const { hot, general } = await both(client, path);
        expect(hot, path).toEqual(general);
      }
    }
    const mixed = await both(guest, batches[3]!);
    expect(mixed.hot.status).toBe(207);
  });

  it('answers the client’s batches through the read cache; tRPC’s handler does not', async ({ skip }) => {
    if (!server.deps.readCache.enabled) skip('The read cache is off on PostgreSQL until the cluster issue (decision 876)');
    const dinosaurs = batch(['deploy.list', { id: sessionId }], ['comms.list', { id: sessionId }]);
    server.deps.readCache.clear();
    await fetch(`${server.url}${dinosaurs}&viaHandler=1`, { headers: { cookie: guest.cookie } });
    expect(server.deps.readCache.get(sessionId, 'dinosaurs')).toBeUndefined();
    const res = await fetch(server.url + dinosaurs, { headers: { cookie: guest.cookie } });
    expect(res.status).toBe(200);
    expect(server.deps.readCache.get(sessionId, 'dinosaurs')).toBeDefined();
  });

  it('for bad input, no input and unknown sessions', async () => {
    const unbatched = `/trpc/comms.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ id: sessionId })))}`;
    for (const path of [
      ...calls(999_999),
      url('comms.list', { id: 'x' }),
      url('comms.list', { id: sessionId, limit: 0 }),
      '/trpc/comms.list?batch=1',
      '/trpc/comms.list?batch=1&input=%7B%7D',
      '/trpc/comms.list?batch=1&input=not-json',
      unbatched,
    ]) {
      const { hot, general } = await both(guest, path);
      expect(hot, path).toEqual(general);
    }
  });

  it('the tRPC client reads through them', async () => {
    const { trpc, close } = guest.trpc();
    try {
      const messages = await trpc.comms.list.query({ id: sessionId });
      expect(messages.at(-1)?.message).toBe('In position');
      const status = await trpc.sessions.timeStatus.query({ id: sessionId });
      expect(status.status).toBe('active');
    } finally {
      close();
    }
  });
});
