// The polled reads keep their answers per game session (their procedures' cache step, cache-step.ts, into
// read-cache.ts). A read right after any write that changes it sees the write, over REST and tRPC; no one gets
// another viewer's answer; and authorization is never kept: an ended sign-in is refused on the very next
// request even when the answer is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSpecies, guestJoin, HERE, north, shiftClock } from '../../../test/support/sessions';
import { updateSpecies } from '../services/species';
import { purgeExpiredPositions } from '../services/positions';
import { GPS_RETENTION_MS } from '../../domain/rules';
import { type ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: ApiClient;
let sessionId: number;
let swift: ApiClient & { userId: string };
let stone: ApiClient & { userId: string };
let species: number;

beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  species = await addSpecies(server, 1, 'Cachetops');
  sessionId = (await gm.post('/api/game-sessions', { name: 'Cache', password: 'raptor-4821' })).body.id as number;
  await gm.post(`/api/game-sessions/${sessionId}/start`, { duration: 60 });
  swift = await guestJoin(server, sessionId, 'raptor-4821', 'Swift');
  stone = await guestJoin(server, sessionId, 'raptor-4821', 'Stone');
  for (const hunter of [swift, stone]) await hunter.post(`/api/game-sessions/${sessionId}/location`, { ...HERE, accuracy: 5 });
});
afterAll(() => server.close());

