// A geocoder that hangs (issue #48, decision 932): the app's place search points at a TCP server on
// loopback that accepts connections and never answers. Each search answers 503 with the clear
// message within GEOCODER_TIMEOUT_MS; after GEOCODER_BREAKER_FAILURES of them the breaker opens and
// searches fail fast (no connection made); once the geocoder answers again, the probe after the
// cool-down closes it.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_MESSAGES } from '../../domain/place-search';
import { GEOCODER_TIMEOUT_MS } from './limits';
import { type ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

/** Hangs every request (reads it, never writes) until `answering`, then answers as Nominatim. */
let answering = false;
/** Searches that reached the geocoder (request heads read). */
let asked = 0;
const sockets = new Set<net.Socket>();
const geocoder = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    if (chunk.toString('latin1').startsWith('GET /search')) asked += 1;
    if (!answering) return;
    const body = JSON.stringify([{ display_name: 'Parc, Testville', lat: '45.5', lon: '-73.5' }]);
    socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
});

let server: TestServer;
let gm: ApiClient;
beforeAll(async () => {
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const { port } = geocoder.address() as AddressInfo;
  server = await startTestServer({ GEOCODER_URL: `http://127.0.0.1:${port}` });
  gm = await subscribedGameMaster(server);
});
afterAll(async () => {
  await server.close();
  for (const s of sockets) s.destroy();
  geocoder.close();
});

async function timedSearch(q: string) {
  const started = performance.now();
  const res = await gm.get(`/api/places/search?q=${encodeURIComponent(q)}`);
  return { res, ms: performance.now() - started };
}

describe('a geocoder that accepts and never answers', () => {
  it('answers 503 within its timeout, then fails fast while the breaker is open, and recovers after the cool-down', async () => {
    // Different places each time (a failure is not cached), one a second (the geocoder's pace).
    for (const q of ['Parc Lafontaine', 'Mont Royal', 'Vieux Port']) {
      const { res, ms } = await timedSearch(q);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: PLACE_MESSAGES.unavailable });
      expect(ms).toBeGreaterThanOrEqual(GEOCODER_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(GEOCODER_TIMEOUT_MS + 2_000); // its turn (<= 1 s) + the timeout
    }
    expect(asked).toBe(3);

    // Open: at once, with Retry-After, and the geocoder is not asked.
    const fast = await timedSearch('Jardin botanique');
    expect(fast.res.status).toBe(503);
    expect(fast.res.body.error).toBe(PLACE_MESSAGES.unavailable);
    expect(fast.ms).toBeLessThan(500);
    const retryAfter = Number(fast.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(fast.res.body.retryAfterSeconds).toBe(retryAfter);
    expect(asked).toBe(3);
    // Over tRPC too (the app's own door).
    const trpc = await gm.get(`/trpc/places.search?input=${encodeURIComponent(JSON.stringify({ json: { q: 'Lac aux Castors' } }))}`);
    expect(trpc.status).toBe(503);
    expect(trpc.body.error.json.message).toBe(PLACE_MESSAGES.unavailable);
    expect(asked).toBe(3);

    // The geocoder is back; after the cool-down the next search is the probe, and the breaker closes.
    answering = true;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    const probe = await gm.get(`/api/places/search?q=${encodeURIComponent('Parc Jarry')}`);
    expect(probe.status).toBe(200);
    expect(probe.body[0]).toMatchObject({ lat: 45.5, lng: -73.5 });
    const after = await gm.get(`/api/places/search?q=${encodeURIComponent('Parc Laurier')}`);
    expect(after.status).toBe(200);
    expect(asked).toBe(5);
  });
});
