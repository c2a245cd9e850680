import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, sessionPlayers } from '../db/schema';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, north, setPosition, subscribedGameMaster } from '../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
let sure: number; // captureRate 1: always observed in range
let never: number; // captureRate 0: always missed
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  sure = await addSpecies(server, 1, 'Surosaurus');
  never = await addSpecies(server, 0, 'Nevertops');
});
afterAll(() => server.close());

/** An active session with the given species deployed at HERE, and a guest standing at `at`. */
async function liveGame(species: number[], at = HERE, handle = 'Hunter') {
  const s = await createSession(gm);
  const dinos: number[] = [];
  for (const speciesId of species) {
    const res = await gm.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, {
      sessionId: s.id,
      speciesId,
      latitude: HERE.lat,
      longitude: HERE.lng,
    });
    dinos.push(res.body.id);
  }
  await gm.post(`/api/game-sessions/${s.id}/start`);
  const hunter = await guestJoin(server, s.id, 'raptor-4821', handle);
  await setPosition(server, s.id, hunter.userId, at.lat, at.lng);
  return { s, dinos, hunter };
}

const observe = (client: ApiClient, sessionId: number, dinosaurId: number, distance: unknown = 3) =>
  client.post('/api/hunter/observation', { sessionId, dinosaurId, distance, hunterId: 'hunter_1700000000000_abc' });

