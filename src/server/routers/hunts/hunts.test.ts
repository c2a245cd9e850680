// Past hunts (issue 26, helper hunts): the replay, the results CSV, running a hunt again and
// saved layouts. Authorization (another game master, a hunter, a guest, signed out) and validation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPS_RETENTION_MS, MAX_LAYOUTS_PER_GM, REPLAY_MAX_POINTS_PER_HUNTER } from '../../../domain/rules';
import { gameSessions, gmLayouts, missions, positions, sessionPlayers } from '../../db/schema';
import { purgeExpiredPositions } from '../../services/positions';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, north, setPosition, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
let sure: number;
let other: number;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  sure = await addSpecies(server, 1, 'Replayosaurus');
  other = await addSpecies(server, 1, 'Rerunodon');
});
afterAll(() => server.close());

const AREA = [
  { lat: HERE.lat - 0.002, lng: HERE.lng - 0.002 },
  { lat: HERE.lat + 0.002, lng: HERE.lng - 0.002 },
  { lat: HERE.lat + 0.002, lng: HERE.lng + 0.002 },
  { lat: HERE.lat - 0.002, lng: HERE.lng + 0.002 },
];
const ZONE = [
  { lat: HERE.lat + 0.001, lng: HERE.lng + 0.001 },
  { lat: HERE.lat + 0.0015, lng: HERE.lng + 0.001 },
  { lat: HERE.lat + 0.0015, lng: HERE.lng + 0.0015 },
];

async function giveArea(sessionId: number) {
  await server.deps.db.update(gameSessions).set({ playArea: AREA, noGoZones: [ZONE] }).where(eq(gameSessions.id, sessionId));
}

async function deploy(client: ApiClient, sessionId: number, speciesId: number, at: { lat: number; lng: number }) {
  const res = await client.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, { sessionId, speciesId, latitude: at.lat, longitude: at.lng });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

async function playerId(sessionId: number, userId: string): Promise<number> {
  const rows = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, sessionId));
  return rows.find((r) => r.userId === userId)!.id;
}

