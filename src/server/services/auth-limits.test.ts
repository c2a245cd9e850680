// Throttling that cannot be walked around: the sign-in and join limits live in the
// procedures, so every door (REST in any spelling, tRPC HTTP, a tRPC batch, the tRPC
// WebSocket) counts; failed sign-ins lock an account and wrong passwords lock a game
// session whatever address they come from.
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { gameSessions } from '../db/schema';
import { createSession } from '../routers/sessions/test-support';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../testing/harness';

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

describe('per-session lock on wrong join passwords, across doors and addresses', () => {
  it('locks joining one session after 20 wrong passwords; other sessions still join; old short passwords still work', async () => {
    const s = await server({ TRUST_PROXY: 'true' });
    const gm = await subscribedGameMaster(s);
    const target = await createSession(gm);
    const untouched = await createSession(gm);
    const hunter = await signUp(s, 'hunter');
    for (let i = 0; i < 20; i++) {
      const headers = { 'x-forwarded-for': `198.51.100.${i}` };
      const res =
        i % 3 === 0
          ? await new ApiClient(s.url).request('POST', '/api/hunter/join-session', { sessionId: String(target.id), password: `x${i}`, hunterHandle: 'Rex' }, { headers })
          : i % 3 === 1
            ? await hunter.request('POST', `/api/game-sessions/${target.id}/join`, { password: `x${i}` }, { headers })
            : await hunter.request('POST', '/api/hunter/join-by-name', { sessionName: target.name, password: `x${i}` }, { headers });
      expect(res.status).toBe(404);
    }
    const refused = await new ApiClient(s.url).post('/api/hunter/join-session', {
      sessionId: String(target.id),
      password: 'raptor',
      hunterHandle: 'Rex',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many wrong passwords for this session\. Joining it is locked: try again in \d+ minutes?\.$/);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect((await hunter.post(`/api/game-sessions/${target.id}/join`, { password: 'raptor' })).status).toBe(429);
    expect((await hunter.post(`/api/game-sessions/${untouched.id}/join`, { password: 'raptor' })).status).toBe(200);

    // A session created before the 6-character minimum keeps its short password.
    const old = await createSession(gm);
    s.deps.db.update(gameSessions).set({ password: 'pw' }).where(eq(gameSessions.id, old.id)).run();
    expect((await hunter.post(`/api/game-sessions/${old.id}/join`, { password: 'pw' })).status).toBe(200);
  });
});