describe('POST /api/hunter/observation', () => {
  it('observes a dinosaur in range, uses one dart, and counts it once', async () => {
    const { s, dinos, hunter } = await liveGame([sure], north(20));
    const res = await observe(hunter, s.id, dinos[0]!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      outcome: 'observed',
      message: 'Surosaurus observed!',
      dartsRemaining: 24,
      dartsUsed: 1,
      dinosaursObserved: 1,
      totalDinosaurs: 1,
      missionComplete: true,
      observationRate: 100,
      range: 100,
    });
    expect(res.body.distance).toBeGreaterThan(19);
    expect(res.body.distance).toBeLessThan(21);
    const again = await observe(hunter, s.id, dinos[0]!);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already observed this Surosaurus');
    const stats = await hunter.get(`/api/hunter/stats?sessionId=${s.id}&hunterId=whatever`);
    expect(stats.body).toMatchObject({ dartsRemaining: 24, dartsUsed: 1, shotsFired: 1, dinosaursObserved: 1 });
    const progress = (await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'hunter_progress');
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ audience: 'owner', payload: { sessionId: s.id, success: true } });
  });

  it("never trusts the client's distance: out of range by the server's reckoning fires no dart (decision 730)", async () => {
    const { s, dinos, hunter } = await liveGame([sure], north(250));
    const res = await observe(hunter, s.id, dinos[0]!, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, outcome: 'out_of_range', dartsRemaining: 25, dartsUsed: 0 });
    expect(res.body.message).toBe('Too far away: get within 100 m (you are 250 m away)');
    // Nothing was stored or counted, and nothing was announced; a tap right after is answered the same way.
    const again = await observe(hunter, s.id, dinos[0]!, 1);
    expect(again.body).toMatchObject({ outcome: 'out_of_range', dartsRemaining: 25 });
    const stats = await hunter.get(`/api/hunter/stats?sessionId=${s.id}`);
    expect(stats.body).toMatchObject({ dartsRemaining: 25, dartsUsed: 0, shotsFired: 0, accuracy: 0, observedDinosaurIds: [] });
    expect((await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'hunter_progress')).toHaveLength(0);
    // Walking into range, the dart flies.
    await setPosition(server, s.id, hunter.userId, north(60).lat, north(60).lng);
    const near = await observe(hunter, s.id, dinos[0]!, 1);
    expect(near.body).toMatchObject({ outcome: 'observed', dartsRemaining: 24, dartsUsed: 1 });
  });

  it('misses by the species captureRate roll', async () => {
    const { s, dinos, hunter } = await liveGame([never], HERE);
    const res = await observe(hunter, s.id, dinos[0]!);
    expect(res.body).toMatchObject({ success: false, outcome: 'missed', message: 'Shot Failed', dinosaursObserved: 0 });
  });

  it('counts two parallel submits once', async () => {
    const { s, dinos, hunter } = await liveGame([sure]);
    const results = await Promise.all([observe(hunter, s.id, dinos[0]!), observe(hunter, s.id, dinos[0]!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const stats = await hunter.get(`/api/hunter/stats?sessionId=${s.id}`);
    expect(stats.body).toMatchObject({ dinosaursObserved: 1, captureCount: 1, shotsFired: 1, dartsUsed: 1 });
  });

  it('counts two parallel misses once too (a double submit uses no dart)', async () => {
    const { s, dinos, hunter } = await liveGame([never]);
    const results = await Promise.all([observe(hunter, s.id, dinos[0]!), observe(hunter, s.id, dinos[0]!)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error).toBe('An observation of this dinosaur is already in progress');
    expect((await hunter.get(`/api/hunter/stats?sessionId=${s.id}`)).body.dartsUsed).toBe(1);
  });

  it('refuses without darts left', async () => {
    const { s, dinos, hunter } = await liveGame([never]);
    await server.deps.db
      .update(sessionPlayers)
      .set({ dartsRemaining: 0, dartsUsed: 25 })
      .where(and(eq(sessionPlayers.sessionId, s.id), eq(sessionPlayers.userId, hunter.userId)));
    const res = await observe(hunter, s.id, dinos[0]!);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('No darts remaining');
  });

  it('refuses without a known or recent position', async () => {
    const { s, dinos, hunter } = await liveGame([sure]);
    await setPosition(server, s.id, hunter.userId, HERE.lat, HERE.lng, Date.now() - 10 * 60_000);
    const stale = await observe(hunter, s.id, dinos[0]!);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('Your position is out of date: wait for a fresh GPS fix');
    await server.deps.db
      .update(sessionPlayers)
      .set({ lastLat: null, lastLng: null, lastPositionAt: null })
      .where(eq(sessionPlayers.userId, hunter.userId));
    const unknown = await observe(hunter, s.id, dinos[0]!);
    expect(unknown.body.error).toBe('Your position is unknown: enable GPS to observe');
  });

  it('refuses outside an active session, for non-hunters, and for unknown dinosaurs', async () => {
    const { s, dinos, hunter } = await liveGame([sure]);
    const unknown = await observe(hunter, s.id, 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Observation Failed: No dinosaur found to observe');
    expect((await observe(gm, s.id, dinos[0]!)).status).toBe(403);
    expect((await observe(new ApiClient(server.url), s.id, dinos[0]!)).status).toBe(401);
    const outsider = await signUp(server, 'hunter');
    expect((await observe(outsider, s.id, dinos[0]!)).status).toBe(403);
    await gm.post(`/api/game-sessions/${s.id}/pause`);
    const paused = await observe(hunter, s.id, dinos[0]!);
    expect(paused.status).toBe(409);
    expect(paused.body.error).toMatch(/^Session Error: the session is not active/);
    const missing = await hunter.post('/api/hunter/observation', { dinosaurId: dinos[0] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Session Error');
  });
});

describe('GET /api/hunter/stats', () => {
  it('computes the spec fields from stored events', async () => {
    const { s, dinos, hunter } = await liveGame([sure, sure, never], HERE, 'Stats');
    await observe(hunter, s.id, dinos[0]!);
    await observe(hunter, s.id, dinos[1]!);
    await observe(hunter, s.id, dinos[2]!);
    await server.deps.db
      .update(sessionPlayers)
      .set({ distanceTraveledM: 1234.4 })
      .where(eq(sessionPlayers.userId, hunter.userId));
    const base = { sessionId: s.id, senderUserId: hunter.userId, senderLabel: 'Stats', senderRole: 'hunter', recipientType: 'all' };
    await server.deps.db
      .insert(messages)
      .values([
        { ...base, message: 'hello', messageType: 'comms' },
        { ...base, message: 'photo', messageType: 'media', mediaType: 'image', mediaUrl: '/uploads/x.jpg' },
      ]);
    const res = await hunter.get(`/api/hunter/stats?sessionId=${s.id}&hunterId=hunter_1_x`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hunterId: hunter.userId,
      hunterName: 'Stats',
      dinosaursObserved: 2,
      totalObservationTime: 0,
      reportsSubmitted: 2,
      photosTaken: 1,
      distanceTraveled: 1234,
      uniqueSpeciesFound: 1,
      dartsRemaining: 22,
      dartsUsed: 3,
      captureCount: 2,
      accuracy: 66.7,
      shotsFired: 3,
      completionRank: 1,
      huntersInSession: 1,
      observedDinosaurIds: [dinos[0], dinos[1]].sort((a, b) => a! - b!),
    });
    // The owner reads one hunter by user id.
    const owner = await gm.get(`/api/hunter/stats?sessionId=${s.id}&hunterId=${hunter.userId}`);
    expect(owner.body.hunterName).toBe('Stats');
    expect((await gm.get(`/api/hunter/stats?sessionId=${s.id}&hunterId=nobody`)).status).toBe(404);
    const fresh = await guestJoin(server, s.id, 'raptor-4821', 'Fresh');
    expect((await fresh.get(`/api/hunter/stats?sessionId=${s.id}`)).body).toMatchObject({
      dartsRemaining: 25,
      accuracy: 0,
      shotsFired: 0,
      // A hunter learns their own place, never the others' figures.
      completionRank: 2,
      huntersInSession: 2,
    });
  });
});

describe('GET /api/game-sessions/{id}/hunter-stats', () => {
  it('ranks hunters by dinosaurs observed, then who got there first', async () => {
    const { s, dinos, hunter } = await liveGame([sure, sure], HERE, 'First');
    const second = await guestJoin(server, s.id, 'raptor-4821', 'Second');
    const third = await guestJoin(server, s.id, 'raptor-4821', 'Third');
    await setPosition(server, s.id, second.userId, HERE.lat, HERE.lng);
    await observe(second, s.id, dinos[0]!);
    await observe(hunter, s.id, dinos[0]!);
    await observe(hunter, s.id, dinos[1]!);
    const res = await gm.get(`/api/game-sessions/${s.id}/hunter-stats`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { hunterName: string }) => r.hunterName)).toEqual(['First', 'Second', 'Third']);
    expect(res.body[0]).toMatchObject({ hunterId: hunter.userId, dinosaursObserved: 2, completionRank: 1 });
    // Which dinosaurs each hunter observed: headquarters marks them (observed by anyone, and how often).
    expect(res.body[0].observedDinosaurIds).toEqual([dinos[0], dinos[1]].sort((a, b) => a! - b!));
    expect(res.body[1].observedDinosaurIds).toEqual([dinos[0]]);
    expect(res.body[2].observedDinosaurIds).toEqual([]);
    expect(Date.parse(res.body[0].completionTime)).toBeGreaterThan(0);
    expect(res.body[1]).toMatchObject({ dinosaursObserved: 1, completionRank: 2, completionTime: null });
    expect(res.body[2]).toMatchObject({ hunterId: third.userId, dinosaursObserved: 0, completionRank: 3 });
    expect((await hunter.get(`/api/game-sessions/${s.id}/hunter-stats`)).status).toBe(403);

    // The result counts dinosaurs found by anyone.
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const result = await hunter.get(`/api/game-sessions/${s.id}/result`);
    expect(result.body).toMatchObject({ completionStatus: 'completed', completionRate: 100, dinosaursFound: 2, totalDinosaurs: 2 });
  });
});
