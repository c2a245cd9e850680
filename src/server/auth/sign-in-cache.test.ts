// The cached sign-in lookup (sign-in-cache.ts, decision 601): with the cache warm, every way a
// sign-in ends or changes counts on the very next request with the same cookie, whichever code
// path wrote it; the clock-based rules still run on every request; the cache stays bounded.
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_SIGN_IN_GRACE_MS, SIGN_IN_ABSOLUTE_MS } from '../../domain/rules';
import { closeDatabase, dialectOf, handleOf, openDatabase } from '../db/client';
import { rawAll, rawRun } from '../db/raw';
import { authSessions, gameSessions, users } from '../db/schema';
import { SIGN_IN_TABLES, signInGeneration } from '../db/sqlite/sign-in-generation';
import { createSession } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { hashToken, validateSignIn } from './lucia';
import { SignInCache } from './sign-in-cache';

let server: TestServer;
let clock: number | null = null;
beforeAll(async () => {
  server = await startTestServer();
  // The app's clock, moved by the guest test; otherwise the real one.
  server.deps.now = () => clock ?? Date.now();
});
afterAll(async () => {
  await server.close();
});

const token = (client: ApiClient) => client.cookie.split('=')[1]!;
const nowS = () => Math.floor(Date.now() / 1000);

/** A second client holding the same cookie: it keeps sending it after the first one's cookie is replaced or blanked. */
function sameCookie(client: ApiClient): ApiClient {
  const copy = new ApiClient(server.url);
  copy.cookie = client.cookie;
  return copy;
}

async function login(username: string, password = 'Fossil-Trail-42') {
  const client = new ApiClient(server.url);
  expect((await client.post('/api/auth/login', { username, password })).status).toBe(200);
  return client;
}

/** Two requests, so the second is answered from the cache. */
async function warm(client: ApiClient) {
  expect((await client.get('/api/auth/user')).status).toBe(200);
  expect((await client.get('/api/auth/user')).status).toBe(200);
}

