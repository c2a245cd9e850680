// Issue 26, mapkit: moving and removing one dinosaur (PATCH/DELETE
// /game-sessions/{id}/dinosaurs/{dinosaurId}), place search through a local geocoder double,
// and where the game master last played.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_MESSAGES } from '../../domain/place-search';
import { HQ_PLAY_ZOOM, PLACE_QUERY_MAX_CHARS, PLACE_SEARCHES_PER_MINUTE } from '../../domain/rules';
import { GEOCODER_MIN_INTERVAL_MS } from '../services/limits';
import { WsClient } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { DINOSAUR_MESSAGES } from '../services/dinosaurs';
import { addSpecies, createSession, guestJoin, HERE, north, setPosition, subscribedGameMaster } from '../../../test/support/sessions';

/** A Nominatim-compatible double: records every request, answers by the query. */
type Seen = { url: URL; headers: http.IncomingHttpHeaders; at: number };
const seen: Seen[] = [];
let answer: (q: string) => { status: number; body: unknown } = (q) => ({
  status: 200,
  body: [{ display_name: `${q}, Testville`, lat: '45.5271', lon: '-73.5697', boundingbox: ['45.52', '45.53', '-73.575', '-73.565'] }],
});
const double = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://double');
  seen.push({ url, headers: req.headers, at: Date.now() });
  const { status, body } = answer(url.searchParams.get('q') ?? '');
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});

let server: TestServer;
let gm: ApiClient;
let speciesId: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => double.listen(0, '127.0.0.1', resolve));
  const { port } = double.address() as AddressInfo;
  server = await startTestServer({
    GEOCODER_URL: `http://127.0.0.1:${port}/`,
    GEOCODER_EMAIL: 'maps@dinohunt.test',
    PUBLIC_URL: 'https://hunt.example',
  });
  gm = await subscribedGameMaster(server);
  speciesId = await addSpecies(server, 1, 'Movosaurus');
});
afterAll(async () => {
  await server.close();
  double.close();
});

const one = (id: number, dinoId: number | string) => `/api/game-sessions/${id}/dinosaurs/${dinoId}`;
const move = (client: ApiClient, id: number, dinoId: number | string, body: unknown) => client.request('PATCH', one(id, dinoId), body);
async function deployed(id: number, at = HERE) {
  const res = await gm.post(`/api/game-sessions/${id}/deploy-dinosaur`, { sessionId: id, speciesId, latitude: at.lat, longitude: at.lng });
  expect(res.status).toBe(200);
  return res.body as { id: number };
}

