// The polled reads' own tRPC routes (hot-trpc-reads.ts) answer exactly what tRPC's handler
// answers: status, Content-Type, Vary, Set-Cookie count and body, on success and on errors.
// An extra query parameter sends the same call to tRPC's handler.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestServer } from '../testing/harness';
import { liveSessionWorld } from './test-support';

let server: TestServer;
let gm: ApiClient;
let guest: ApiClient & { userId: string };
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, guest, stranger, sessionId } = await liveSessionWorld('Hot tRPC'));
});
afterAll(() => server.close());

const url = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

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
  ];

  it('for the guest, the game master, a stranger and no one', async () => {
    for (const client of [guest, gm, stranger, null]) {
      for (const path of calls(sessionId)) {
        const { hot, general } = await both(client, path);
        expect(hot, path).toEqual(general);
      }
    }
  });

  it('for bad input, no input and unknown sessions', async () => {
    for (const path of [...calls(999_999), url('comms.list', { id: 'x' }), url('comms.list', { id: sessionId, limit: 0 }), '/trpc/comms.list']) {
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
