// Past hunts at HQ (issue 23): an ended session keeps its results, per hunter, after
// HQ closes it; a session records why it ended (the game master, or time running out).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSessions } from '../db/schema';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { addSpecies, createSession, guestJoin, HERE, setPosition, shiftClock, subscribedGameMaster } from '../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
let sure: number;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
  sure = await addSpecies(server, 1, 'Pastosaurus');
});
afterAll(() => server.close());

async function playedHunt() {
  const s = await createSession(gm, { duration: 15 });
  const deployed = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await gm.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, {
      sessionId: s.id,
      speciesId: sure,
      latitude: HERE.lat,
      longitude: HERE.lng,
    });
    deployed.push(res.body.id as number);
  }
  expect((await gm.post(`/api/game-sessions/${s.id}/start`)).status).toBe(200);
  const ace = await guestJoin(server, s.id, 'raptor-4821', 'Ace');
  const rookie = await guestJoin(server, s.id, 'raptor-4821', 'Rookie');
  await setPosition(server, s.id, ace.userId, HERE.lat, HERE.lng);
  for (const dinosaurId of deployed) {
    const res = await ace.post('/api/hunter/observation', { sessionId: s.id, dinosaurId, distance: 1, hunterId: 'x' });
    expect(res.body.outcome).toBe('observed');
  }
  return { s, ace, rookie };
}

describe('GET /api/game-sessions/{id}/hunter-results', () => {
  it('answers every hunter\'s observed, darts, distance and time, best first, after the session ended', async () => {
    const { s, ace, rookie } = await playedHunt();
    expect((await gm.post(`/api/game-sessions/${s.id}/end`)).body.endedReason).toBe('ended_by_game_master');

    // Closed at HQ, it is no longer in the open list, but still among all sessions.
    expect((await gm.get('/api/game-sessions')).body.map((x: { id: number }) => x.id)).not.toContain(s.id);
    const all = (await gm.get('/api/game-sessions?includeEnded=true')).body as { id: number; status: string; endedReason: string }[];
    expect(all.find((x) => x.id === s.id)).toMatchObject({ status: 'completed', endedReason: 'ended_by_game_master' });

    const res = await gm.get(`/api/game-sessions/${s.id}/hunter-results`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ hunterId: ace.userId, hunterName: 'Ace', completionRank: 1, dinosaursObserved: 2, dartsUsed: 2, shotsFired: 2 });
    expect(res.body[1]).toMatchObject({ hunterId: rookie.userId, hunterName: 'Rookie', completionRank: 2, dinosaursObserved: 0, dartsUsed: 0 });
    for (const row of res.body) {
      expect(typeof row.distanceTraveled).toBe('number');
      expect(typeof row.totalObservationTime).toBe('number');
    }
    expect((await gm.get(`/api/game-sessions/${s.id}/result`)).body).toMatchObject({ completionStatus: 'completed', dinosaursFound: 2 });
  });

  it('is refused to another game master, a guest hunter of the session, an account hunter and someone signed out', async () => {
    const { s, ace } = await playedHunt();
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const other = await subscribedGameMaster(server);
    expect((await other.get(`/api/game-sessions/${s.id}/hunter-results`)).status).toBe(403);
    expect((await ace.get(`/api/game-sessions/${s.id}/hunter-results`)).status).toBe(403);
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.get(`/api/game-sessions/${s.id}/hunter-results`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/api/game-sessions/${s.id}/hunter-results`)).status).toBe(401);
  });
});

describe('endedReason', () => {
  it('is time_up when the time ran out, and the session_ended event says so', async () => {
    const s = await createSession(gm, { duration: 15 });
    await gm.post(`/api/game-sessions/${s.id}/start`);
    const reset = shiftClock(server, 16 * 60_000);
    try {
      const res = await gm.get(`/api/game-sessions/${s.id}`);
      expect(res.body).toMatchObject({ status: 'completed', endedReason: 'time_up' });
    } finally {
      reset();
    }
    const [row] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, s.id)).limit(1);
    expect(row?.endedReason).toBe('time_up');
  });

  it('is null while a session runs', async () => {
    const s = await createSession(gm);
    expect((await gm.get(`/api/game-sessions/${s.id}`)).body.endedReason).toBeNull();
  });
});
