// The polled reads' own routes (hot-reads.ts) answer exactly what trpc-to-openapi's
// catch-all answers for the same call: status, Content-Type, Set-Cookie and body, on
// success and on every error. The catch-all matches paths in any case, so an
// upper-case path reaches it while the lower-case one takes the hot route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestServer } from '../testing/harness';
import { liveSessionWorld } from '../http/test-support';

let server: TestServer;
let gm: ApiClient;
let guest: ApiClient & { userId: string };
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, guest, stranger, sessionId } = await liveSessionWorld('Hot'));
});
afterAll(() => server.close());

/** The same call through the hot route and through the catch-all (an upper-cased path). */
async function both(client: ApiClient | null, path: string) {
  const call = async (p: string) => {
    const res = await fetch(server.url + p, { headers: client?.cookie ? { cookie: client.cookie } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cookies: res.headers.getSetCookie().length,
      body: await res.text(),
    };
  };
  const upper = path.replace(/^\/api\/([^?]+)/, (_, rest: string) => `/api/${rest.toUpperCase()}`);
  return { hot: await call(path), general: await call(upper) };
}

describe('hot REST reads answer like the catch-all', () => {
  const reads = (s: number | string) => [
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

  it('for the guest, the game master, a stranger and no one', async () => {
    for (const client of [guest, gm, stranger, null]) {
      for (const path of reads(sessionId)) {
        const { hot, general } = await both(client, path);
        expect(hot, `${path}`).toEqual(general);
      }
    }
  });

  it('for bad input and unknown sessions', async () => {
    for (const path of [
      ...reads(999_999),
      `/api/game-sessions/${sessionId}/communications?limit=abc`,
      `/api/game-sessions/${sessionId}/communications?limit=0&afterId=-1`,
      `/api/hunter/stats`,
      `/api/hunter/stats?sessionId=x`,
      `/api/hunter/stats?sessionId=${sessionId}&sessionId=${sessionId}`,
    ]) {
      const { hot, general } = await both(guest, path);
      expect(hot, path).toEqual(general);
      expect(hot.status, path).toBeGreaterThanOrEqual(200);
    }
  });

  it('serves the read on its own route and leaves odd ids to the catch-all', async () => {
    const ok = await guest.get(`/api/game-sessions/${sessionId}/communications`);
    expect(ok.status).toBe(200);
    expect(ok.body.at(-1).message).toBe('In position');
    // Encoded digits reach the hot route undecoded, as the catch-all reads them; other odd ids go to the catch-all.
    for (const odd of ['%31', '%31%32', '1.0', '0x1', 'abc', '01']) {
      const { hot, general } = await both(guest, `/api/game-sessions/${odd}/communications`);
      expect(hot, odd).toEqual(general);
    }
    expect((await guest.get('/api/game-sessions/%31/communications')).body.error).toBe('Invalid session id');
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await fetch(`${server.url}/api/game-sessions/${sessionId}/time-status`, {
      method: 'HEAD',
      headers: { cookie: guest.cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