describe('moving one dinosaur', () => {
  it('moves it, lists it at its new place, and tells the hunters of a live session on /ws and tRPC', async () => {
    const s = await createSession(gm);
    const dino = await deployed(s.id);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Mover');
    await gm.post(`/api/game-sessions/${s.id}/start`);
    const ws = WsClient.connect(server, `?sessionId=${s.id}`, guest.cookies());
    await ws.next((f) => f.type === 'subscribed');
    const { trpc, close } = guest.trpc();
    const got: Array<{ data: { type: string; payload: Record<string, unknown> } }> = [];
    let started = false;
    const sub = trpc.comms.events.subscribe({ sessionId: s.id }, { onStarted: () => (started = true), onData: (e) => got.push(e as never) });
    try {
      await expect.poll(() => started).toBe(true);
      const to = north(40);
      const res = await move(gm, s.id, dino.id, { latitude: String(to.lat), longitude: to.lng });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: dino.id, latitude: String(to.lat), longitude: String(to.lng), speciesName: 'Movosaurus' });
      const list = (await guest.get(`/api/game-sessions/${s.id}/dinosaurs`)).body as Array<{ id: number; latitude: string }>;
      expect(list.find((d) => d.id === dino.id)?.latitude).toBe(String(to.lat));
      const frame = await ws.next((f) => f.type === 'dinosaur_moved');
      expect(frame).toMatchObject({ sessionId: s.id, dinosaur: { id: dino.id, latitude: String(to.lat) } });
      await expect.poll(() => got.some((e) => e.data.type === 'dinosaur_moved')).toBe(true);

      const removed = await gm.delete(one(s.id, dino.id));
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true, id: dino.id });
      expect((await ws.next((f) => f.type === 'dinosaur_removed')).dinosaurId).toBe(dino.id);
      await expect.poll(() => got.some((e) => e.data.type === 'dinosaur_removed' && e.data.payload.dinosaurId === dino.id)).toBe(true);
      expect((await guest.get(`/api/game-sessions/${s.id}/dinosaurs`)).body).toEqual([]);
      expect((await gm.delete(one(s.id, dino.id))).status).toBe(404);
    } finally {
      sub.unsubscribe();
      close();
      ws.close();
    }
  });

  it('tells only the owner before the session is live (hunters must not learn positions early)', async () => {
    const s = await createSession(gm);
    const dino = await deployed(s.id);
    expect((await move(gm, s.id, dino.id, { latitude: 1, longitude: 2 })).status).toBe(200);
    expect((await gm.delete(one(s.id, dino.id))).status).toBe(200);
    const events = (await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'dinosaur_moved' || e.type === 'dinosaur_removed');
    expect(events.map((e) => [e.type, e.audience])).toEqual([
      ['dinosaur_moved', 'owner'],
      ['dinosaur_removed', 'owner'],
    ]);
  });

  it.each([
    [{ latitude: 91, longitude: 2 }, 'Latitude must be a number between -90 and 90'],
    [{ latitude: 'north', longitude: 2 }, 'Latitude must be a number between -90 and 90'],
    [{ latitude: 45, longitude: -181 }, 'Longitude must be a number between -180 and 180'],
    [{ latitude: 45 }, 'Longitude must be a number between -180 and 180'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const s = await createSession(gm);
    const dino = await deployed(s.id);
    const res = await move(gm, s.id, dino.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 400 for a bad dinosaur id and 404 for one of another session', async () => {
    const a = await createSession(gm);
    const b = await createSession(gm);
    const other = await deployed(b.id);
    for (const bad of ['abc', '0', '-1', '1e2']) {
      const res = await move(gm, a.id, bad, { latitude: 1, longitude: 1 });
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe('Invalid dinosaur id');
      expect((await gm.delete(one(a.id, bad))).status, bad).toBe(400);
    }
    const res = await move(gm, a.id, other.id, { latitude: 1, longitude: 1 });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(DINOSAUR_MESSAGES.notFound);
    expect((await gm.delete(one(a.id, other.id))).status).toBe(404);
    expect((await gm.get(`/api/game-sessions/${b.id}/dinosaurs`)).body).toHaveLength(1);
  });

  it('refuses another game master, a hunter, a guest and a stranger; an admin may', async () => {
    const s = await createSession(gm);
    const dino = await deployed(s.id);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Dragger');
    const hunter = await signUp(server, 'hunter');
    await hunter.post(`/api/game-sessions/${s.id}/join`, { password: 'raptor-4821' });
    const otherGm = await subscribedGameMaster(server);
    const anonymous = new ApiClient(server.url);
    for (const [client, status] of [
      [otherGm, 403],
      [guest, 403],
      [hunter, 403],
      [anonymous, 401],
    ] as const) {
      expect((await move(client, s.id, dino.id, { latitude: 1, longitude: 1 })).status).toBe(status);
      expect((await client.delete(one(s.id, dino.id))).status).toBe(status);
    }
    expect((await gm.get(`/api/game-sessions/${s.id}/dinosaurs`)).body[0]).toMatchObject({ latitude: String(HERE.lat) });
    const admin = await signInAdmin(server);
    expect((await move(admin, s.id, dino.id, { latitude: 1, longitude: 1 })).status).toBe(200);
  });

  it('refuses to move an observed dinosaur (remove still works) and any change once the session has ended', async () => {
    const s = await createSession(gm);
    const seen = await deployed(s.id);
    const other = await deployed(s.id, north(200));
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Observer');
    await gm.post(`/api/game-sessions/${s.id}/start`);
    await setPosition(server, s.id, guest.userId, HERE.lat, HERE.lng);
    const observed = await guest.post('/api/hunter/observation', { sessionId: s.id, dinosaurId: seen.id, distance: 1 });
    expect(observed.status, JSON.stringify(observed.body)).toBe(200);
    expect(observed.body.success).toBe(true);
    const res = await move(gm, s.id, seen.id, { latitude: 1, longitude: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(DINOSAUR_MESSAGES.observed);
    expect((await gm.delete(one(s.id, seen.id))).status).toBe(200);

    await gm.post(`/api/game-sessions/${s.id}/end`);
    const late = await move(gm, s.id, other.id, { latitude: 1, longitude: 1 });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(DINOSAUR_MESSAGES.ended);
    expect((await gm.delete(one(s.id, other.id))).status).toBe(409);
  });
});

describe('place search', () => {
  const search = (client: ApiClient, q: string) => client.get(`/api/places/search?q=${encodeURIComponent(q)}`);

  it('asks the geocoder identified (User-Agent, Referer, email) and caches the answer', async () => {
    const before = seen.length;
    const res = await search(gm, 'Parc La Fontaine');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([
      {
        name: 'Parc La Fontaine, Testville',
        lat: 45.5271,
        lng: -73.5697,
        bounds: { south: 45.52, north: 45.53, west: -73.575, east: -73.565 },
        source: 'geocoder',
      },
    ]);
    expect(seen.length).toBe(before + 1);
    const asked = seen.at(-1)!;
    expect(asked.url.pathname).toBe('/search');
    expect(asked.url.searchParams.get('format')).toBe('jsonv2');
    expect(asked.url.searchParams.get('email')).toBe('maps@dinohunt.test');
    expect(asked.headers['user-agent']).toMatch(/^Dinohunt\//);
    expect(asked.headers.referer).toBe('https://hunt.example');
    // The same query, spelt differently, is answered from the cache.
    expect((await search(gm, '  parc   la FONTAINE ')).body).toEqual(res.body);
    expect(seen.length).toBe(before + 1);
  });

  it(`allows ${PLACE_SEARCHES_PER_MINUTE} searches a minute per game master, then 429 with Retry-After`, async () => {
    const busy = await subscribedGameMaster(server);
    for (let i = 0; i < PLACE_SEARCHES_PER_MINUTE; i++) expect((await search(busy, 'Parc La Fontaine')).status).toBe(200);
    const refused = await search(busy, 'Parc La Fontaine');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(PLACE_MESSAGES.busy);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Coordinates never count, and another game master has a budget of their own.
    expect((await search(busy, '1, 2')).status).toBe(200);
    expect((await search(gm, 'Parc La Fontaine')).status).toBe(200);
  });

  it('answers coordinates at once, without the geocoder', async () => {
    const before = seen.length;
    const res = await search(gm, '48.8584, 2.2945');
    expect(res.body).toEqual([{ name: '48.8584, 2.2945', lat: 48.8584, lng: 2.2945, bounds: null, source: 'coordinates' }]);
    expect(seen.length).toBe(before);
  });

  it('sends at most one request a second to the geocoder, whoever asks', async () => {
    const before = seen.length;
    const other = await subscribedGameMaster(server);
    const answers = await Promise.all([search(gm, 'Pace one'), search(other, 'Pace two'), search(gm, 'Pace three')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const times = seen.slice(before).map((s) => s.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GEOCODER_MIN_INTERVAL_MS - 50);
  });

  it('answers 503 with the fallback message when the geocoder fails, and does not cache the failure', async () => {
    answer = () => ({ status: 500, body: { error: 'down' } });
    const res = await search(gm, 'Broken place');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(PLACE_MESSAGES.unavailable);
    expect(JSON.stringify(res.body)).not.toContain('stack');
    answer = (q) => ({ status: 200, body: [{ display_name: q, lat: '1', lon: '2' }] });
    expect((await search(gm, 'Broken place')).status).toBe(200);
  });

  it('refuses bad queries with 400 and callers other than game masters', async () => {
    expect((await search(gm, 'a')).body.error).toBe(PLACE_MESSAGES.queryShort);
    const long = await search(gm, 'x'.repeat(PLACE_QUERY_MAX_CHARS + 1));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(PLACE_MESSAGES.queryLong);
    expect((await gm.get('/api/places/search')).status).toBe(400);
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Searcher');
    const hunter = await signUp(server, 'hunter');
    const unpaid = await signUp(server, 'gamemaster');
    expect((await search(guest, 'Paris')).status).toBe(403);
    expect((await search(hunter, 'Paris')).status).toBe(403);
    expect((await search(unpaid, 'Paris')).status).toBe(403);
    expect((await search(new ApiClient(server.url), 'Paris')).status).toBe(401);
  });

  it('says so when no geocoder is configured, and still reads coordinates', async () => {
    const offline = await startTestServer({ GEOCODER_URL: '' });
    try {
      const client = await subscribedGameMaster(offline);
      const res = await client.get(`/api/places/search?q=${encodeURIComponent('Anywhere')}`);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(PLACE_MESSAGES.unavailable);
      expect((await client.get('/api/places/search?q=10%2C20')).body[0]).toMatchObject({ lat: 10, lng: 20 });
    } finally {
      await offline.close();
    }
  });
});

describe('where the game master last played', () => {
  it('is null at first, then the centre of the newest session with dinosaurs, then with an area', async () => {
    const fresh = await subscribedGameMaster(server);
    expect((await fresh.get('/api/places/last-played')).body).toEqual({ place: null });
    const s = await createSession(fresh);
    for (const at of [HERE, north(100)]) {
      await fresh.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, { speciesId, latitude: at.lat, longitude: at.lng });
    }
    await createSession(fresh); // a newer session without dinosaurs does not hide the older place
    const place = (await fresh.get('/api/places/last-played')).body.place;
    expect(place).toMatchObject({ sessionId: s.id, source: 'dinosaurs', zoom: HQ_PLAY_ZOOM, lng: HERE.lng });
    expect(place.lat).toBeCloseTo(north(50).lat, 6);
    // Another game master's sessions are not theirs.
    expect((await gm.get('/api/places/last-played')).body.place?.sessionId).not.toBe(s.id);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Nosy');
    expect((await guest.get('/api/places/last-played')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/places/last-played')).status).toBe(401);
  });
});
