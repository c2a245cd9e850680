// Public expeditions and removing a hunter (issue 29, decisions 835-837), over real HTTP and /ws.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../db/client';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { sleep, WsClient } from '../../../../test/support/comms-kit';
import { createSession, guestJoin, HERE, north, shiftClock, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
});
afterAll(() => server.close());

type Listed = { id: number; name: string; spotsLeft: number; currentPlayers: number; distanceM: number | null; joined: boolean; status: string };
const publicSession = (meetingPoint = HERE, body: Record<string, unknown> = {}) =>
  createSession(gm, { isPublic: true, meetingPoint, ...body });
const listFor = async (hunter: ApiClient, query = '') => {
  const res = await hunter.get<Listed[]>(`/api/expeditions${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const removedText = (name: string) => `You were removed from "${name}" by the game master.`;

describe('GET /api/expeditions', () => {
  it('lists only public sessions not ended, nearest meeting point first', async () => {
    const far = await publicSession(north(5000));
    const near = await publicSession(north(100));
    const nearest = await publicSession(HERE);
    const secret = await createSession(gm); // private
    const ended = await publicSession(north(50));
    expect((await gm.post(`/api/game-sessions/${ended.id}/end`)).status).toBe(200);

    const hunter = await signUp(server, 'hunter');
    const ours = new Set([far.id, near.id, nearest.id, secret.id, ended.id]);
    const listed = (await listFor(hunter, `?lat=${HERE.lat}&lng=${HERE.lng}`)).filter((e) => ours.has(e.id));
    expect(listed.map((e) => e.id)).toEqual([nearest.id, near.id, far.id]);
    expect(listed[0]).toMatchObject({ spotsLeft: 25, currentPlayers: 0, joined: false, status: 'preparing' });
    expect(listed[1]!.distanceM).toBeGreaterThan(90);
    expect(listed[1]!.distanceM).toBeLessThan(110);
    // Private sessions never show their password or anything else here.
    expect(JSON.stringify(listed)).not.toContain('raptor-4821');

    // Without a position: live first, then by start time (here none is scheduled: by id).
    expect((await gm.post(`/api/game-sessions/${far.id}/start`, {})).status).toBe(200);
    const unplaced = (await listFor(hunter)).filter((e) => ours.has(e.id));
    expect(unplaced.map((e) => e.id)).toEqual([far.id, near.id, nearest.id]);
    expect(unplaced.every((e) => e.distanceM === null)).toBe(true);
  });

  it('is for hunter accounts: guests, game masters and admins are refused, and no sign-in is 401', async () => {
    const s = await publicSession();
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Guesty');
    expect((await guest.get('/api/expeditions')).status).toBe(403);
    expect((await guest.get('/api/expeditions')).body.error).toBe(
      'Public expeditions are for hunter accounts: sign in or create an account to join one',
    );
    expect((await gm.get('/api/expeditions')).status).toBe(403);
    expect((await (await signInAdmin(server)).get('/api/expeditions')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/expeditions')).status).toBe(401);
  });

  it('refuses half a position', async () => {
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.get('/api/expeditions?lat=48.8');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Send both lat and lng, or neither');
  });
});

describe('creating and editing an expedition', () => {
  it('needs a meeting point to be public', async () => {
    const res = await gm.post('/api/game-sessions', { name: `No point ${process.pid}`, password: 'raptor-4821', isPublic: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('A public expedition needs a meeting point: click the map to place it');
    const s = await createSession(gm);
    const edit = await gm.put(`/api/game-sessions/${s.id}/expedition`, { isPublic: true });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toBe('A public expedition needs a meeting point: click the map to place it');
  });

  it('lets the owner make a private session public and private again; nobody else', async () => {
    const s = await createSession(gm);
    const hunter = await signUp(server, 'hunter');
    const listed = async () => (await listFor(hunter)).some((e) => e.id === s.id);
    expect(await listed()).toBe(false);
    const other = await subscribedGameMaster(server);
    expect((await other.put(`/api/game-sessions/${s.id}/expedition`, { isPublic: true, meetingPoint: HERE })).status).toBe(403);
    expect((await hunter.put(`/api/game-sessions/${s.id}/expedition`, { isPublic: true, meetingPoint: HERE })).status).toBe(403);
    const made = await gm.put(`/api/game-sessions/${s.id}/expedition`, { isPublic: true, meetingPoint: HERE, meetingNote: ' By the gate ' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ isPublic: true, meetingPoint: HERE, meetingNote: 'By the gate' });
    expect(await listed()).toBe(true);
    expect((await gm.put(`/api/game-sessions/${s.id}/expedition`, { isPublic: false })).status).toBe(200);
    expect(await listed()).toBe(false);
  });
});

describe('POST /api/expeditions/{id}/join', () => {
  it('joins a public expedition without the password, as the account, once', async () => {
    const s = await publicSession();
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.post(`/api/expeditions/${s.id}/join`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionId: s.id, hunterHandle: hunter.user.username, sessionName: s.name });
    expect((await hunter.post(`/api/expeditions/${s.id}/join`, {})).status).toBe(200);
    const listed = (await listFor(hunter)).find((e) => e.id === s.id);
    expect(listed).toMatchObject({ joined: true, currentPlayers: 1, spotsLeft: 24 });
    expect((await hunter.get(`/api/game-sessions/${s.id}`)).body).toMatchObject({ isPublic: true, meetingPoint: HERE });
  });

  it('refuses a private session as if it did not exist', async () => {
    const s = await createSession(gm);
    const res = await (await signUp(server, 'hunter')).post(`/api/expeditions/${s.id}/join`, {});
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('This session is not a public expedition: join it with its name and password');
  });

  it('refuses a full expedition with a clear message', async () => {
    const s = await publicSession(HERE, { maxPlayers: 10 });
    for (let i = 0; i < 10; i++) expect((await (await signUp(server, 'hunter')).post(`/api/expeditions/${s.id}/join`, {})).status).toBe(200);
    const late = await signUp(server, 'hunter');
    expect((await listFor(late)).find((e) => e.id === s.id)).toMatchObject({ spotsLeft: 0, currentPlayers: 10 });
    const res = await late.post(`/api/expeditions/${s.id}/join`, {});
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Session is full: 10/10 hunters have joined');
  });

  it('refuses an ended expedition with a clear message', async () => {
    const s = await publicSession();
    expect((await gm.post(`/api/game-sessions/${s.id}/start`, { duration: 15 })).status).toBe(200);
    const reset = shiftClock(server, 16 * 60_000); // its time runs out
    try {
      const hunter = await signUp(server, 'hunter');
      expect((await listFor(hunter)).some((e) => e.id === s.id)).toBe(false);
      const res = await hunter.post(`/api/expeditions/${s.id}/join`, {});
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('This session has ended: it cannot be joined');
    } finally {
      reset();
    }
  });

  it('is for hunter accounts: guests and game masters are refused', async () => {
    const s = await publicSession();
    const other = await publicSession();
    const guest = await guestJoin(server, other.id, 'raptor-4821', 'Roamer');
    expect((await guest.post(`/api/expeditions/${s.id}/join`, {})).status).toBe(403);
    const gmJoin = await gm.post(`/api/expeditions/${s.id}/join`, {});
    expect(gmJoin.status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/expeditions/${s.id}/join`, {})).status).toBe(401);
  });
});

