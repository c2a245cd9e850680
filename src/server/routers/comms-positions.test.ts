import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GPS_RETENTION_MS } from '../../domain/rules';
import { events, gameSessions, messages, positions, sessionPlayers } from '../db/schema';
import { purgeExpiredPositions } from '../services/positions';
import { createSession, hunterIn, type Signed } from '../../../test/support/comms-kit';
import { ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { addSpecies } from '../../../test/support/sessions';

let server: TestServer;
let gm: Signed;
let session: number;
let clock = Date.now();
const location = (id: number) => `/api/game-sessions/${id}/location`;
/** Metres of latitude per degree on the spec's 6371000 m sphere. */
const M_PER_DEG = (Math.PI / 180) * 6_371_000;
const north = (m: number) => 45.5 + m / M_PER_DEG;

beforeAll(async () => {
  server = await startTestServer();
  server.deps.now = () => clock;
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(() => server.close());
beforeEach(() => {
  clock += 60_000;
});

async function player(userId: string) {
  return (await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, userId)).limit(1))[0]!;
}

describe('POST /api/game-sessions/{id}/location', () => {
  it('stores the fix, the last position and a history row', async () => {
    const hunter = await hunterIn(server, session, 'Walker');
    const res = await hunter.post(location(session), { lat: 45.5, lng: -73.5, accuracy: 4, precision: 'high', timestamp: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: true, precision: 'high', stepMeters: 0, distanceTraveled: 0, timestamp: clock });
    const row = await player(hunter.user.id);
    expect(row).toMatchObject({ lastLat: 45.5, lastLng: -73.5, lastAccuracy: 4, lastPrecision: 'high', lastPositionAt: clock });
    const history = await server.deps.db.select().from(positions).where(eq(positions.playerId, row.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ lat: 45.5, lng: -73.5, accuracy: 4, precision: 'high', recordedAt: clock });
  });

  it('never takes a better precision tier than the accuracy allows', async () => {
    const hunter = await hunterIn(server, session, 'Claimer');
    const claimed = await hunter.post(location(session), { lat: 45.5, lng: -73.5, accuracy: 40, precision: 'ultra_high' });
    expect(claimed.body.precision).toBe('standard');
    const derived = await hunter.post(location(session), { lat: 45.5, lng: -73.5, accuracy: 1.5 });
    expect(derived.body.precision).toBe('ultra_high');
    const modest = await hunter.post(location(session), { lat: 45.5, lng: -73.5, accuracy: 1.5, precision: 'high' });
    expect(modest.body.precision).toBe('high');
  });

  it('adds walking distance, but not jitter within the accuracy nor jumps over 100 m/s', async () => {
    const hunter = await hunterIn(server, session, 'Strider');
    const fix = async (metresNorth: number, accuracy = 5, afterMs = 10_000) => {
      clock += afterMs;
      const res = await hunter.post(location(session), { lat: north(metresNorth), lng: -73.5, accuracy });
      expect(res.status).toBe(200);
      return res.body as { stepMeters: number; distanceTraveled: number };
    };
    await fix(0);
    // Jitter: 3 m wobbles with 5 m accuracy add nothing.
    expect((await fix(3)).stepMeters).toBe(0);
    expect((await fix(-2)).stepMeters).toBe(0);
    expect((await fix(1)).stepMeters).toBe(0);
    // Slow walking in 2 m steps adds up once it leaves the accuracy circle (from the anchor at 0 m).
    expect((await fix(2)).stepMeters).toBe(0);
    expect((await fix(4)).stepMeters).toBe(0);
    const walked = await fix(6);
    expect(walked.stepMeters).toBeCloseTo(6, 3);
    // A 5 km spike one second later (5000 m/s) and its return add nothing.
    expect((await fix(5006, 5, 1000)).stepMeters).toBe(0);
    expect((await fix(6, 5, 1000)).stepMeters).toBe(0);
    // A real 50 m walk counts.
    const after = await fix(56, 5, 40_000);
    expect(after.stepMeters).toBeCloseTo(50, 3);
    expect(after.distanceTraveled).toBeCloseTo(56, 3);
    expect((await player(hunter.user.id)).distanceTraveledM).toBeCloseTo(56, 3);
  });

  it.each([
    [{ lat: 91, lng: 0, accuracy: 5 }, 'Latitude must be a number between -90 and 90'],
    [{ lat: 0, lng: -181, accuracy: 5 }, 'Longitude must be a number between -180 and 180'],
    [{ lat: 0, lng: 0, accuracy: 0 }, /^Accuracy must be a positive number/],
    [{ lat: 0, lng: 0 }, /^Accuracy must be a positive number/],
  ])('refuses %j', async (body, message) => {
    const hunter = await hunterIn(server, session, `Bad${Math.random().toString(36).slice(2, 8)}`);
    const res = await hunter.post(location(session), body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('takes positions only from hunters of the session, and not after it ended', async () => {
    const body = { lat: 45.5, lng: -73.5, accuracy: 5 };
    expect((await gm.post(location(session), body)).status).toBe(403);
    const other = await createSession(server, gm.user.id);
    const stranger = await hunterIn(server, other, 'Stranger');
    expect((await stranger.post(location(session), body)).status).toBe(403);
    expect((await new ApiClient(server.url).post(location(session), body)).status).toBe(401);
    await server.deps.db.update(gameSessions).set({ status: 'completed', endTime: clock }).where(eq(gameSessions.id, other));
    const ended = await stranger.post(location(other), body);
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe('This session has ended');
  });

  it('is the same procedure over tRPC', async () => {
    const hunter = await hunterIn(server, session, 'Trpc');
    const { trpc, close } = hunter.trpc();
    try {
      const res = await trpc.comms.reportPosition.mutate({ id: session, lat: 45.6, lng: -73.6, accuracy: 3 });
      expect(res).toMatchObject({ accepted: true, precision: 'high' });
      await expect(trpc.comms.reportPosition.mutate({ id: session, lat: 100, lng: 0, accuracy: 3 })).rejects.toMatchObject({
        data: { httpStatus: 400 },
      });
    } finally {
      close();
    }
  });
});

describe('the position observations are measured from', () => {
  const observe = (client: ApiClient, sessionId: number, dinosaurId: number) =>
    client.post('/api/hunter/observation', { sessionId, dinosaurId, distance: 1 });
  async function deploy(s: number, at: { lat: number; lng: number }) {
    const speciesId = await addSpecies(server, 1, `Sureosaurus ${Math.random().toString(36).slice(2, 8)}`);
    const res = await gm.post(`/api/game-sessions/${s}/deploy-dinosaur`, { sessionId: s, speciesId, latitude: at.lat, longitude: at.lng });
    expect(res.status).toBe(200);
    return res.body.id as number;
  }

  it('ignores a fix over 100 m/s from the last accepted one: a teleport next to a dinosaur observes nothing', async () => {
    const s = await createSession(server, gm.user.id);
    const dino = await deploy(s, { lat: 45, lng: 1.0003 });
    const hunter = await hunterIn(server, s, 'Teleporter');
    expect((await hunter.post(location(s), { lat: 45.5001, lng: -73.5002, accuracy: 5 })).body.accepted).toBe(true);
    clock += 1000;
    const jump = await hunter.post(location(s), { lat: 45, lng: 1.0003, accuracy: 5 });
    expect(jump.status).toBe(200);
    expect(jump.body).toMatchObject({ accepted: false, stepMeters: 0, distanceTraveled: 0 });
    expect(await player(hunter.user.id)).toMatchObject({ lastLat: 45.5001, lastLng: -73.5002, lastPositionAt: clock - 1000 });
    const live = await gm.get(`/api/game-sessions/${s}/hunter-locations`);
    expect(live.body[0].location).toEqual({ lat: 45.5001, lng: -73.5002 });

    const shot = await observe(hunter, s, dino);
    expect(shot.status).toBe(200);
    expect(shot.body).toMatchObject({ success: false, outcome: 'out_of_range' });
    expect(shot.body.distance).toBeGreaterThan(5_000_000);
  });

  it('accepts the same place once it is reachable at 100 m/s, so a hunter is never stuck', async () => {
    const s = await createSession(server, gm.user.id);
    const far = { lat: north(5000), lng: -73.5 };
    const dino = await deploy(s, far);
    const hunter = await hunterIn(server, s, 'Driver');
    await hunter.post(location(s), { lat: north(0), lng: -73.5, accuracy: 5 });
    clock += 1000;
    expect((await hunter.post(location(s), { ...far, accuracy: 5 })).body.accepted).toBe(false);
    // 5 km in 51 s from the last accepted fix: 98 m/s, plausible.
    clock += 50_000;
    const moved = await hunter.post(location(s), { ...far, accuracy: 5 });
    expect(moved.body).toMatchObject({ accepted: true });
    expect(moved.body.stepMeters).toBeCloseTo(5000, 0);
    expect((await observe(hunter, s, dino)).body).toMatchObject({ success: true, outcome: 'observed' });
  });

  it('takes the first fix whatever it is, and a normal walk up to a dinosaur observes it', async () => {
    const s = await createSession(server, gm.user.id);
    const dino = await deploy(s, { lat: north(150), lng: -73.5 });
    const hunter = await hunterIn(server, s, 'Rambler');
    expect((await hunter.post(location(s), { lat: north(0), lng: -73.5, accuracy: 5 })).body.accepted).toBe(true);
    expect((await observe(hunter, s, dino)).body).toMatchObject({ success: false, outcome: 'out_of_range' });
    for (let m = 15; m <= 90; m += 15) {
      clock += 10_000; // 1.5 m/s
      const res = await hunter.post(location(s), { lat: north(m), lng: -73.5, accuracy: 5 });
      expect(res.body).toMatchObject({ accepted: true });
    }
    clock += 3000;
    expect((await observe(hunter, s, dino)).body).toMatchObject({ success: true, outcome: 'observed' });
  });
});

describe('GET /api/game-sessions/{id}/hunter-locations', () => {
  it("gives the owner every hunter's latest position and nobody else", async () => {
    const s = await createSession(server, gm.user.id);
    const a = await hunterIn(server, s, 'Able');
    await hunterIn(server, s, 'Silent');
    await a.post(location(s), { lat: 45.5, lng: -73.5, accuracy: 5 });
    clock += 5000;
    await a.post(location(s), { lat: 45.5001, lng: -73.5, accuracy: 3 });
    const res = await gm.get(`/api/game-sessions/${s}/hunter-locations`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ userId: a.user.id, hunterName: 'Able', location: { lat: 45.5001, lng: -73.5 }, accuracy: 3, timestamp: clock }),
    ]);
    expect((await a.get(`/api/game-sessions/${s}/hunter-locations`)).status).toBe(403);
  });
});

describe('GPS retention', () => {
  it('deletes the GPS data of sessions that ended more than 48 hours ago, and only those', async () => {
    const old = await createSession(server, gm.user.id);
    const recent = await createSession(server, gm.user.id);
    const running = await createSession(server, gm.user.id, { startTime: clock, duration: 120 });
    const clients: Record<number, Signed> = {};
    for (const s of [old, recent, running]) {
      clients[s] = await hunterIn(server, s, 'Keeper');
      await clients[s]!.post(location(s), { lat: 45.5, lng: -73.5, accuracy: 5 });
      await clients[s]!.post(`/api/game-sessions/${s}/communications`, { quickAction: 'mark_location' });
    }
    const now = clock;
    const end = (id: number, at: number) =>
      server.deps.db.update(gameSessions).set({ status: 'completed', endTime: at }).where(eq(gameSessions.id, id));
    await end(old, now - GPS_RETENTION_MS - 1000);
    await end(recent, now - GPS_RETENTION_MS + 60_000);

    const result = await purgeExpiredPositions(server.deps, now);
    expect(result.sessions).toBe(1);
    const db = server.deps.db;
    const count = async (table: typeof positions | typeof events, id: number) =>
      (await db.select().from(table).where(eq(table.sessionId, id))).length;
    expect(await count(positions, old)).toBe(0);
    expect(await count(events, old)).toBe(0);
    expect(await player(clients[old]!.user.id)).toMatchObject({ lastLat: null, lastLng: null, anchorLat: null });
    expect((await db.select().from(messages).where(eq(messages.sessionId, old)).limit(1))[0]).toMatchObject({ lat: null, lng: null });
    for (const kept of [recent, running]) {
      expect(await count(positions, kept)).toBe(1);
      expect((await player(clients[kept]!.user.id)).lastLat).toBe(45.5);
    }
    // A session that simply ran out of time counts as ended at its planned end.
    expect(
      (await purgeExpiredPositions(server.deps, clock + 2 * 60 * 60 * 1000 + GPS_RETENTION_MS + 1)).sessions,
    ).toBeGreaterThanOrEqual(2);
    expect(await count(positions, running)).toBe(0);
    // Nothing left to delete: nothing done.
    expect((await purgeExpiredPositions(server.deps, now)).sessions).toBe(0);
  });
});
