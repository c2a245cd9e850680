import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, subscribedGameMaster } from '../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
let speciesId: number;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  speciesId = await addSpecies(server, 0.5, 'Deployosaurus');
});
afterAll(() => server.close());

const LIMIT = 'Deployment Limit Reached: Maximum 15 dinosaurs per session. Remove dinosaurs to deploy new ones.';
const deploy = (client: ApiClient, id: number, body: Record<string, unknown> = {}, path = 'deploy-dinosaur') =>
  client.post(`/api/game-sessions/${id}/${path}`, {
    sessionId: id,
    speciesId,
    latitude: HERE.lat,
    longitude: HERE.lng,
    ...body,
  });

describe('deploying dinosaurs', () => {
  it('deploys on both paths with the species health, and answers the spec fields', async () => {
    const s = await createSession(gm);
    const a = await deploy(gm, s.id);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      sessionId: s.id,
      speciesId,
      latitude: String(HERE.lat),
      longitude: String(HERE.lng),
      health: 120,
      status: 'active',
      speciesName: 'Deployosaurus',
      modelUrl: '/uploads/models/test.glb',
    });
    const b = await deploy(gm, s.id, { latitude: '48.86', longitude: '2.3' }, 'dinosaurs');
    expect(b.status).toBe(200);
    expect(b.body.latitude).toBe('48.86');
    const list = await gm.get(`/api/game-sessions/${s.id}/dinosaurs`);
    expect(list.body.map((d: { id: number }) => d.id)).toEqual([a.body.id, b.body.id]);
    const events = (await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'dinosaur_deployed');
    expect(events).toHaveLength(2);
    // Not live yet: hunters must not learn positions from the event either.
    expect(events[0]?.audience).toBe('owner');
    expect(events[0]?.payload).toMatchObject({ sessionId: s.id, dinosaur: { id: a.body.id } });
  });

  it.each([
    [{ speciesId: 999999 }, 'Species Error'],
    [{ speciesId: undefined }, 'Select a Species First'],
    [{ latitude: 91 }, 'Latitude must be a number between -90 and 90'],
    [{ latitude: 'north' }, 'Latitude must be a number between -90 and 90'],
    [{ longitude: -181 }, 'Longitude must be a number between -180 and 180'],
    [{ longitude: undefined }, 'Longitude must be a number between -180 and 180'],
  ])('refuses %j with 400 "%s"', async (patch, message) => {
    const s = await createSession(gm);
    const res = await deploy(gm, s.id, patch);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses a body sessionId that differs from the path', async () => {
    const s = await createSession(gm);
    const res = await deploy(gm, s.id, { sessionId: s.id + 1000 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('sessionId does not match the session in the path');
  });

  it('refuses the 16th dinosaur, even when sent in parallel, and deploys again after clearing', async () => {
    const s = await createSession(gm);
    const results = await Promise.all(Array.from({ length: 17 }, () => deploy(gm, s.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(15);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409]);
    expect(refused[0]?.body.error).toBe(LIMIT);
    const sixteenth = await deploy(gm, s.id, {}, 'dinosaurs');
    expect(sixteenth.status).toBe(409);
    expect(sixteenth.body.error).toBe(LIMIT);

    const cleared = await gm.delete(`/api/game-sessions/${s.id}/dinosaurs`);
    expect(cleared.body).toEqual({ success: true, removed: 15 });
    expect((await gm.get(`/api/game-sessions/${s.id}/dinosaurs`)).body).toEqual([]);
    expect((await server.deps.bus.since(s.id, 0)).some((e) => e.type === 'dinosaurs_cleared')).toBe(true);
    expect((await deploy(gm, s.id)).status).toBe(200);
  });

  it('refuses deployment once the session has ended', async () => {
    const s = await createSession(gm);
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const res = await deploy(gm, s.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('No active session to deploy dinosaur.');
  });

  it('refuses hunters and anonymous callers', async () => {
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Sneaky');
    expect((await deploy(guest, s.id)).status).toBe(403);
    expect((await guest.delete(`/api/game-sessions/${s.id}/dinosaurs`)).status).toBe(403);
    expect((await deploy(new ApiClient(server.url), s.id)).status).toBe(401);
  });
});

describe('listing dinosaurs: visibility by role and status', () => {
  it('shows hunters the dinosaurs only while the session is active; the owner always', async () => {
    const s = await createSession(gm);
    await deploy(gm, s.id);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Watcher');
    const paths = [`/api/game-sessions/${s.id}/dinosaurs`, `/api/game-dinosaurs/${s.id}`];
    const seen = async (client: ApiClient) =>
      Promise.all(paths.map(async (p) => ((await client.get(p)).body as unknown[]).length));

    expect(await seen(guest)).toEqual([0, 0]); // preparing
    expect(await seen(gm)).toEqual([1, 1]);
    await gm.post(`/api/game-sessions/${s.id}/start`);
    expect(await seen(guest)).toEqual([1, 1]); // active
    const [first] = (await guest.get(paths[1]!)).body;
    expect(Object.keys(first).sort()).toEqual(
      ['createdAt', 'health', 'id', 'latitude', 'longitude', 'modelUrl', 'sessionId', 'speciesId', 'speciesName', 'status'].sort(),
    );
    await gm.post(`/api/game-sessions/${s.id}/pause`);
    expect(await seen(guest)).toEqual([0, 0]); // paused
    expect(await seen(gm)).toEqual([1, 1]);
    await gm.post(`/api/game-sessions/${s.id}/resume`);
    await gm.post(`/api/game-sessions/${s.id}/end`);
    expect(await seen(guest)).toEqual([0, 0]); // completed
    expect(await seen(gm)).toEqual([1, 1]);
    const admin = await signInAdmin(server);
    expect(await seen(admin)).toEqual([1, 1]);
  });

  it('lets a hunter of session A read nothing of session B', async () => {
    const a = await createSession(gm);
    const b = await createSession(gm);
    await deploy(gm, b.id);
    await gm.post(`/api/game-sessions/${b.id}/start`);
    const guest = await guestJoin(server, a.id, 'raptor-4821', 'Outsider');
    const account = await signUp(server, 'hunter');
    await account.post(`/api/game-sessions/${a.id}/join`, { password: 'raptor-4821' });
    for (const client of [guest, account]) {
      for (const path of [
        `/api/game-sessions/${b.id}/dinosaurs`,
        `/api/game-dinosaurs/${b.id}`,
        `/api/game-sessions/${b.id}/time-status`,
        `/api/game-sessions/${b.id}/result`,
        `/api/game-sessions/${b.id}`,
        `/api/hunter/stats?sessionId=${b.id}`,
      ]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('latitude');
      }
      const list = (await client.get('/api/game-sessions')).body as Array<{ id: number }>;
      expect(list.map((x) => x.id)).not.toContain(b.id);
    }
    const stranger = await subscribedGameMaster(server);
    expect((await stranger.get(`/api/game-sessions/${b.id}/dinosaurs`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/api/game-dinosaurs/${b.id}`)).status).toBe(401);
    expect((await gm.get('/api/game-dinosaurs/999999')).status).toBe(404);
  });
});