describe('a warm cache never outlives a change to the sign-in', () => {
  it('logout', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const stale = sameCookie(hunter);
    expect((await hunter.post('/api/auth/logout')).status).toBe(200);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('logout everywhere (REST and tRPC)', async () => {
    const hunter = await signUp(server, 'hunter');
    const phone = await login(hunter.user.username);
    await warm(phone);
    expect((await hunter.post('/api/auth/logout-everywhere')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);

    const again = await login(hunter.user.username);
    const tablet = await login(hunter.user.username);
    await warm(tablet);
    const { trpc, close } = again.trpc();
    await trpc.auth.logoutEverywhere.mutate();
    close();
    expect((await tablet.get('/api/auth/user')).status).toBe(401);
  });

  it('password change ends the other sign-ins', async () => {
    const hunter = await signUp(server, 'hunter');
    const phone = await login(hunter.user.username);
    await warm(phone);
    await warm(hunter);
    const old = sameCookie(hunter);
    const change = await hunter.post('/api/auth/change-password', { currentPassword: 'Fossil-Trail-42', password: 'Amber-Fossil-77' });
    expect(change.status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await old.get('/api/auth/user')).status).toBe(401);
    expect((await hunter.get('/api/auth/user')).status).toBe(200);
  });

  it("the admin's End sign-ins", async () => {
    const gm = await subscribedGameMaster(server);
    await warm(gm);
    const admin = await signInAdmin(server);
    expect((await admin.post(`/api/admin/users/${gm.user.id}/sign-out`)).status).toBe(200);
    expect((await gm.get('/api/auth/user')).status).toBe(401);
  });

  it('a disabled account, written by any code path (drizzle or raw SQL)', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    await server.deps.db.update(users).set({ accountStatus: 'disabled' }).where(eq(users.id, hunter.user.id));
    expect((await hunter.get('/api/auth/user')).status).toBe(401);

    const other = await signUp(server, 'hunter');
    await warm(other);
    await rawRun(server.deps.db, sql`UPDATE users SET account_status = 'disabled' WHERE id = ${other.user.id}`);
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });

  it('an account disabled outside the app: another connection (an sqlite3 shell, another process) writes the file', async ({ skip }) => {
    // PostgreSQL keeps no sign-in cache (db/write-generations.ts): nothing there can go stale.
    if (dialectOf(server.deps.db) !== 'sqlite') skip('SQLite only: a second connection to the database file');
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const shell = new Database(server.deps.config.DATABASE_PATH);
    try {
      shell.prepare("UPDATE users SET account_status = 'suspended' WHERE id = ?").run(hunter.user.id);
      expect((await hunter.get('/api/auth/user')).status).toBe(401);
      // Reactivated outside too: the sign-in ended, but the account signs in again.
      shell.prepare("UPDATE users SET account_status = 'active' WHERE id = ?").run(hunter.user.id);
    } finally {
      shell.close();
    }
    expect((await login(hunter.user.username)).cookie).not.toBe('');
  });

  it('a deleted account (the admin route, and a bare delete cascading to its sign-ins)', async () => {
    const gm = await subscribedGameMaster(server);
    await warm(gm);
    const admin = await signInAdmin(server);
    expect((await admin.delete(`/api/admin/users/${gm.user.id}`)).status).toBe(200);
    expect((await gm.get('/api/auth/user')).status).toBe(401);

    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    await server.deps.db.delete(users).where(eq(users.id, hunter.user.id));
    expect((await hunter.get('/api/auth/user')).status).toBe(401);
  });

  it('a bare DELETE of every sign-in (no WHERE: SQLite must not truncate past the triggers)', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const admin = await signInAdmin(server);
    await rawRun(server.deps.db, sql`DELETE FROM auth_sessions`);
    expect((await hunter.get('/api/auth/user')).status).toBe(401);
    expect((await admin.get('/api/auth/user')).status).toBe(401);
  });

  it('credits and role changes show on the next request (the user object carries them)', async () => {
    const gm = await subscribedGameMaster(server, 'Professional', 3);
    await warm(gm);
    expect((await gm.get('/api/auth/user')).body.sessionCredits).toBe(3);
    const admin = await signInAdmin(server);
    expect((await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits: 5 })).status).toBe(200);
    expect((await gm.get('/api/auth/user')).body.sessionCredits).toBe(8);
    await server.deps.db.update(users).set({ role: 'hunter' }).where(eq(users.id, gm.user.id));
    expect((await gm.get('/api/auth/user')).body.role).toBe('hunter');
  });

  it('idle and absolute ends written to the row', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const id = hashToken(token(hunter));
    await server.deps.db.update(authSessions).set({ absoluteExpiresAt: nowS() - 1 }).where(eq(authSessions.id, id));
    expect((await hunter.get('/api/auth/user')).status).toBe(401);

    const other = await signUp(server, 'hunter');
    await warm(other);
    const otherId = hashToken(token(other));
    await server.deps.db.update(authSessions).set({ expiresAt: nowS() - 1 }).where(eq(authSessions.id, otherId));
    expect((await other.get('/api/auth/user')).status).toBe(401);
  });

  it('a row written by a transaction that rolls back is neither seen nor kept', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const { db } = server.deps;
    const check = () => validateSignIn(db, token(hunter), Date.now());
    let during: ReturnType<typeof check> | undefined;
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Rolled back' }).where(eq(users.id, hunter.user.id));
        // A request's lookup while the transaction is open: it waits for the transaction to end.
        during = check();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await during!).user?.firstName).toBe('Test');
    expect((await check()).user?.firstName).toBe('Test');
    expect((await hunter.get('/api/auth/user')).body.firstName).toBe('Test');
  });
});

