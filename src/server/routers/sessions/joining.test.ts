import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { createSession, guestJoin, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let gm: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  gm = await subscribedGameMaster(server);
});
afterAll(() => server.close());

const JOIN_FAILED = 'Session not found or invalid password';
const players = async (id: number) => (await gm.get(`/api/game-sessions/${id}`)).body.currentPlayers as number;

describe('POST /api/hunter/join-session (guests)', () => {
  it('creates a guest hunter bound to the session, with a server session (cookie)', async () => {
    const s = await createSession(gm);
    const guest = new ApiClient(server.url);
    const res = await guest.post('/api/hunter/join-session', { sessionId: String(s.id), password: ' raptor-4821 ', hunterHandle: ' Rex ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionId: s.id, hunterHandle: 'Rex', sessionName: s.name });
    expect(res.headers.getSetCookie().join(';')).toMatch(/dinohunt_session=.+HttpOnly/i);
    const me = await guest.get('/api/auth/user');
    expect(me.body).toMatchObject({ role: 'hunter', isGuest: true, username: null, email: null, firstName: 'Rex', gameSessionId: s.id });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, me.body.id));
    expect(row?.isGuest).toBe(true);
    expect(await players(s.id)).toBe(1);
    // The guest's later calls know who the guest is.
    expect((await guest.get(`/api/game-sessions/${s.id}/time-status`)).status).toBe(200);
    expect((await server.deps.bus.since(s.id, 0)).some((e) => e.type === 'hunter_joined')).toBe(true);
  });

  it.each([
    [{ password: 'wrong' }, 404, JOIN_FAILED],
    [{ sessionId: '999999' }, 404, JOIN_FAILED],
    [{ sessionId: 'abc' }, 404, JOIN_FAILED],
    [{ hunterHandle: 'ab' }, 400, 'Hunter handle must be at least 3 characters'],
    [{ password: '' }, 400, 'Session password is required'],
    [{ sessionId: '' }, 400, 'Session ID is required'],
  ])('refuses %j with %i "%s"', async (patch, status, message) => {
    const s = await createSession(gm);
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', {
      sessionId: String(s.id),
      password: 'raptor-4821',
      hunterHandle: 'Hunter',
      ...patch,
    });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(message);
    expect(await players(s.id)).toBe(0);
  });

  it('keeps handles unique within a session, whatever their case', async () => {
    const s = await createSession(gm);
    await guestJoin(server, s.id, 'raptor-4821', 'Blue');
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', {
      sessionId: s.id,
      password: 'raptor-4821',
      hunterHandle: 'BLUE',
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'The hunter handle "BLUE" is already taken in this session. If it is yours, rejoin from the phone or browser you joined with; otherwise choose another handle.',
    );
    // The same handle is fine in another session.
    const other = await createSession(gm);
    await guestJoin(server, other.id, 'raptor-4821', 'Blue');
  });

  it('keeps handles unique in every script and Unicode form, with 409 (never 500), even in parallel', async () => {
    const s = await createSession(gm);
    await guestJoin(server, s.id, 'raptor-4821', 'Émile');
    for (const taken of ['ÉMILE', 'émile', 'E\u0301mile', 'Émile']) {
      const res = await new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: taken });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/is already taken in this session\. If it is yours/);
    }
    const racers = await Promise.all(
      Array.from({ length: 8 }, () =>
        new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: 'Ñandú' }),
      ),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await players(s.id)).toBe(2);
  });

  it.each([
    ['R\u200bex', 'Hunter handle may not contain invisible or control characters'],
    ['\u200b\u200b\u200b', 'Hunter handle may not contain invisible or control characters'],
    ['a\nb\tc', 'Hunter handle may not contain invisible or control characters'],
    ['\u202eRex', 'Hunter handle may not contain invisible or control characters'],
    ['  a   ', 'Hunter handle must be at least 3 characters'],
  ])('refuses the handle %j: "%s"', async (hunterHandle, message) => {
    const s = await createSession(gm);
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await players(s.id)).toBe(0);
  });

  it('stores a handle as people read it: NFKC, single spaces', async () => {
    const s = await createSession(gm);
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', {
      sessionId: s.id,
      password: 'raptor-4821',
      hunterHandle: ' Dino\u3000  Dan ',
    });
    expect(res.body.hunterHandle).toBe('Dino Dan');
  });

  it('refuses a full session with 409 and counts exactly up to maxPlayers, even in parallel', async () => {
    const s = await createSession(gm, { maxPlayers: 10 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: `Hunter${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409, 409]);
    expect(refused[0]?.body.error).toBe('Session is full: 10/10 hunters have joined');
    expect(await players(s.id)).toBe(10);
  });

  it('refuses an ended session', async () => {
    const s = await createSession(gm);
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const res = await new ApiClient(server.url).post('/api/hunter/join-session', {
      sessionId: s.id,
      password: 'raptor-4821',
      hunterHandle: 'Late',
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This session has ended: it cannot be joined');
  });

  it('does not count the same guest twice', async () => {
    const s = await createSession(gm);
    const guest = await guestJoin(server, s.id, 'raptor-4821', 'Twice');
    const again = await guest.post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: 'Twice' });
    expect(again.status).toBe(200);
    expect(again.body.hunterHandle).toBe('Twice');
    expect((await guest.get('/api/auth/user')).body.id).toBe(guest.userId);
    expect(await players(s.id)).toBe(1);
  });

  it('joins a signed-in hunter account as itself, and refuses game masters', async () => {
    const s = await createSession(gm);
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: 'Acct' });
    expect(res.status).toBe(200);
    const me = await hunter.get('/api/auth/user');
    expect(me.body).toMatchObject({ id: hunter.user.id, isGuest: false });
    const gmJoin = await gm.post('/api/hunter/join-session', { sessionId: s.id, password: 'raptor-4821', hunterHandle: 'Boss' });
    expect(gmJoin.status).toBe(403);
    expect((await gm.get('/api/auth/user')).body.role).toBe('gamemaster');
  });

  it('keeps a guest inside their own game session', async () => {
    const a = await createSession(gm);
    const b = await createSession(gm);
    const guest = await guestJoin(server, a.id, 'raptor-4821', 'Stay');
    const res = await guest.post(`/api/game-sessions/${b.id}/join`, { password: 'raptor-4821' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/Guests can only act within their own game session/);
    expect((await guest.post('/api/hunter/join-by-name', { sessionName: b.name, password: 'raptor-4821' })).status).toBe(403);
    expect((await guest.get(`/api/game-sessions/${b.id}/time-status`)).status).toBe(403);
    expect(await players(b.id)).toBe(0);
  });
});

describe('guests join by session name or id, and come back as the same hunter (decision 740)', () => {
  const join = (client: ApiClient, sessionId: string | number, hunterHandle: string, password = 'raptor-4821') =>
    client.post('/api/hunter/join-session', { sessionId: String(sessionId), password, hunterHandle });

  it('joins by the session name (any case) as well as by its id', async () => {
    const s = await createSession(gm, { name: 'Lunch Hunt Éclair' });
    const byName = await join(new ApiClient(server.url), ' lunch hunt ÉCLAIR ', 'Namer');
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ sessionId: s.id, sessionName: 'Lunch Hunt Éclair', hunterHandle: 'Namer' });
    const byId = await join(new ApiClient(server.url), s.id, 'Numberer');
    expect(byId.status).toBe(200);
    expect(byId.body.sessionId).toBe(s.id);
    const wrong = await join(new ApiClient(server.url), 'Lunch Hunt Éclair', 'Guesser', 'nope');
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(JOIN_FAILED);
    expect(await players(s.id)).toBe(2);
  });

  it('among sessions of the same name, joins the one whose password matches, and never an ended one', async () => {
    const name = `Shared ${process.pid}`;
    const mine = await createSession(gm, { name, password: 'mine-pass' });
    const other = await subscribedGameMaster(server);
    const theirs = await createSession(other, { name, password: 'their-pass' });
    const theirsEnded = await createSession(other, { name, password: 'mine-pass' });
    await other.post(`/api/game-sessions/${theirsEnded.id}/end`);
    const a = await join(new ApiClient(server.url), name, 'Alpha', 'mine-pass');
    expect(a.body.sessionId).toBe(mine.id);
    const b = await join(new ApiClient(server.url), name, 'Bravo', 'their-pass');
    expect(b.body.sessionId).toBe(theirs.id);
  });

  it('a session whose name is a number is still found by its id first', async () => {
    const target = await createSession(gm);
    await createSession(gm, { name: String(target.id) });
    const res = await join(new ApiClient(server.url), target.id, 'Digits');
    expect(res.body.sessionId).toBe(target.id);
  });

  it('gives the browser an HttpOnly hunter key that survives logout; rejoining with the handle is the same hunter', async () => {
    const s = await createSession(gm);
    await gm.post(`/api/game-sessions/${s.id}/start`, {});
    const phone = new ApiClient(server.url);
    const first = await join(phone, s.name, 'Rita');
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().join(';')).toMatch(/dinohunt_hunter=[A-Za-z0-9_-]{43};.*HttpOnly/i);
    const me = (await phone.get('/api/auth/user')).body.id as string;
    // Something to keep: a report raises the hunter's stats.
    expect((await phone.post(`/api/game-sessions/${s.id}/communications`, { message: 'Tracks here' })).status).toBe(200);
    const before = (await phone.get(`/api/hunter/stats?sessionId=${s.id}`)).body;
    expect(before.reportsSubmitted).toBe(1);

    expect((await phone.post('/api/auth/logout')).status).toBe(200);
    expect(phone.cookie).toBe('');
    expect(phone.jar.has('dinohunt_hunter')).toBe(true);
    expect((await phone.get('/api/auth/user')).status).toBe(401);

    const again = await join(phone, ` ${s.id} `, 'RITA');
    expect(again.status).toBe(200);
    expect(again.body.hunterHandle).toBe('Rita');
    expect((await phone.get('/api/auth/user')).body.id).toBe(me);
    expect((await phone.get(`/api/hunter/stats?sessionId=${s.id}`)).body).toMatchObject({
      reportsSubmitted: 1,
      dartsRemaining: before.dartsRemaining,
    });
    expect(await players(s.id)).toBe(1);
    // Coming back is no new hunter: HQ saw one join.
    expect((await server.deps.bus.since(s.id, 0)).filter((e) => e.type === 'hunter_joined')).toHaveLength(1);
  });

  it('refuses a stranger with the same handle and the password but without the browser key, saying why', async () => {
    const s = await createSession(gm);
    const owner = new ApiClient(server.url);
    await join(owner, s.id, 'Blue Rex');
    const ownerId = (await owner.get('/api/auth/user')).body.id;
    for (const stranger of [
      new ApiClient(server.url),
      // Another browser's key (or a made-up one) is no better than none.
      Object.assign(new ApiClient(server.url), { jar: new Map([['dinohunt_hunter', 'A'.repeat(43)]]) }),
    ]) {
      const res = await join(stranger, s.name, 'blue rex');
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        'The hunter handle "blue rex" is already taken in this session. If it is yours, rejoin from the phone or browser you joined with; otherwise choose another handle.',
      );
      expect((await stranger.get('/api/auth/user')).status).toBe(401);
    }
    // The owner's sign-in was not touched.
    expect((await owner.get('/api/auth/user')).body.id).toBe(ownerId);
    expect(await players(s.id)).toBe(1);
  });

  it('the browser key of one session does not open a hunter of the same handle in another', async () => {
    const a = await createSession(gm);
    const b = await createSession(gm);
    const phone = new ApiClient(server.url);
    await join(phone, a.id, 'Twin Handle');
    await join(new ApiClient(server.url), b.id, 'Twin Handle');
    const res = await join(phone, b.id, 'Twin Handle');
    expect(res.status).toBe(409);
  });

  it('"start over as a new hunter" forgets the hunter: not even this browser can rejoin as it', async () => {
    const s = await createSession(gm);
    const phone = new ApiClient(server.url);
    await join(phone, s.id, 'Forgotten');
    expect((await phone.post('/api/hunter/forget-me')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    const res = await join(phone, s.id, 'Forgotten');
    expect(res.status).toBe(409);
    // A new handle makes a new hunter; the old one stays in the session's results.
    expect((await join(phone, s.id, 'Fresh Start')).status).toBe(200);
    expect(await players(s.id)).toBe(2);
    // Without a sign-in it is a plain logout.
    expect((await new ApiClient(server.url).post('/api/hunter/forget-me')).status).toBe(200);
  });

  it('cannot rejoin an ended session', async () => {
    const s = await createSession(gm);
    const phone = new ApiClient(server.url);
    await join(phone, s.id, 'Late Larry');
    await phone.post('/api/auth/logout');
    await gm.post(`/api/game-sessions/${s.id}/end`);
    const res = await join(phone, s.id, 'Late Larry');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This session has ended: it cannot be joined');
  });
});

describe('account hunters: POST /api/hunter/join-by-name and POST /api/game-sessions/{id}/join', () => {
  it('joins by session name and password, checked on the server, with the username as handle', async () => {
    const s = await createSession(gm, { name: 'Jurassic Walk' });
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.post('/api/hunter/join-by-name', { sessionName: ' jurassic walk ', password: 'raptor-4821' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sessionId: s.id, hunterHandle: hunter.user.username, sessionName: 'Jurassic Walk' });
    const wrong = await hunter.post('/api/hunter/join-by-name', { sessionName: 'Jurassic Walk', password: 'nope' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(JOIN_FAILED);
    const unknown = await hunter.post('/api/hunter/join-by-name', { sessionName: 'Nowhere', password: 'raptor-4821' });
    expect(unknown.body.error).toBe(JOIN_FAILED);
    const missing = await hunter.post('/api/hunter/join-by-name', { sessionName: ' ', password: 'raptor-4821' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Session name is required');
    expect(await players(s.id)).toBe(1);
  });

  it('finds a session by name whatever its script or case', async () => {
    for (const [name, typed] of [
      ['Охота', 'охота'],
      ['Éclair', 'éclair'],
      ['Éclair Hunt', 'E\u0301clair   hunt'],
    ] as const) {
      const s = await createSession(gm, { name });
      const hunter = await signUp(server, 'hunter');
      const exact = await hunter.post('/api/hunter/join-by-name', { sessionName: name, password: 'raptor-4821' });
      expect(exact.status).toBe(200);
      expect(exact.body.sessionId).toBe(s.id);
      const other = await signUp(server, 'hunter');
      const folded = await other.post('/api/hunter/join-by-name', { sessionName: typed, password: 'raptor-4821' });
      expect(folded.status).toBe(200);
      expect(folded.body.sessionId).toBe(s.id);
    }
  });

  it('also takes the session id in the name field', async () => {
    const s = await createSession(gm);
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.post('/api/hunter/join-by-name', { sessionName: String(s.id), password: 'raptor-4821' });
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toBe(s.id);
  });

  it('picks the session whose password matches among sessions with the same name', async () => {
    await createSession(gm, { name: 'Twin', password: 'one-pass' });
    const second = await createSession(gm, { name: 'Twin', password: 'two-pass' });
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.post('/api/hunter/join-by-name', { sessionName: 'Twin', password: 'two-pass' });
    expect(res.body.sessionId).toBe(second.id);
  });

  it('requires the password on POST /{id}/join; joining twice counts once', async () => {
    const s = await createSession(gm);
    const hunter = await signUp(server, 'hunter');
    const noPassword = await hunter.post(`/api/game-sessions/${s.id}/join`);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toBe('Session password is required');
    const wrong = await hunter.post(`/api/game-sessions/${s.id}/join`, { password: 'x' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(JOIN_FAILED);
    const ok = await hunter.post(`/api/game-sessions/${s.id}/join`, { password: 'raptor-4821', hunterHandle: 'Ranger' });
    expect(ok.status).toBe(200);
    expect(ok.body.hunterHandle).toBe('Ranger');
    const twice = await hunter.post(`/api/game-sessions/${s.id}/join`, { password: 'raptor-4821' });
    expect(twice.status).toBe(200);
    expect(twice.body.hunterHandle).toBe('Ranger');
    expect(await players(s.id)).toBe(1);
  });

  it('refuses game masters, admins and anonymous callers on the account join paths', async () => {
    const s = await createSession(gm);
    expect((await gm.post(`/api/game-sessions/${s.id}/join`, { password: 'raptor-4821' })).status).toBe(403);
    const admin = await signInAdmin(server);
    expect((await admin.post('/api/hunter/join-by-name', { sessionName: s.name, password: 'raptor-4821' })).status).toBe(403);
    expect((await new ApiClient(server.url).post(`/api/game-sessions/${s.id}/join`, { password: 'raptor-4821' })).status).toBe(401);
  });
});