const trpcGet = async (client: ApiClient, proc: string, input: object) => {
  const url = `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await client.get(url);
  return { status: res.status, data: res.body?.result?.data?.json, error: res.body?.error };
};

/** `read` with the read cache off: the procedure computes the answer. */
async function uncachedGet(client: ApiClient, rest: string) {
  const enabled = server.deps.readCache.enabled;
  server.deps.readCache.enabled = false;
  try {
    return await client.get(rest);
  } finally {
    server.deps.readCache.enabled = enabled;
  }
}

/** The same read over REST, over tRPC and with the read cache off (nothing kept): all three must agree. */
async function read(client: ApiClient, rest: string, proc: string, input: object) {
  const viaRest = await client.get(rest);
  const viaTrpc = await trpcGet(client, proc, input);
  const uncached = await uncachedGet(client, rest);
  expect(viaRest.status, rest).toBe(200);
  expect(viaTrpc.data, proc).toEqual(viaRest.body);
  expect(uncached.body, `${rest} (uncached)`).toEqual(viaRest.body);
  return viaRest.body;
}

const messages = (c: ApiClient) => read(c, `/api/game-sessions/${sessionId}/communications`, 'comms.list', { id: sessionId });
const stats = (c: ApiClient) => read(c, `/api/hunter/stats?sessionId=${sessionId}`, 'stats.hunterStats', { sessionId });
const dinosaurs = (c: ApiClient) => read(c, `/api/game-sessions/${sessionId}/dinosaurs`, 'deploy.list', { id: sessionId });
const ranking = () => read(gm, `/api/game-sessions/${sessionId}/hunter-stats`, 'stats.sessionHunterStats', { id: sessionId });
const tracking = () => read(gm, `/api/game-sessions/${sessionId}/hunter-locations`, 'comms.hunterLocations', { id: sessionId });

describe('kept answers follow every write', () => {
  it('messages: a new message, and a hunter sees their own messages to headquarters only', async () => {
    await messages(swift);
    await messages(stone);
    await messages(gm);
    await swift.post(`/api/game-sessions/${sessionId}/communications`, { message: 'Tracks north', recipientType: 'headquarters' });
    await gm.post(`/api/game-sessions/${sessionId}/communications`, { message: 'Hold', type: 'text', recipientType: 'hunters' });
    const texts = async (c: ApiClient) => ((await messages(c)) as { message: string }[]).map((m) => m.message);
    expect(await texts(swift)).toEqual(['Tracks north', 'Hold']);
    expect(await texts(stone)).toEqual(['Hold']);
    expect(await texts(gm)).toEqual(['Tracks north', 'Hold']);
    // Kept now: still each their own.
    expect(await texts(stone)).toEqual(['Hold']);
    expect(await texts(swift)).toEqual(['Tracks north', 'Hold']);
  });

  it('own stats: each hunter gets their own; a position, a message, an observation and the clock change them', async () => {
    const before = await stats(swift);
    expect(before.hunterName).toBe('Swift');
    expect((await stats(stone)).hunterName).toBe('Stone');
    expect((await stats(swift)).hunterName).toBe('Swift');

    // A minute later (a plausible walking speed).
    const later = shiftClock(server, 60_000);
    await swift.post(`/api/game-sessions/${sessionId}/location`, { ...north(30), accuracy: 5 });
    later();
    const moved = await stats(swift);
    expect(moved.distanceTraveled).toBeGreaterThan(before.distanceTraveled);

    await swift.post(`/api/game-sessions/${sessionId}/communications`, { message: 'Again', recipientType: 'all' });
    expect((await stats(swift)).reportsSubmitted).toBe(moved.reportsSubmitted + 1);

    const deployed = await gm.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { speciesId: species, latitude: north(30).lat, longitude: north(30).lng });
    expect(deployed.status).toBe(200);
    const shot = await swift.post('/api/hunter/observation', { sessionId, dinosaurId: deployed.body.id, distance: 3, hunterId: 'x' });
    expect(shot.status).toBe(200);
    const after = await stats(swift);
    expect(after.shotsFired).toBe(1);
    expect(after.dinosaursObserved).toBe(1);
    expect((await ranking())[0].hunterName).toBe('Swift');

    const reset = shiftClock(server, 3 * 60_000);
    try {
      expect((await stats(swift)).totalObservationTime).toBe(after.totalObservationTime + 3);
    } finally {
      reset();
    }
  });

  it('dinosaurs: deploy, a species edit (no session event), clearing and a pause', async () => {
    await gm.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { speciesId: species, latitude: HERE.lat, longitude: HERE.lng });
    const listed = await dinosaurs(swift);
    expect(listed.length).toBeGreaterThan(0);
    await gm.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { speciesId: species, latitude: HERE.lat, longitude: HERE.lng });
    expect(await dinosaurs(swift)).toHaveLength(listed.length + 1);

    await updateSpecies(server.deps, species, { name: 'Renamedops' });
    expect((await dinosaurs(swift)).every((d: { speciesName: string }) => d.speciesName === 'Renamedops')).toBe(true);

    expect((await gm.post(`/api/game-sessions/${sessionId}/pause`)).status).toBe(200);
    expect(await dinosaurs(swift)).toEqual([]);
    expect((await dinosaurs(gm)).length).toBe(listed.length + 1);
    expect((await gm.post(`/api/game-sessions/${sessionId}/resume`)).status).toBe(200);
    expect(await dinosaurs(swift)).toHaveLength(listed.length + 1);

    expect((await gm.delete(`/api/game-sessions/${sessionId}/dinosaurs`)).status).toBe(200);
    expect(await dinosaurs(swift)).toEqual([]);
  });

  it("tracking and ranking: a hunter's position, a join, the retention purge and an account deletion", async () => {
    await tracking();
    await stone.post(`/api/game-sessions/${sessionId}/location`, { ...north(10), accuracy: 5 });
    const stoneAt = (rows: { hunterName: string; location: { lat: number } }[]) => rows.find((r) => r.hunterName === 'Stone')!.location.lat;
    expect(stoneAt(await tracking())).toBeCloseTo(north(10).lat, 6);

    const account = await signUp(server, 'hunter');
    const joined = await account.post('/api/hunter/join-session', { sessionId: String(sessionId), password: 'raptor-4821', hunterHandle: 'Rex' });
    expect(joined.status).toBe(200);
    expect((await ranking()).map((r: { hunterName: string }) => r.hunterName)).toContain('Rex');

    const admin = await signInAdmin(server);
    expect((await admin.delete(`/api/admin/users/${account.user.id}`)).status).toBe(200);
    expect((await ranking()).map((r: { hunterName: string }) => r.hunterName)).not.toContain('Rex');

    // The purge clears last positions of sessions ended long ago: end this one, then run it later.
    expect((await gm.post(`/api/game-sessions/${sessionId}/end`)).status).toBe(200);
    expect((await tracking()).length).toBeGreaterThan(0);
    const purged = await purgeExpiredPositions(server.deps, Date.now() + GPS_RETENTION_MS + 60_000);
    expect(purged.sessions).toBeGreaterThan(0);
    expect(await tracking()).toEqual([]);
  });
});

describe('authorization is never kept', () => {
  it('an ended sign-in is refused on the next request, whatever is kept', async () => {
    const world = await startTestServer();
    try {
      const owner = await subscribedGameMaster(world);
      const id = (await owner.post('/api/game-sessions', { name: 'Sign-outs', password: 'raptor-4821' })).body.id as number;
      await owner.post(`/api/game-sessions/${id}/start`, { duration: 60 });
      const reads = (s: number) => [`/api/game-sessions/${s}/communications`, `/api/hunter/stats?sessionId=${s}`, `/api/game-sessions/${s}/dinosaurs`];
      const expectRefused = async (client: ApiClient, cookie: string) => {
        for (const path of reads(id)) {
          const res = await fetch(world.url + path, { headers: { cookie } });
          expect(res.status, path).toBe(401);
        }
        const viaTrpc = await fetch(`${world.url}/trpc/comms.list?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, {
          headers: { cookie },
        });
        expect(viaTrpc.status).toBe(401);
        void client;
      };

      // Logout.
      const a = await guestJoin(world, id, 'raptor-4821', 'Alpha');
      for (const path of reads(id)) expect((await a.get(path)).status).toBe(200);
      const aCookie = a.cookie;
      expect((await a.post('/api/auth/logout')).status).toBe(200);
      await expectRefused(a, aCookie);

      // An admin signs a hunter out.
      const b = await guestJoin(world, id, 'raptor-4821', 'Bravo');
      for (const path of reads(id)) expect((await b.get(path)).status).toBe(200);
      const admin = await signInAdmin(world);
      expect((await admin.post(`/api/admin/users/${b.userId}/sign-out`)).status).toBe(200);
      await expectRefused(b, b.cookie);

      // A hunter of the session keeps reading; a stranger is refused (403) with the answer kept.
      const stranger = await signUp(world, 'hunter');
      expect((await stranger.get(`/api/game-sessions/${id}/communications`)).status).toBe(403);
      expect((await stranger.get(`/api/game-sessions/${id}/dinosaurs`)).status).toBe(403);
    } finally {
      await world.close();
    }
  });
});