describe('POST /api/game-sessions/{id}/hunters/{hunterId}/remove', () => {
  it('only the owning game master (or an admin) may remove; another game master, a hunter and a guest are refused', async () => {
    const s = await publicSession();
    const hunter = await signUp(server, 'hunter');
    await hunter.post(`/api/expeditions/${s.id}/join`, {});
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Peeker');
    const path = `/api/game-sessions/${s.id}/hunters/${hunter.user.id}/remove`;
    const other = await subscribedGameMaster(server);
    expect((await other.post(path)).status).toBe(403);
    expect((await hunter.post(path)).status).toBe(403);
    expect((await guest.post(path)).status).toBe(403);
    expect((await guest.post(`/api/game-sessions/${s.id}/hunters/${guest.userId}/remove`)).status).toBe(403);
    expect((await new ApiClient(server.url).post(path)).status).toBe(401);
    // Still in: nothing was removed.
    expect((await hunter.get(`/api/game-sessions/${s.id}`)).status).toBe(200);
    const admin = await signInAdmin(server);
    expect((await admin.post(path)).status).toBe(200);
    expect((await admin.post(path)).status).toBe(409);
    expect((await gm.post(`/api/game-sessions/${s.id}/hunters/nobody/remove`)).status).toBe(404);
    // Once the hunt has ended its results stay as they were.
    expect((await gm.post(`/api/game-sessions/${s.id}/end`)).status).toBe(200);
    const late = await gm.post(`/api/game-sessions/${s.id}/hunters/${guest.userId}/remove`);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Cannot remove a hunter: the session has already ended');
  });

  it('ends the hunter account\'s part: told live, refused after, cannot rejoin by the list or the password', async () => {
    const s = await publicSession();
    const hunter = await signUp(server, 'hunter');
    await hunter.post(`/api/expeditions/${s.id}/join`, {});
    const ws = WsClient.connect(server, `?sessionId=${s.id}`, hunter.cookie);
    await ws.next((f) => f.type === 'subscribed');

    const res = await gm.post(`/api/game-sessions/${s.id}/hunters/${hunter.user.id}/remove`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, hunterId: hunter.user.id, currentPlayers: 0 });
    const told = await ws.next((f) => f.type === 'hunter_removed');
    expect(told).toMatchObject({ userId: hunter.user.id, message: removedText(s.name) });
    // Nothing more of the session reaches the removed hunter's socket.
    await gm.post('/api/broadcast', { sessionId: s.id, message: 'Still there?' });
    await sleep(200);
    expect(ws.frames.filter((f) => f.type === 'broadcast' || f.type === 'new_communication')).toHaveLength(0);
    ws.close();

    const next = await hunter.get(`/api/game-sessions/${s.id}`);
    expect(next.status).toBe(403);
    expect(next.body.error).toBe(removedText(s.name));
    expect((await hunter.get(`/api/game-sessions/${s.id}/time-status`)).status).toBe(403);
    expect((await hunter.get('/api/game-sessions')).body.some((x: { id: number }) => x.id === s.id)).toBe(false);
    expect((await listFor(hunter)).some((e) => e.id === s.id)).toBe(false);
    const again = await hunter.post(`/api/expeditions/${s.id}/join`, {});
    expect(again.status).toBe(403);
    expect(again.body.error).toBe(removedText(s.name));
    const byPassword = await hunter.post('/api/hunter/join-by-name', { sessionName: s.name, password: 'raptor-4821' });
    expect(byPassword.status).toBe(403);
    // The spot is free again.
    expect((await gm.get(`/api/game-sessions/${s.id}`)).body.currentPlayers).toBe(0);
  });

  it('the tRPC stream carries the removal, then nothing more; a new subscription is refused with the reason', async () => {
    const s = await publicSession();
    const hunter = await signUp(server, 'hunter');
    await hunter.post(`/api/expeditions/${s.id}/join`, {});
    const { trpc, close } = hunter.trpc();
    try {
      const got: { type: string; payload: Record<string, unknown> }[] = [];
      const sub = trpc.comms.events.subscribe({ sessionId: s.id }, { onData: (e) => got.push((e as { data: (typeof got)[number] }).data) });
      await sleep(200);
      expect((await gm.post(`/api/game-sessions/${s.id}/hunters/${hunter.user.id}/remove`)).status).toBe(200);
      for (let i = 0; i < 50 && !got.some((e) => e.type === 'hunter_removed'); i++) await sleep(20);
      expect(got.find((e) => e.type === 'hunter_removed')?.payload).toMatchObject({ userId: hunter.user.id, message: removedText(s.name) });
      await gm.post(`/api/game-sessions/${s.id}/communications`, { message: 'after the removal' });
      await sleep(200);
      expect(got.map((e) => e.type)).toEqual(['hunter_removed']);
      sub.unsubscribe();
      const errors: unknown[] = [];
      trpc.comms.events.subscribe({ sessionId: s.id }, { onError: (e) => errors.push(e) });
      for (let i = 0; i < 50 && errors.length === 0; i++) await sleep(20);
      expect(errors[0]).toMatchObject({ message: removedText(s.name), data: { httpStatus: 403 } });
    } finally {
      close();
    }
  });

  it('a removed guest is refused, and cannot come back from the same browser under another handle', async () => {
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Trouble');
    expect((await gm.post(`/api/game-sessions/${s.id}/hunters/${guest.userId}/remove`)).status).toBe(200);
    const next = await guest.get(`/api/game-sessions/${s.id}/time-status`);
    expect(next.status).toBe(403);
    expect(next.body.error).toBe(removedText(s.name));
    const same = await guest.post('/api/hunter/join-session', { sessionId: String(s.id), password: 'raptor-4821', hunterHandle: 'Trouble' });
    expect(same.status).toBe(403);
    const renamed = await guest.post('/api/hunter/join-session', { sessionId: String(s.id), password: 'raptor-4821', hunterHandle: 'Angel' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error).toBe(removedText(s.name));
    // Another hunter from another browser still joins.
    expect((await guestJoin(server, s.id, 'raptor-4821', 'Friend')).userId).toBeTruthy();
  });

  it('a hunter removed outside the app (SQL from another connection) is refused at the next read', async ({ skip }) => {
    // PostgreSQL keeps no session-access cache (decision 877): nothing there can go stale.
    if (dialectOf(server.deps.db) !== 'sqlite') skip('SQLite only: a second connection to the database file');
    const s = await publicSession();
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.post(`/api/expeditions/${s.id}/join`, {})).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await hunter.get(`/api/game-sessions/${s.id}/communications`)).status).toBe(200);
    const shell = new Database(server.deps.config.DATABASE_PATH);
    try {
      shell.prepare('UPDATE session_players SET removed_at = ? WHERE session_id = ? AND user_id = ?').run(Date.now(), s.id, hunter.user.id);
    } finally {
      shell.close();
    }
    const next = await hunter.get(`/api/game-sessions/${s.id}/communications`);
    expect(next.status).toBe(403);
    expect(next.body.error).toBe(removedText(s.name));
  });

  it('a removed guest who keeps their achievements as an account still cannot come back from that browser', async () => {
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Keeper');
    expect((await gm.post(`/api/game-sessions/${s.id}/hunters/${guest.userId}/remove`)).status).toBe(200);
    const name = `removedkeeper${process.pid}`;
    const password = 'Fossil-Trail-42';
    const kept = await guest.post('/api/hunter/keep-achievements', {
      username: name,
      email: `${name}@example.com`,
      password,
      confirmPassword: password,
      firstName: 'Kim',
      lastName: 'Keeper',
    });
    expect(kept.status).toBe(200);
    // As the account: refused by its user id.
    const asAccount = await guest.post('/api/hunter/join-session', { sessionId: String(s.id), password: 'raptor-4821', hunterHandle: 'Keeper' });
    expect(asAccount.status).toBe(403);
    expect(asAccount.body.error).toBe(removedText(s.name));
    // Signed out, as a new guest from the same browser: refused by the browser's hunter key.
    expect((await guest.post('/api/auth/logout')).status).toBe(200);
    const renamed = await guest.post('/api/hunter/join-session', { sessionId: String(s.id), password: 'raptor-4821', hunterHandle: 'Reborn' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error).toBe(removedText(s.name));
  });
});