async function addPath(sessionId: number, userId: string, from: number, n: number, stepMs = 1000) {
  const pid = await playerId(sessionId, userId);
  const rows = Array.from({ length: n }, (_, i) => ({
    sessionId,
    playerId: pid,
    lat: HERE.lat + i * 1e-6,
    lng: HERE.lng,
    accuracy: 5,
    precision: 'high',
    recordedAt: from + i * stepMs,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.deps.db.insert(positions).values(rows.slice(i, i + 500));
}

/** An ended hunt: Ace observed both dinosaurs (one of each species), Rookie walked a long way and observed none. */
async function playedHunt(owner = gm) {
  const s = await createSession(owner, { duration: 30 });
  await giveArea(s.id);
  const first = await deploy(owner, s.id, sure, HERE);
  const second = await deploy(owner, s.id, other, north(10));
  expect((await owner.post(`/api/game-sessions/${s.id}/start`)).status).toBe(200);
  const ace = await guestJoin(server, s.id, 'raptor-4821', 'Ace');
  const rookie = await guestJoin(server, s.id, 'raptor-4821', 'Rookie');
  const t0 = Date.now() - 60_000;
  await addPath(s.id, ace.userId, t0, 3, 5000);
  await addPath(s.id, rookie.userId, t0, 2500, 10);
  await setPosition(server, s.id, ace.userId, HERE.lat, HERE.lng);
  for (const dinosaurId of [first, second]) {
    const res = await ace.post('/api/hunter/observation', { sessionId: s.id, dinosaurId, distance: 1, hunterId: 'x' });
    expect(res.body.outcome).toBe('observed');
  }
  return { s, ace, rookie, dinosaurs: [first, second] };
}

async function ended(owner = gm) {
  const hunt = await playedHunt(owner);
  expect((await owner.post(`/api/game-sessions/${hunt.s.id}/end`)).status).toBe(200);
  return hunt;
}

describe('GET /api/game-sessions/{id}/replay', () => {
  it("answers every hunter's path in time order, thinned to a bound, and each observation in order", async () => {
    const { s, ace, rookie, dinosaurs } = await ended();
    const res = await gm.get(`/api/game-sessions/${s.id}/replay`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ sessionId: s.id, pathsKept: true, playArea: AREA, noGoZones: [ZONE] });
    expect(Date.parse(body.pathsDeletedAt) - Date.parse(body.endTime)).toBe(GPS_RETENTION_MS);
    expect(body.hunters.map((h: { hunterName: string }) => h.hunterName)).toEqual(['Ace', 'Rookie']);
    const [a, r] = body.hunters;
    expect(a).toMatchObject({ hunterId: ace.userId, completionRank: 1, pointsStored: 3 });
    expect(a.points).toHaveLength(3);
    expect(r).toMatchObject({ hunterId: rookie.userId, completionRank: 2, pointsStored: 2500 });
    expect(r.points.length).toBeLessThanOrEqual(REPLAY_MAX_POINTS_PER_HUNTER);
    expect(r.points.length).toBeGreaterThan(100);
    const times = r.points.map((p: { t: number }) => p.t);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // The first and last fix stay where the hunter started and stopped.
    expect(r.points[0].lat).toBeCloseTo(HERE.lat, 6);
    expect(r.points.at(-1).lat).toBeCloseTo(HERE.lat + 2499e-6, 6);
    expect(body.observations.map((o: { dinosaurId: number; speciesName: string; hunterName: string }) => [o.dinosaurId, o.speciesName, o.hunterName])).toEqual([
      [dinosaurs[0], 'Replayosaurus', 'Ace'],
      [dinosaurs[1], 'Rerunodon', 'Ace'],
    ]);
    expect(body.observations[0].lat).toBeCloseTo(HERE.lat, 6);
    expect(body.observations[0].t).toBeLessThanOrEqual(body.observations[1].t);
    expect(body.dinosaurs).toHaveLength(2);
  });

  it('keeps the results and drops the paths once the retention window has passed, purged or not', async () => {
    const { s } = await ended();
    // The hunt ended just over 48 hours ago (the privacy policy's window); the purge has not run yet.
    const endedLongAgo = Date.now() - GPS_RETENTION_MS - 60_000;
    await server.deps.db.update(gameSessions).set({ endTime: endedLongAgo }).where(eq(gameSessions.id, s.id));
    const before = (await gm.get(`/api/game-sessions/${s.id}/replay`)).body;
    expect(before.pathsKept).toBe(false);
    expect(before.hunters.map((h: { pointsStored: number }) => h.pointsStored)).toEqual([0, 0]);
    expect(before.hunters.every((h: { points: unknown[] }) => h.points.length === 0)).toBe(true);
    expect(before.observations).toHaveLength(2);
    expect((await purgeExpiredPositions(server.deps, server.deps.now())).positions).toBe(2503);
    const after = (await gm.get(`/api/game-sessions/${s.id}/replay`)).body;
    expect(after).toMatchObject({ pathsKept: false });
    expect(after.observations).toHaveLength(2);
    const results = (await gm.get(`/api/game-sessions/${s.id}/hunter-results`)).body;
    expect(results[0]).toMatchObject({ hunterName: 'Ace', dinosaursObserved: 2, observedSpecies: ['Replayosaurus', 'Rerunodon'] });
  });

  it('opens only once the hunt has ended (409)', async () => {
    const { s } = await playedHunt();
    const res = await gm.get(`/api/game-sessions/${s.id}/replay`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('The replay opens once the hunt has ended');
  });

  it('is refused to another game master, a guest hunter, an account hunter and someone signed out; 400 on a bad id', async () => {
    const { s, ace } = await ended();
    const stranger = await subscribedGameMaster(server);
    expect((await stranger.get(`/api/game-sessions/${s.id}/replay`)).status).toBe(403);
    expect((await ace.get(`/api/game-sessions/${s.id}/replay`)).status).toBe(403);
    expect((await (await signUp(server, 'hunter')).get(`/api/game-sessions/${s.id}/replay`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/api/game-sessions/${s.id}/replay`)).status).toBe(401);
    expect((await gm.get('/api/game-sessions/abc/replay')).status).toBe(400);
    expect((await gm.get('/api/game-sessions/999999/replay')).status).toBe(404);
  });
});

describe('GET /api/game-sessions/{id}/results.csv', () => {
  it('downloads one row per hunter, best first, with species, and defuses formulas', async () => {
    const { s, rookie } = await ended();
    await server.deps.db.update(sessionPlayers).set({ handle: '=HYPERLINK("x")' }).where(eq(sessionPlayers.userId, rookie.userId));
    const res = await fetch(`${server.url}/api/game-sessions/${s.id}/results.csv`, { headers: { cookie: gm.cookies() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="dinohunt-hunt-${s.id}-results-[0-9T-]+\\.csv"$`));
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,hunter,dinosaurs_observed,observed_species,darts_used,shots_fired,distance_m,minutes,all_observed_at');
    expect(lines[1]).toMatch(/^1,Ace,2,Replayosaurus; Rerunodon,2,2,\d+,\d+,/);
    expect(lines[2]).toMatch(/^2,"'=HYPERLINK\(""x""\)",0,,0,0,/);
    expect(lines).toHaveLength(3);
  });

  it('is refused to another game master, a hunter of the session and someone signed out', async () => {
    const { s, ace } = await ended();
    const stranger = await subscribedGameMaster(server);
    const get = (c: ApiClient, id: number | string = s.id) => fetch(`${server.url}/api/game-sessions/${id}/results.csv`, { headers: { cookie: c.cookies() } });
    expect((await get(stranger)).status).toBe(403);
    const refused = await get(ace);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toHaveProperty('error');
    expect((await get(await signUp(server, 'hunter'))).status).toBe(403);
    expect((await get(new ApiClient(server.url))).status).toBe(401);
    expect((await get(gm, 'abc')).status).toBe(400);
    expect((await get(gm, 999999)).status).toBe(404);
  });
});

describe('POST /api/game-sessions/{id}/run-again', () => {
  it('creates a preparing session with the same area, zones, dinosaurs, mission and duration, under a new name', async () => {
    const { s } = await ended();
    const res = await gm.post(`/api/game-sessions/${s.id}/run-again`, { name: `  Again ${s.id} `, password: 'trex-one' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: `Again ${s.id}`, password: 'trex-one', status: 'preparing', duration: 30, missionId: null });
    const [copy] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, res.body.id)).limit(1);
    if (!copy) throw new Error('The new session is missing');
    expect(copy.playArea).toEqual(AREA);
    expect(copy.noGoZones).toEqual([ZONE]);
    const dinos = (await gm.get(`/api/game-sessions/${res.body.id}/dinosaurs`)).body as { speciesId: number; latitude: string }[];
    expect(dinos.map((d) => d.speciesId)).toEqual([sure, other]);
    expect(Number(dinos[1]!.latitude)).toBeCloseTo(north(10).lat, 9);
  });

  it('copies a public meeting point near the hunt, and leaves one thousands of kilometres away behind (issue #46)', async () => {
    const near = await ended();
    await server.deps.db
      .update(gameSessions)
      .set({ isPublic: true, meetingLat: north(300).lat, meetingLng: north(300).lng, meetingNote: 'By the gate' })
      .where(eq(gameSessions.id, near.s.id));
    const kept = await gm.post(`/api/game-sessions/${near.s.id}/run-again`, { name: `Near ${near.s.id}`, password: 'trex-one' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ isPublic: true, meetingNote: 'By the gate' });
    expect(kept.body.meetingPoint.lat).toBeCloseTo(north(300).lat, 9);

    // The point a click on the map's default place saved (Montreal) for a hunt in Paris.
    const far = await ended();
    await server.deps.db
      .update(gameSessions)
      .set({ isPublic: true, meetingLat: 45.50435, meetingLng: -73.56737 })
      .where(eq(gameSessions.id, far.s.id));
    const left = await gm.post(`/api/game-sessions/${far.s.id}/run-again`, { name: `Far ${far.s.id}`, password: 'trex-one' });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ isPublic: false, meetingPoint: null });
  });

  it("keeps the past hunt's mission and players, capped to the plan", async () => {
    const [mission] = await server.deps.db.insert(missions).values({ name: 'Night trail', description: 'By torchlight' }).returning();
    if (!mission) throw new Error('The mission was not stored');
    const s = await createSession(gm, { missionId: mission.id, maxPlayers: 15, duration: 20 });
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const res = await gm.post(`/api/game-sessions/${s.id}/run-again`, { name: `Torch ${s.id}`, password: 'trex-one' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ missionId: mission.id, description: 'By torchlight', maxPlayers: 15, duration: 20 });
  });

  it('asks for a name and password, refuses a running hunt, and respects the weekly plan limit', async () => {
    const { s } = await ended();
    const missing = await gm.post(`/api/game-sessions/${s.id}/run-again`, { password: 'trex-one' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Session name is required');
    expect((await gm.post(`/api/game-sessions/${s.id}/run-again`, { name: 'x' })).body.error).toBe('Session password is required');
    // The same minimum strength as a new session (decision 931).
    const weak = await gm.post(`/api/game-sessions/${s.id}/run-again`, { name: 'Weak', password: 'trexonly' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Session password must mix letters with digits or symbols (for example amber-raptor-4821)');
    const common = await gm.post(`/api/game-sessions/${s.id}/run-again`, { name: 'Common', password: 'p@ssw0rd' });
    expect(common.status).toBe(400);
    expect(common.body.error).toBe('This session password is too common: choose one that is harder to guess');
    const running = await playedHunt();
    const refused = await gm.post(`/api/game-sessions/${running.s.id}/run-again`, { name: 'Nope', password: 'trex-one' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Only an ended hunt can be run again');

    const starter = await subscribedGameMaster(server, 'Starter', 0);
    const first = await createSession(starter);
    await starter.post(`/api/game-sessions/${first.id}/end`);
    for (let i = 0; i < 4; i += 1) await createSession(starter);
    const capped = await starter.post(`/api/game-sessions/${first.id}/run-again`, { name: 'Sixth', password: 'trex-one' });
    expect(capped.status).toBe(409);
    expect(capped.body.error).toMatch(/^Weekly session limit reached/);
  });

  it('is refused to another game master, a hunter and someone signed out', async () => {
    const { s, ace } = await ended();
    const body = { name: 'Stolen', password: 'trex-one' };
    expect((await (await subscribedGameMaster(server)).post(`/api/game-sessions/${s.id}/run-again`, body)).status).toBe(403);
    expect((await ace.post(`/api/game-sessions/${s.id}/run-again`, body)).status).toBe(403);
    expect((await (await signUp(server, 'hunter')).post(`/api/game-sessions/${s.id}/run-again`, body)).status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/game-sessions/${s.id}/run-again`, body)).status).toBe(401);
  });
});

describe('saved layouts', () => {
  it('saves a session as a layout, lists it, applies it to a new session (dinosaurs replaced) and deletes it', async () => {
    const owner = await subscribedGameMaster(server);
    const { s } = await ended(owner);
    const saved = await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: ' Park  north ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Park north', playArea: AREA, noGoZones: [ZONE] });
    expect(saved.body.dinosaurs.map((d: { speciesName: string }) => d.speciesName)).toEqual(['Replayosaurus', 'Rerunodon']);
    expect((await owner.get('/api/gamemaster/layouts')).body.map((l: { id: number }) => l.id)).toEqual([saved.body.id]);

    const fresh = await createSession(owner);
    await deploy(owner, fresh.id, sure, north(50));
    const applied = await owner.post(`/api/game-sessions/${fresh.id}/apply-layout`, { layoutId: saved.body.id });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ sessionId: fresh.id, layoutId: saved.body.id, dinosaurs: 2, skippedDinosaurs: 0 });
    const [row] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, fresh.id)).limit(1);
    expect(row!.playArea).toEqual(AREA);
    const dinos = (await owner.get(`/api/game-sessions/${fresh.id}/dinosaurs`)).body as { speciesId: number }[];
    expect(dinos.map((d) => d.speciesId)).toEqual([sure, other]);

    expect((await owner.delete(`/api/gamemaster/layouts/${saved.body.id}`)).body).toEqual({ success: true });
    expect((await owner.get('/api/gamemaster/layouts')).body).toEqual([]);
    expect((await owner.delete(`/api/gamemaster/layouts/${saved.body.id}`)).status).toBe(404);
  });

  it('validates: a name, one layout per name, something to save, a bounded count, a session not yet started', async () => {
    const owner = await subscribedGameMaster(server);
    const { s } = await ended(owner);
    const blank = await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Layout name is required');
    expect((await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'x'.repeat(61) })).body.error).toBe(
      'Layout name must be at most 60 characters',
    );
    expect((await owner.post('/api/gamemaster/layouts', { sessionId: 'abc', name: 'Park' })).status).toBe(400);
    expect((await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'Park' })).status).toBe(200);
    const twice = await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'PARK' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('You already have a layout with this name');
    const empty = await createSession(owner);
    const nothing = await owner.post('/api/gamemaster/layouts', { sessionId: empty.id, name: 'Empty' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe('This session has no play area and no dinosaurs to save');

    for (let i = 1; i < MAX_LAYOUTS_PER_GM; i += 1) {
      await server.deps.db.insert(gmLayouts).values({ ownerId: owner.user.id, name: `L${i}`, nameKey: `l${i}` });
    }
    const full = await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'One more' });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(`Layout limit reached: at most ${MAX_LAYOUTS_PER_GM} saved layouts. Delete one to save another.`);

    const layoutId = (await owner.get('/api/gamemaster/layouts')).body.find((l: { name: string }) => l.name === 'Park').id;
    const running = await playedHunt(owner);
    const late = await owner.post(`/api/game-sessions/${running.s.id}/apply-layout`, { layoutId });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('A layout can be applied only before the session starts');
    expect((await owner.post(`/api/game-sessions/${empty.id}/apply-layout`, { layoutId: 'x' })).body.error).toBe('Invalid layout id');
    expect((await owner.post(`/api/game-sessions/${empty.id}/apply-layout`, { layoutId: 999999 })).status).toBe(404);
  });

  it("keeps each game master's layouts to themselves; hunters and guests are refused", async () => {
    const owner = await subscribedGameMaster(server);
    const { s, ace } = await ended(owner);
    const layout = (await owner.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'Mine' })).body;
    const stranger = await subscribedGameMaster(server);
    expect((await stranger.get('/api/gamemaster/layouts')).body).toEqual([]);
    expect((await stranger.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'Theirs' })).status).toBe(403);
    expect((await stranger.delete(`/api/gamemaster/layouts/${layout.id}`)).status).toBe(403);
    const theirs = await createSession(stranger);
    expect((await stranger.post(`/api/game-sessions/${theirs.id}/apply-layout`, { layoutId: layout.id })).status).toBe(403);
    const mine = await createSession(owner);
    expect((await stranger.post(`/api/game-sessions/${mine.id}/apply-layout`, { layoutId: layout.id })).status).toBe(403);
    const hunter = await signUp(server, 'hunter');
    for (const client of [ace, hunter]) {
      expect((await client.get('/api/gamemaster/layouts')).status).toBe(403);
      expect((await client.post('/api/gamemaster/layouts', { sessionId: s.id, name: 'H' })).status).toBe(403);
      expect((await client.delete(`/api/gamemaster/layouts/${layout.id}`)).status).toBe(403);
      expect((await client.post(`/api/game-sessions/${mine.id}/apply-layout`, { layoutId: layout.id })).status).toBe(403);
    }
    const guest = new ApiClient(server.url);
    expect((await guest.get('/api/gamemaster/layouts')).status).toBe(401);
    expect((await guest.post(`/api/game-sessions/${mine.id}/apply-layout`, { layoutId: layout.id })).status).toBe(401);
    expect((await owner.get('/api/gamemaster/layouts')).body).toHaveLength(1);
  });
});
