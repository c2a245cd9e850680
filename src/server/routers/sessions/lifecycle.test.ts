import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSessions, missions, users } from '../../db/schema';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { createSession, guestJoin, shiftClock, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
});
afterAll(() => server.close());

const MIN = 60_000;

describe('POST /api/game-sessions (create)', () => {
  it('creates a preparing session with the defaults and the password for its owner', async () => {
    const res = await gm.post('/api/game-sessions', { name: '  Raptor Run  ', password: ' secret-77 ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Raptor Run',
      password: 'secret-77',
      maxPlayers: 25,
      duration: 120,
      status: 'preparing',
      missionId: null,
      currentPlayers: 0,
      startTime: null,
      endTime: null,
    });
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  it('reads a non-numeric duration as 60 and accepts numeric strings', async () => {
    expect((await createSession(gm, { duration: 'abc' })).duration).toBe(60);
    expect((await createSession(gm, { duration: '45', maxPlayers: '15' })).maxPlayers).toBe(15);
  });

  it.each([
    [{ name: '   ' }, 'Session name is required'],
    [{ name: undefined }, 'Session name is required'],
    [{ password: '  ' }, 'Session password is required'],
    // The minimum strength (decision 931): long enough, a mix of kinds, not a common password.
    [{ password: ' abc1234 ' }, 'Session password must be at least 8 characters'],
    [{ password: 'raptorrex' }, 'Session password must mix letters with digits or symbols (for example amber-raptor-4821)'],
    [{ password: '12345678' }, 'Session password must mix letters with digits or symbols (for example amber-raptor-4821)'],
    [{ password: 'Password1' }, 'This session password is too common: choose one that is harder to guess'],
    [{ maxPlayers: 12 }, 'Max players must be 10, 15, 20 or 25'],
    [{ duration: 10 }, 'Duration must be between 15 and 120 minutes'],
    [{ duration: 121 }, 'Duration must be between 15 and 120 minutes'],
  ])('refuses %j with 400 "%s"', async (patch, message) => {
    const res = await gm.post('/api/game-sessions', { name: 'Bad', password: 'raptor-4821', ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("copies the mission's briefing video, cover photo and description; 'none' means no mission", async () => {
    const [mission] = await server.deps.db
      .insert(missions)
      .values({
        name: 'Valley',
        description: 'Find the herd',
        coverPhotoPath: 'missions/cover.jpg',
        briefingVideoPath: 'missions/brief.mp4',
      })
      .returning();
    const s = await createSession(gm, { missionId: mission!.id });
    expect(s).toMatchObject({
      missionId: mission!.id,
      description: 'Find the herd',
      coverPhotoUrl: '/uploads/missions/cover.jpg',
      briefingVideoUrl: '/uploads/missions/brief.mp4',
    });
    expect((await createSession(gm, { missionId: 'none' })).missionId).toBeNull();
    const missing = await gm.post('/api/game-sessions', { name: 'x', password: 'raptor-4821', missionId: 99999 });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Mission not found');
    await server.deps.db.delete(missions).where(eq(missions.id, mission!.id));
  });

  it('caps maxPlayers to the plan and needs a subscription; hunters get 403', async () => {
    const starter = await subscribedGameMaster(server, 'Starter');
    expect((await createSession(starter, { maxPlayers: 25 })).maxPlayers).toBe(10);
    expect((await createSession(starter)).maxPlayers).toBe(10);
    const unsubscribed = await signUp(server, 'gamemaster');
    const res = await unsubscribed.post('/api/game-sessions', { name: 'x', password: 'raptor-4821' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Subscription Required');
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post('/api/game-sessions', { name: 'x', password: 'raptor-4821' })).status).toBe(403);
    expect((await new ApiClient(server.url).post('/api/game-sessions', { name: 'x', password: 'raptor-4821' })).status).toBe(401);
  });

  it('counts against the weekly allowance (Starter: 5, then credits)', async () => {
    const starter = await subscribedGameMaster(server, 'Starter', 1);
    for (let i = 0; i < 6; i++) await createSession(starter);
    const sixth = await starter.post('/api/game-sessions', { name: 'six', password: 'raptor-4821' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatch(/Weekly session limit reached/);
  });

  it('holds the weekly allowance and the credits when creations race (two clicks, several tabs)', async () => {
    const starter = await subscribedGameMaster(server, 'Starter', 1);
    for (let i = 0; i < 4; i++) await createSession(starter);
    // The fifth fits the plan, the sixth takes the one credit; the rest must be refused, however they interleave.
    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => starter.post('/api/game-sessions', { name: `Race ${i}`, password: 'raptor-4821' })),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    for (const refused of racers.filter((r) => r.status === 409)) expect(refused.body.error).toMatch(/Weekly session limit reached/);
    const [owner] = await server.deps.db.select({ credits: users.sessionCredits }).from(users).where(eq(users.id, starter.user.id));
    expect(owner?.credits).toBe(0);
    const mine = await server.deps.db.select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.ownerId, starter.user.id));
    expect(mine).toHaveLength(6);
  });

  it('lets an admin create without a plan', async () => {
    const admin = await signInAdmin(server);
    expect((await createSession(admin)).maxPlayers).toBe(25);
  });
});

describe('lifecycle: start, pause, resume, end', () => {
  it('runs preparing -> active -> paused -> active -> completed, refusing illegal transitions with 409', async () => {
    const s = await createSession(gm, { duration: 30 });
    const base = `/api/game-sessions/${s.id}`;
    for (const action of ['pause', 'resume']) {
      const res = await gm.post(`${base}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/has not started yet/);
    }
    const started = await gm.post(`${base}/start`, { duration: 45 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'active', duration: 45 });
    expect(started.body.startTime).not.toBeNull();
    expect((await gm.post(`${base}/start`)).body.error).toBe('Cannot start the session: it is already active');
    expect((await gm.post(`${base}/resume`)).body.error).toBe('Cannot resume the session: it is not paused');

    const paused = await gm.post(`${base}/pause`);
    expect(paused.body.status).toBe('paused');
    expect(paused.body.pausedAt).not.toBeNull();
    const again = await gm.post(`${base}/pause`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Cannot pause the session: it is already paused');
    expect((await gm.post(`${base}/start`)).body.error).toBe('Cannot start the session: it is paused; resume it instead');

    expect((await gm.post(`${base}/resume`)).body.status).toBe('active');
    const ended = await gm.post(`${base}/end`);
    expect(ended.body.status).toBe('completed');
    expect(ended.body.endTime).not.toBeNull();
    for (const action of ['start', 'pause', 'resume', 'end']) {
      const res = await gm.post(`${base}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/has already ended/);
    }
    const result = await gm.get(`${base}/result`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ completionStatus: 'ended', completionRate: 0, dinosaursFound: 0, totalDinosaurs: 0 });
  });

  it('answers 404 for the result while there is none, and for an unknown session', async () => {
    const s = await createSession(gm);
    const res = await gm.get(`/api/game-sessions/${s.id}/result`);
    expect(res.status).toBe(404);
    expect((await gm.post('/api/game-sessions/999999/start')).status).toBe(404);
    expect((await gm.get('/api/game-sessions/999999/time-status')).status).toBe(404);
  });

  it('refuses a scheduled start in the past, and an invalid one', async () => {
    const s = await createSession(gm);
    const past = await gm.post(`/api/game-sessions/${s.id}/start`, {
      scheduledStartTime: new Date(Date.now() - 10 * MIN).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('Scheduled start time cannot be in the past');
    const bad = await gm.post(`/api/game-sessions/${s.id}/start`, { scheduledStartTime: 'tomorrow-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Scheduled start time must be a valid date and time');
    for (const far of ['+275760-09-13T00:00:00.000Z', 99_999_999_999_999, new Date(Date.now() + 400 * 24 * 60 * MIN).toISOString()]) {
      const tooFar = await gm.post(`/api/game-sessions/${s.id}/start`, { scheduledStartTime: far });
      expect(tooFar.status).toBe(400);
      expect(tooFar.body.error).toBe('Scheduled start time must be within a year from now');
    }
    expect((await gm.get(`/api/game-sessions/${s.id}`)).body).toMatchObject({ status: 'preparing', scheduledStartTime: null });
  });
});

describe('time status', () => {
  it('freezes the remaining time while paused and continues after resume', async () => {
    const s = await createSession(gm, { duration: 60 });
    const base = `/api/game-sessions/${s.id}`;
    const before = await gm.get(`${base}/time-status`);
    expect(before.status).toBe(200);
    expect(before.body.hasTimeLimit).toBe(true);

    await gm.post(`${base}/start`);
    const reset = shiftClock(server, 10 * MIN);
    try {
      const running = await gm.get(`${base}/time-status`);
      expect(running.body.timeRemaining).toBeCloseTo(50, 0);
      await gm.post(`${base}/pause`);
      shiftClock(server, 40 * MIN);
      const frozen = await gm.get(`${base}/time-status`);
      expect(frozen.body).toMatchObject({ status: 'paused', isPaused: true, hasTimeLimit: true });
      expect(frozen.body.timeRemaining).toBeCloseTo(50, 0);
      await gm.post(`${base}/resume`);
      shiftClock(server, 45 * MIN);
      const resumed = await gm.get(`${base}/time-status`);
      expect(resumed.body.status).toBe('active');
      expect(resumed.body.timeRemaining).toBeCloseTo(45, 0);
    } finally {
      reset();
    }
  });

  it('ends a session whose time runs out with completionStatus time_expired', async () => {
    const s = await createSession(gm, { duration: 15 });
    const base = `/api/game-sessions/${s.id}`;
    await gm.post(`${base}/start`);
    const reset = shiftClock(server, 16 * MIN);
    try {
      const status = await gm.get(`${base}/time-status`);
      expect(status.body.status).toBe('completed');
      const result = await gm.get(`${base}/result`);
      expect(result.status).toBe(200);
      expect(result.body.completionStatus).toBe('time_expired');
      const ended = (await gm.get(`/api/game-sessions?includeEnded=true`)).body.find((x: { id: number }) => x.id === s.id);
      // Ended at the instant the time ran out, not when it was noticed.
      expect(Date.parse(ended.endTime) - Date.parse(ended.startTime)).toBe(15 * MIN);
    } finally {
      reset();
    }
  });

  it('expires through the scheduler alone, without any read', async () => {
    const s = await createSession(gm, { duration: 15 });
    await gm.post(`/api/game-sessions/${s.id}/start`);
    const reset = shiftClock(server, 20 * MIN);
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const events = (await server.deps.bus.since(s.id, 0)).map((e) => e.type);
      expect(events).toContain('session_ended');
    } finally {
      reset();
    }
  });
});

describe('GET /api/game-sessions (visibility)', () => {
  it('shows a game master only their own sessions with passwords, drops ended ones, admins see all', async () => {
    const other = await subscribedGameMaster(server);
    const mine = await createSession(gm);
    const theirs = await createSession(other);
    const ended = await createSession(gm);
    await gm.post(`/api/game-sessions/${ended.id}/end`);

    const list = (await gm.get('/api/game-sessions')).body as Array<{ id: number; password?: string }>;
    expect(list.map((x) => x.id)).toContain(mine.id);
    expect(list.map((x) => x.id)).not.toContain(theirs.id);
    expect(list.map((x) => x.id)).not.toContain(ended.id);
    expect(list.find((x) => x.id === mine.id)?.password).toBe('raptor-4821');
    const withEnded = (await gm.get('/api/game-sessions?includeEnded=true')).body as Array<{ id: number }>;
    expect(withEnded.map((x) => x.id)).toContain(ended.id);

    const admin = await signInAdmin(server);
    const all = (await admin.get('/api/game-sessions')).body as Array<{ id: number; password?: string }>;
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(all.find((x) => x.id === theirs.id)?.password).toBe('raptor-4821');
  });

  it('shows hunters only the sessions they joined, never a password', async () => {
    const joined = await createSession(gm);
    const notJoined = await createSession(gm);
    const guest = await guestJoin(server, joined.id, 'raptor-4821', 'Alice');
    const list = (await guest.get('/api/game-sessions')).body as Array<Record<string, unknown>>;
    expect(list.map((x) => x.id)).toEqual([joined.id]);
    expect(list[0]).toMatchObject({ currentPlayers: 1, hunterHandle: 'Alice' });
    expect(list[0]).not.toHaveProperty('password');
    const gmList = (await gm.get('/api/game-sessions')).body as Array<{ id: number; currentPlayers: number }>;
    expect(gmList.find((x) => x.id === joined.id)?.currentPlayers).toBe(1);
    expect(gmList.find((x) => x.id === notJoined.id)?.currentPlayers).toBe(0);
    expect(JSON.stringify(list)).not.toContain('raptor-4821');
    expect((await guest.get(`/api/game-sessions/${notJoined.id}`)).status).toBe(403);
    const one = await guest.get(`/api/game-sessions/${joined.id}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('password');
    expect((await new ApiClient(server.url).get('/api/game-sessions')).status).toBe(401);
  });
});

describe('ownership', () => {
  it('answers 403 to a stranger game master on every mutation of another session, and changes nothing', async () => {
    const s = await createSession(gm);
    const stranger = await subscribedGameMaster(server);
    const base = `/api/game-sessions/${s.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `${base}/start`, {}],
      ['POST', `${base}/pause`],
      ['POST', `${base}/resume`],
      ['POST', `${base}/end`],
      ['POST', `${base}/deploy-dinosaur`, { speciesId: 1, latitude: 1, longitude: 1 }],
      ['POST', `${base}/dinosaurs`, { speciesId: 1, latitude: 1, longitude: 1 }],
      ['DELETE', `${base}/dinosaurs`],
      ['GET', `${base}/hunter-stats`],
    ];
    for (const [method, path, body] of calls) {
      const res = await stranger.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('You do not own this session');
    }
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post(`${base}/start`)).status).toBe(403);
    expect((await gm.get(`${base}/time-status`)).body.status).toBe('preparing');
    const admin = await signInAdmin(server);
    expect((await admin.post(`${base}/start`)).body.status).toBe('active');
  });
});

describe('OpenAPI', () => {
  it('documents every sessions path with its schemas', async () => {
    const doc = (await new ApiClient(server.url).get('/api/openapi.json')).body;
    const expected: Array<[string, string]> = [
      ['/game-sessions', 'get'],
      ['/game-sessions', 'post'],
      ['/game-sessions/{id}/start', 'post'],
      ['/game-sessions/{id}/pause', 'post'],
      ['/game-sessions/{id}/resume', 'post'],
      ['/game-sessions/{id}/end', 'post'],
      ['/game-sessions/{id}/join', 'post'],
      ['/game-sessions/{id}/time-status', 'get'],
      ['/game-sessions/{id}/result', 'get'],
      ['/game-sessions/{id}/dinosaurs', 'get'],
      ['/game-sessions/{id}/dinosaurs', 'post'],
      ['/game-sessions/{id}/dinosaurs', 'delete'],
      ['/game-sessions/{id}/deploy-dinosaur', 'post'],
      ['/game-sessions/{id}/hunter-stats', 'get'],
      ['/game-dinosaurs/{sessionId}', 'get'],
      ['/hunter/join-session', 'post'],
      ['/hunter/join-by-name', 'post'],
      ['/hunter/observation', 'post'],
      ['/hunter/stats', 'get'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'].content['application/json'].schema, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/game-sessions/{id}/join'].post.description).toMatch(/password/);
  });
});

describe('scheduled start across a restart', () => {
  it('starts on time from the stored schedule even when the server was down at that moment', async () => {
    const first = await startTestServer({}, { keepDir: true });
    let second: TestServer | undefined;
    try {
      const owner = await subscribedGameMaster(first);
      const s = await createSession(owner, { duration: 30 });
      const at = Date.now() + 1500;
      const scheduled = await owner.post(`/api/game-sessions/${s.id}/start`, {
        scheduledStartTime: new Date(at).toISOString(),
      });
      expect(scheduled.status).toBe(200);
      expect(scheduled.body).toMatchObject({ status: 'preparing', scheduledStartTime: new Date(at).toISOString() });
      expect((await first.deps.bus.since(s.id, 0)).map((e) => e.type)).toContain('session_scheduled');
      await first.close();

      await new Promise((r) => setTimeout(r, 2000));
      second = await startTestServer({}, { dir: first.dir });
      // The scheduler ran when the new server became ready: no read needed.
      const events = (await second.deps.bus.since(s.id, 0)).map((e) => e.type);
      expect(events).toContain('session_started');
      const again = new ApiClient(second.url);
      again.cookie = owner.cookie;
      const status = await again.get(`/api/game-sessions/${s.id}/time-status`);
      expect(status.body.status).toBe('active');
      const row = (await again.get(`/api/game-sessions/${s.id}`)).body;
      expect(row.startTime).toBe(new Date(at).toISOString());
      expect(status.body.timeRemaining).toBeGreaterThan(29);
      expect(status.body.timeRemaining).toBeLessThanOrEqual(30);
      // Then the usual lifecycle goes on on the new server.
      expect((await again.post(`/api/game-sessions/${s.id}/pause`)).body.status).toBe('paused');
      expect((await again.post(`/api/game-sessions/${s.id}/resume`)).body.status).toBe('active');
      expect((await again.post(`/api/game-sessions/${s.id}/end`)).body.status).toBe('completed');
    } finally {
      await second?.close();
    }
  });

  it('starts a scheduled session while the server runs, on time', async () => {
    const s = await createSession(gm);
    await gm.post(`/api/game-sessions/${s.id}/start`, { scheduledStartTime: Date.now() + 1000 });
    expect((await gm.get(`/api/game-sessions/${s.id}/time-status`)).body.status).toBe('preparing');
    await new Promise((r) => setTimeout(r, 2200));
    const types = (await server.deps.bus.since(s.id, 0)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['session_created', 'session_scheduled', 'session_started']));
  });
});

describe('the tRPC door applies the same rules', () => {
  it('creates, starts and refuses the same illegal transitions and strangers as REST', async () => {
    const { trpc, close } = gm.trpc();
    try {
      const s = await trpc.sessions.create.mutate({ name: ' Via tRPC ', password: 'raptor-4821', duration: 'abc' });
      expect(s).toMatchObject({ name: 'Via tRPC', duration: 60, status: 'preparing' });
      expect((await trpc.sessions.start.mutate({ id: s.id })).status).toBe('active');
      await expect(trpc.sessions.start.mutate({ id: s.id })).rejects.toMatchObject({
        message: 'Cannot start the session: it is already active',
        data: { httpStatus: 409 },
      });
      const stranger = (await subscribedGameMaster(server)).trpc();
      try {
        await expect(stranger.trpc.sessions.end.mutate({ id: s.id })).rejects.toMatchObject({ data: { httpStatus: 403 } });
      } finally {
        stranger.close();
      }
      const status = await trpc.sessions.timeStatus.query({ id: s.id });
      expect(status).toMatchObject({ hasTimeLimit: true, status: 'active' });
    } finally {
      close();
    }
  });
});
