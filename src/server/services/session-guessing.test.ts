// Guessing a session password from many addresses (issue #48, decision 930): one account's wrong
// guesses count across addresses, and one session's across addresses, beside the per-address count;
// browsers known to the session (it joined before, its members, its game master) are never locked.
// Every attempt goes over real HTTP, its client address set by X-Forwarded-For (TRUST_PROXY).
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_JOIN_ACCOUNT_LOCK_FAILURES, SESSION_JOIN_SESSION_LOCK_FAILURES } from '../../domain/rules';
import { createSession } from '../../../test/support/sessions';
import { ApiClient, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { LIMIT_MESSAGES } from './auth-limits';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
async function server() {
  const s = await startTestServer({ TRUST_PROXY: 'true' });
  servers.push(s);
  return s;
}

/** 20 addresses, 2 guesses each: 40 guesses, none over the per-address limits. */
const ATTACK = Array.from({ length: 40 }, (_, i) => ({ n: i, from: { 'x-forwarded-for': `198.51.100.${Math.floor(i / 2) + 1}` } }));
const SESSION_LOCKED = /^Too many wrong passwords for this session\. Joining it is locked: try again in 15 minutes\.$/;

type Answer = { status: number; body: { error?: string; retryAfterSeconds?: number }; headers: Headers };

/** A 429 is clear: the message, retryAfterSeconds in the body, and the same Retry-After header. */
function expectRefused(res: Answer, message: RegExp | string) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatch(message);
  expect(res.body.retryAfterSeconds).toBeGreaterThan(14 * 60);
  expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  expect(Number(res.headers.get('retry-after'))).toBe(res.body.retryAfterSeconds);
}

/** A tRPC HTTP mutation, as the app sends it; its answer in the REST shape for the checks above. */
async function trpcMutation(client: ApiClient, procedure: string, input: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await client.request('POST', `/trpc/${procedure}`, superjson.serialize(input), { headers });
  const error = res.body?.error?.json;
  return { status: res.status, headers: res.headers, body: error ? { error: error.message, retryAfterSeconds: error.retryAfterSeconds } : res.body };
}

describe('one signed-in account guessing session passwords from 20 addresses', () => {
  it('is refused after SESSION_JOIN_ACCOUNT_LOCK_FAILURES wrong passwords, through every door; members and browsers that joined before still join', async () => {
    const s = await server();
    const gm = await subscribedGameMaster(s);
    const target = await createSession(gm);
    const other = await createSession(gm);
    const member = await signUp(s, 'hunter');
    expect((await member.post(`/api/game-sessions/${target.id}/join`, { password: 'raptor-4821' })).status).toBe(200);
    // A guest who joined from the attacker's first address before, then signed out (its device cookie stays).
    const earlier = new ApiClient(s.url);
    const guestJoin = (client: ApiClient, headers: Record<string, string>, handle: string, password = 'raptor-4821') =>
      client.request('POST', '/api/hunter/join-session', { sessionId: String(target.id), password, hunterHandle: handle }, { headers });
    expect((await guestJoin(earlier, ATTACK[0]!.from, 'Early')).status).toBe(200);
    expect((await earlier.post('/api/auth/logout')).status).toBe(200);

    const attacker = await signUp(s, 'hunter');
    const statuses: number[] = [];
    for (const { n, from } of ATTACK) {
      const password = `guess-${n}`;
      const res =
        n % 3 === 0
          ? await attacker.request('POST', `/api/game-sessions/${target.id}/join`, { password }, { headers: from })
          : n % 3 === 1
            ? await attacker.request('POST', '/api/hunter/join-by-name', { sessionName: target.name, password }, { headers: from })
            : await trpcMutation(attacker, 'sessions.joinByName', { sessionName: target.name, password }, from);
      statuses.push(res.status);
      if (res.status === 429) expectRefused(res, LIMIT_MESSAGES.accountJoinLocked(15));
    }
    expect(statuses).toEqual([
      ...Array(SESSION_JOIN_ACCOUNT_LOCK_FAILURES).fill(404),
      ...Array(40 - SESSION_JOIN_ACCOUNT_LOCK_FAILURES).fill(429),
    ]);
    // Locked even with the right password, for any session it has not joined, from a new address.
    const fresh = { 'x-forwarded-for': '203.0.113.50' };
    expectRefused(
      await attacker.request('POST', `/api/game-sessions/${other.id}/join`, { password: 'raptor-4821' }, { headers: fresh }),
      LIMIT_MESSAGES.accountJoinLocked(15),
    );

    // During the attack: the member, the browser that joined before (at the attacker's address), the game master's browser.
    expect((await member.request('POST', `/api/game-sessions/${target.id}/join`, { password: 'raptor-4821' }, { headers: ATTACK[0]!.from })).status).toBe(200);
    expect((await guestJoin(earlier, ATTACK[0]!.from, 'Early')).status).toBe(200);
    expect((await gm.post('/api/auth/logout')).status).toBe(200);
    expect((await guestJoin(gm, ATTACK[1]!.from, 'Boss')).status).toBe(200);
    // The account's refused guesses were not counted against the session: another hunter's account joins it.
    const newcomer = await signUp(s, 'hunter');
    expect((await newcomer.request('POST', `/api/game-sessions/${target.id}/join`, { password: 'raptor-4821' }, { headers: fresh })).status).toBe(200);
  });
});

