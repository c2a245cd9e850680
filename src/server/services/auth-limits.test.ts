// Throttling that cannot be walked around: the sign-in and join limits live in the
// procedures, so every door (REST in any spelling, tRPC HTTP, a tRPC batch, the tRPC
// WebSocket) counts; failed sign-ins lock an account and wrong passwords lock a game
// session whatever address they come from.
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCK_FAILURES, DEVICE_LOCK_FAILURES } from '../../domain/rules';
import { gameSessions } from '../db/schema';
import { createSession } from '../../../test/support/sessions';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
async function server(env: Record<string, string> = {}) {
  const s = await startTestServer(env);
  servers.push(s);
  return s;
}

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const BAD_LOGIN = { username: 'nobody', password: 'wrong-password' };

function post(s: TestServer, pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(s.url + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** One tRPC HTTP batch request of `n` calls of `path`; returns each call's HTTP status. */
async function batch(s: TestServer, path: string, input: unknown, n: number): Promise<number[]> {
  const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), superjson.serialize(input)]));
  const res = await post(s, `/trpc/${Array(n).fill(path).join(',')}?batch=1`, body);
  const results = (await res.json()) as Array<{ error?: { json: { data: { httpStatus: number } } } }>;
  return results.map((r) => r.error?.json.data.httpStatus ?? 200);
}