describe('the rules still run on every request', () => {
  it('the renewal cookie still comes, and the renewed expiry is read back', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const id = hashToken(token(hunter));
    await server.deps.db.update(authSessions).set({ expiresAt: nowS() + 60 }).where(eq(authSessions.id, id));
    const renewed = await hunter.get('/api/auth/user');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith(`dinohunt_session=${token(hunter)}`))).toBe(true);
    const [row] = await server.deps.db.select().from(authSessions).where(eq(authSessions.id, id)).limit(1);
    expect(row!.expiresAt).toBeGreaterThan(nowS() + 60);
    // Renewed once: the next request, from the cache, sets no cookie.
    const next = await hunter.get('/api/auth/user');
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });

  it('the absolute end on the app clock, with no write at all', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    try {
      clock = Date.now() + SIGN_IN_ABSOLUTE_MS + 1000;
      expect((await hunter.get('/api/auth/user')).status).toBe(401);
    } finally {
      clock = null;
    }
  });

  it("a guest's sign-in ends GUEST_SIGN_IN_GRACE_MS after the game session ended, on the clock alone", async () => {
    const gm = await subscribedGameMaster(server);
    const session = await createSession(server, gm.user.id);
    const guest = new ApiClient(server.url);
    const join = await guest.post('/api/hunter/join-session', { sessionId: String(session), password: 'pw', hunterHandle: 'Blue' });
    expect(join.status).toBe(200);
    await warm(guest);
    expect((await gm.post(`/api/game-sessions/${session}/end`)).status).toBe(200);
    await warm(guest); // the end dialog and results still load, now from the cache
    const [ended] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, session)).limit(1);
    const endTime = ended!.endTime!;
    try {
      clock = endTime + GUEST_SIGN_IN_GRACE_MS - 1000;
      expect((await guest.get('/api/auth/user')).status).toBe(200);
      clock = endTime + GUEST_SIGN_IN_GRACE_MS + 1000;
      expect((await guest.get('/api/auth/user')).status).toBe(401);
    } finally {
      clock = null;
    }
  });

  it('an unknown token is refused every time, and a token hash is no cookie', async () => {
    const hunter = await signUp(server, 'hunter');
    await warm(hunter);
    const thief = new ApiClient(server.url);
    thief.cookie = `dinohunt_session=${hashToken(token(hunter))}`;
    expect((await thief.get('/api/auth/user')).status).toBe(401);
    expect((await thief.get('/api/auth/user')).status).toBe(401);
  });
});

describe('the cache itself', () => {
  it('holds at most its cap, dropping the least recently used row', () => {
    const generation = 0;
    const cache = new SignInCache<string>(() => generation, 3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase(), generation);
    expect(cache.get('a')).toBe('A'); // now the most recently used
    cache.set('d', 'D', generation);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k))).toEqual(['A', 'C', 'D']);
  });

  it('empties when the generation moves, and refuses a row read before the move', () => {
    let generation = 0;
    const cache = new SignInCache<string>(() => generation, 10);
    cache.set('a', 'A', generation);
    const readAt = generation;
    generation++;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'B', readAt);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', 'B', generation);
    expect(cache.get('b')).toBe('B');
  });

  it('every new connection gets the function and the triggers, and each write moves its generation', async () => {
    for (let i = 0; i < 2; i++) {
      const db = openDatabase(':memory:');
      try {
        const sqlite = handleOf(db).sqlite!;
        const triggers = await rawAll<{ tableName: string }>(
          db,
          sql`SELECT tbl_name AS tableName FROM sqlite_temp_master WHERE type = 'trigger' AND name LIKE 'dinohunt_sign_in_%'`,
        );
        for (const table of SIGN_IN_TABLES) expect(triggers.filter((t) => t.tableName === table)).toHaveLength(3);
        const before = signInGeneration(sqlite)!;
        await rawRun(db, sql`INSERT INTO users (id, first_name, last_name, role, password_hash) VALUES ('u1', 'A', 'B', 'hunter', 'x')`);
        const afterInsert = signInGeneration(sqlite)!;
        expect(afterInsert).toBeGreaterThan(before);
        await db.update(users).set({ sessionCredits: 1 }).where(eq(users.id, 'u1'));
        expect(signInGeneration(sqlite)!).toBeGreaterThan(afterInsert);
      } finally {
        await closeDatabase(db);
      }
    }
  });
});