describe('guests guessing one session password from 20 addresses', () => {
  it('are refused after SESSION_JOIN_SESSION_LOCK_FAILURES wrong passwords, even with the right one; known browsers still join', async () => {
    const s = await server();
    const gm = await subscribedGameMaster(s);
    const target = await createSession(gm);
    const untouched = await createSession(gm);
    const member = await signUp(s, 'hunter');
    expect((await member.post(`/api/game-sessions/${target.id}/join`, { password: 'raptor-4821' })).status).toBe(200);
    const join = (client: ApiClient, headers: Record<string, string>, handle: string, password = 'raptor-4821', id = target.id) =>
      client.request('POST', '/api/hunter/join-session', { sessionId: String(id), password, hunterHandle: handle }, { headers });
    const earlier = new ApiClient(s.url);
    expect((await join(earlier, { 'x-forwarded-for': '192.0.2.9' }, 'Early')).status).toBe(200);
    expect((await earlier.post('/api/auth/logout')).status).toBe(200);

    const statuses: number[] = [];
    for (const { n, from } of ATTACK) {
      // A new browser each time (no cookies), by id or by name, over REST or tRPC.
      const guesser = new ApiClient(s.url);
      const input = { sessionId: n % 2 === 0 ? String(target.id) : target.name, password: `guess-${n}`, hunterHandle: `Guess${n}` };
      const res =
        n % 4 === 3
          ? await trpcMutation(guesser, 'sessions.joinAsGuest', input, from)
          : await guesser.request('POST', '/api/hunter/join-session', input, { headers: from });
      statuses.push(res.status);
      if (res.status === 429) expectRefused(res, SESSION_LOCKED);
    }
    expect(statuses).toEqual([
      ...Array(SESSION_JOIN_SESSION_LOCK_FAILURES).fill(404),
      ...Array(40 - SESSION_JOIN_SESSION_LOCK_FAILURES).fill(429),
    ]);
    // An unknown browser at an address that never guessed: locked, even with the right password.
    const fresh = { 'x-forwarded-for': '203.0.113.60' };
    expectRefused(await join(new ApiClient(s.url), fresh, 'Newcomer'), SESSION_LOCKED);
    // Another session is not locked.
    expect((await join(new ApiClient(s.url), fresh, 'Elsewhere', 'raptor-4821', untouched.id)).status).toBe(200);

    // The browser that joined before, the member and the game master's browser still join.
    expect((await join(earlier, fresh, 'Early')).status).toBe(200);
    expect((await member.request('POST', '/api/hunter/join-by-name', { sessionName: target.name, password: 'raptor-4821' }, { headers: fresh })).status).toBe(200);
    expect((await gm.post('/api/auth/logout')).status).toBe(200);
    expect((await join(gm, fresh, 'Boss')).status).toBe(200);
  });
});