describe('address limit on sign-in, in the procedure', () => {
  it('counts tRPC HTTP, every call of a batch, and REST in other spellings alike', async () => {
    const s = await server({ AUTH_RATE_LIMIT: '3' });
    expect(await batch(s, 'auth.login', BAD_LOGIN, 5)).toEqual([401, 401, 401, 429, 429]);
    for (const path of ['/api/auth/login/', '/api/auth/Login', '/trpc/auth.login']) {
      const res = await post(s, path, path.startsWith('/trpc') ? superjson.serialize(BAD_LOGIN) : BAD_LOGIN);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rest = await post(s, '/api/auth/Login/', BAD_LOGIN);
    expect((await rest.json()).error).toBe(TOO_MANY);
  });

  it('refuses sign-in attempts over the tRPC WebSocket before the procedure: a signed-out socket serves nothing (decision 700)', async () => {
    const s = await server({ AUTH_RATE_LIMIT: '2' });
    const { trpc, close } = new ApiClient(s.url).trpc({ allOverWebSocket: true });
    try {
      const outcome = await trpc.auth.login.mutate(BAD_LOGIN).then(
        () => 'ok',
        (err: { message: string }) => err.message,
      );
      expect(outcome).toBe('Sign in to use this socket');
      // Nothing reached the procedure: the address still has both of its attempts.
      expect((await post(s, '/api/auth/login', BAD_LOGIN)).status).toBe(401);
      expect((await post(s, '/api/auth/login', BAD_LOGIN)).status).toBe(401);
      expect((await post(s, '/api/auth/login', BAD_LOGIN)).status).toBe(429);
    } finally {
      close();
    }
  });

  it('limits registration and every join door', async () => {
    const s = await server({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
    const gm = await subscribedGameMaster(s); // both registrations from 127.0.0.1 use its two attempts
    const hunter = await signUp(s, 'hunter');
    expect((await post(s, '/api/auth/register/', {})).status).toBe(429);
    const session = await createSession(gm);
    const doors = [
      ['/api/hunter/join-session/', { sessionId: String(session.id), password: 'wrong!', hunterHandle: 'Rex' }],
      ['/api/hunter/Join-By-Name', { sessionName: session.name, password: 'wrong!' }],
      [`/api/game-sessions/${session.id}/join/`, { password: 'wrong!' }],
    ] as const;
    for (const [i, [path, body]] of doors.entries()) {
      const headers = { 'x-forwarded-for': `198.51.100.${i + 1}` };
      for (let n = 0; n < 2; n++) expect((await hunter.request('POST', path, body, { headers })).status).toBe(404);
      const again = await hunter.request('POST', path, body, { headers });
      expect(again.status).toBe(429);
      expect(again.body.error).toBe(TOO_MANY);
    }
  });
});

describe('account lock on failed sign-ins, whatever the address', () => {
  it('locks password sign-in after 10 failures with 429 and retryAfterSeconds, even for the right password', async () => {
    const s = await server({ TRUST_PROXY: 'true' });
    const victim = await signUp(s, 'hunter');
    const other = await signUp(s, 'hunter');
    for (let i = 0; i < 10; i++) {
      const res = await post(s, '/api/auth/login', { username: victim.user.username, password: `guess-${i}` }, {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await post(s, '/api/auth/login', { username: victim.user.username.toUpperCase(), password: 'Fossil-Trail-42' }, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(locked.status).toBe(429);
    const body = await locked.json();
    expect(body.error).toMatch(/^Too many failed sign-ins for this account\. Password sign-in is locked: try again in 15 minutes\.$/);
    expect(body.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBe(body.retryAfterSeconds);
    // By email too (the same account), and over tRPC.
    const byEmail = await post(s, '/trpc/auth.login', superjson.serialize({ username: `${victim.user.username}@example.com`, password: 'Fossil-Trail-42' }));
    expect(byEmail.status).toBe(429);
    // Another account is not affected.
    expect((await post(s, '/api/auth/login', { username: other.user.username, password: 'Fossil-Trail-42' })).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    const s = await server();
    const hunter = await signUp(s, 'hunter');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await post(s, '/api/auth/login', { username: hunter.user.username, password: 'nope' })).status).toBe(401);
      }
      expect((await post(s, '/api/auth/login', { username: hunter.user.username, password: 'Fossil-Trail-42' })).status).toBe(200);
    }
  });
});

describe('per-session lock on wrong join passwords, per address (decision 720)', () => {
  it('locks joining one session from the guessing address only; known browsers and other addresses still join', async () => {
    const s = await server({ TRUST_PROXY: 'true' });
    const gm = await subscribedGameMaster(s);
    const target = await createSession(gm);
    const untouched = await createSession(gm);
    const hunter = await signUp(s, 'hunter');
    // Two accounts share the guesses: this test is about the address, not an account's own count (decision 930).
    const hunters = [hunter, await signUp(s, 'hunter')];
    const guesser = { 'x-forwarded-for': '198.51.100.7' };
    const join = (client: ApiClient, headers: Record<string, string>, password = 'raptor-4821', handle = 'Rex') =>
      client.request('POST', '/api/hunter/join-session', { sessionId: String(target.id), password, hunterHandle: handle }, { headers });

    // A guest who joined from the same address before the attack (a shared field Wi-Fi), then lost the sign-in.
    const earlier = new ApiClient(s.url);
    expect((await join(earlier, guesser, 'raptor-4821', 'Early')).status).toBe(200);
    expect((await earlier.post('/api/auth/logout')).status).toBe(200);
    expect(earlier.cookie).toBe('');
    expect(earlier.deviceCookie).toMatch(/^dinohunt_device=/);

    for (let i = 0; i < 20; i++) {
      const res =
        i % 3 === 0
          ? await join(new ApiClient(s.url), guesser, `x${i}`)
          : i % 3 === 1
            ? await hunters[i % 2]!.request('POST', `/api/game-sessions/${target.id}/join`, { password: `x${i}` }, { headers: guesser })
            : await hunters[i % 2]!.request('POST', '/api/hunter/join-by-name', { sessionName: target.name, password: `x${i}` }, { headers: guesser });
      expect(res.status).toBe(404);
    }
    // An unknown browser at the guessing address: locked, even with the right password, on every door.
    const refused = await join(new ApiClient(s.url), guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many wrong passwords for this session\. Joining it is locked: try again in \d+ minutes?\.$/);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retryAfterSeconds);
    expect((await hunter.request('POST', `/api/game-sessions/${target.id}/join`, { password: 'raptor-4821' }, { headers: guesser })).status).toBe(429);
    // The other session, from the same address, is not locked.
    expect((await hunter.request('POST', `/api/game-sessions/${untouched.id}/join`, { password: 'raptor-4821' }, { headers: guesser })).status).toBe(200);

    // Another address is not locked: the lock is never global for the session.
    expect((await join(new ApiClient(s.url), { 'x-forwarded-for': '203.0.113.20' }, 'raptor-4821', 'Elsewhere')).status).toBe(200);
    // A browser that joined before (its device cookie) still joins from the guessing address...
    expect((await join(earlier, guesser, 'raptor-4821', 'Early2')).status).toBe(200);
    // ...and so does the game master's own browser, signed out to try the hunter's side.
    expect((await gm.post('/api/auth/logout')).status).toBe(200);
    expect((await join(gm, guesser, 'raptor-4821', 'Boss')).status).toBe(200);
    // A forged or altered device cookie is an unknown browser.
    const forged = new ApiClient(s.url);
    forged.deviceCookie = earlier.deviceCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await join(forged, guesser, 'raptor-4821', 'Forger')).status).toBe(429);
  });

  it('old short passwords still work', async () => {
    const s = await server();
    const gm = await subscribedGameMaster(s);
    const hunter = await signUp(s, 'hunter');
    // A session created before the 6-character minimum keeps its short password.
    const old = await createSession(gm);
    await s.deps.db.update(gameSessions).set({ password: 'pw' }).where(eq(gameSessions.id, old.id));
    expect((await hunter.post(`/api/game-sessions/${old.id}/join`, { password: 'pw' })).status).toBe(200);
  });
});

describe('device cookies: a guessing attack does not lock the victim out (decision 720)', () => {
  const RIGHT = 'Fossil-Trail-42';
  const login = (client: ApiClient, username: string, password: string, headers: Record<string, string> = {}) =>
    client.request('POST', '/api/auth/login', { username, password }, { headers });

  it('the browser the victim signed in with before still signs in (REST and tRPC HTTP; a signed-out socket serves nothing, decision 700); an unknown browser is locked', async () => {
    const s = await server({ TRUST_PROXY: 'true' });
    const victim = await signUp(s, 'hunter');
    const name = victim.user.username;
    // Their laptop signed in last week, and was signed out since.
    const laptop = new ApiClient(s.url);
    expect((await login(laptop, name, RIGHT)).status).toBe(200);
    const setCookie = (await login(laptop, name, RIGHT)).headers.getSetCookie().find((c) => c.startsWith('dinohunt_device='));
    expect(setCookie).toMatch(/^dinohunt_device=v1\.[^;]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
    await laptop.post('/api/auth/logout');

    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) {
      expect((await login(new ApiClient(s.url), name, `guess-${i}`, { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(401);
    }
    const unknown = await login(new ApiClient(s.url), name, RIGHT, { 'x-forwarded-for': '203.0.113.9' });
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(unknown.body.error).toMatch(/^Too many failed sign-ins for this account\./);

    const before = laptop.deviceCookie;
    const ok = await login(laptop, name, RIGHT);
    expect(ok.status).toBe(200);
    expect((await laptop.get('/api/auth/user')).body.username).toBe(name);
    expect(laptop.deviceCookie).not.toBe(before); // a new nonce at every success
    // tRPC over HTTP, from the same browser.
    const { trpc, close } = laptop.trpc();
    try {
      expect((await trpc.auth.login.mutate({ username: name, password: RIGHT })).user.id).toBe(victim.user.id);
    } finally {
      close();
    }
    // The known browser's success does not unlock unknown ones while the attack goes on.
    expect((await login(new ApiClient(s.url), name, RIGHT)).status).toBe(429);
    // A device cookie of another account is no key to this one.
    const other = await signUp(s, 'hunter');
    const borrowed = new ApiClient(s.url);
    borrowed.deviceCookie = other.deviceCookie;
    expect((await login(borrowed, name, RIGHT)).status).toBe(429);
  });

  it('a known browser has its own allowance; the failure that ends it puts its cookie on the lockout list', async () => {
    const s = await server();
    const victim = await signUp(s, 'hunter');
    const name = victim.user.username;
    const phone = new ApiClient(s.url);
    expect((await login(phone, name, RIGHT)).status).toBe(200);
    const stolen = new ApiClient(s.url);
    stolen.deviceCookie = victim.deviceCookie;

    for (let i = 0; i < DEVICE_LOCK_FAILURES - 1; i++) expect((await login(stolen, name, `guess-${i}`)).status).toBe(401);
    const last = await login(stolen, name, 'guess-last');
    expect(last.status).toBe(401);
    expect(last.headers.getSetCookie()).toContain('dinohunt_device=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    // Those failures were the device's own: the account is not locked for unknown browsers.
    expect((await login(new ApiClient(s.url), name, RIGHT)).status).toBe(200);

    // Replayed after the lockout, the old cookie counts as an unknown browser, under the account's lock.
    const replay = new ApiClient(s.url);
    const lockedCookie = victim.deviceCookie;
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) {
      replay.deviceCookie = lockedCookie;
      expect((await login(replay, name, `again-${i}`)).status).toBe(401);
    }
    replay.deviceCookie = lockedCookie;
    expect((await login(replay, name, RIGHT)).status).toBe(429);
    // The phone, another known browser, is untouched.
    expect((await login(phone, name, RIGHT)).status).toBe(200);
  });

  it("guesses at the sign-in do not lock the signed-in owner's password change", async () => {
    const s = await server();
    const victim = await signUp(s, 'hunter');
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) {
      expect((await login(new ApiClient(s.url), victim.user.username, `guess-${i}`)).status).toBe(401);
    }
    const change = await victim.post('/api/auth/change-password', { currentPassword: RIGHT, password: 'Amber-Fossil-77' });
    expect(change.status).toBe(200);
  });
});
