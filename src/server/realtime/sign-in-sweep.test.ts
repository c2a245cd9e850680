// The shared sign-in sweep: one query per sweep whatever the number of sockets, the
// same verdict as isSignInLive (which every HTTP request asks), and revocation at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_SIGN_IN_GRACE_MS } from '../../domain/rules';
import { hashToken } from '../auth/lucia';
import { createSignOuts, isSignInLive } from '../auth/sign-outs';
import { type Db, dialectOf, handleOf } from '../db/client';
import { rawRun } from '../db/raw';
import { authSessions, gameSessions, users } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { createSignInSweep } from './sign-in-sweep';

const NOW = 1_800_000_000_000;
const SECONDS = NOW / 1000;
let database: TestDatabase;
let db: Db;
let sessionSeq = 0;

/** A sign-in (its cookie token) of a fresh user, with the given overrides. */
async function signIn(opts: {
  expiresAt?: number;
  absoluteExpiresAt?: number;
  accountStatus?: string;
  guestOf?: { status: 'active' | 'completed'; endTime?: number | null } | 'deleted';
}) {
  const n = ++sessionSeq;
  const userId = `u${n}`;
  await db.insert(users).values({ id: userId, role: 'hunter', isGuest: opts.guestOf !== undefined, accountStatus: opts.accountStatus ?? 'active' });
  await db.insert(users).values({ id: `gm${n}`, username: `gm${n}`, email: `gm${n}@x`, role: 'gamemaster' }).onConflictDoNothing();
  let gameSessionId: number | null = null;
  if (opts.guestOf === 'deleted') gameSessionId = 999_999;
  else if (opts.guestOf) {
    const [row] = await db
      .insert(gameSessions)
      .values({ ownerId: `gm${n}`, name: `s${n}`, password: 'secret1', maxPlayers: 5, duration: 60, status: opts.guestOf.status, endTime: opts.guestOf.endTime ?? null })
      .returning({ id: gameSessions.id });
    gameSessionId = row!.id;
  }
  const token = `token-${n}`;
  await db.insert(authSessions).values({
    id: hashToken(token),
    userId,
    expiresAt: opts.expiresAt ?? SECONDS + 3600,
    absoluteExpiresAt: opts.absoluteExpiresAt ?? SECONDS + 7200,
    gameSessionId,
  });
  return { authSessionId: token, userId };
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  // A guest whose game session row is gone (auth_sessions.game_session_id has no foreign key either way).
  if (dialectOf(db) === 'sqlite') await rawRun(db, sql`PRAGMA foreign_keys = OFF`);
});
afterAll(() => database.close());

describe('the shared sign-in sweep', () => {
  it('gives the same verdict as isSignInLive for every way a sign-in ends', async () => {
    const cases = {
      live: await signIn({}),
      idleExpired: await signIn({ expiresAt: SECONDS - 1 }),
      absoluteExpired: await signIn({ absoluteExpiresAt: SECONDS }),
      disabled: await signIn({ accountStatus: 'disabled' }),
      guestPlaying: await signIn({ guestOf: { status: 'active' } }),
      guestWithinGrace: await signIn({ guestOf: { status: 'completed', endTime: NOW - GUEST_SIGN_IN_GRACE_MS + 1000 } }),
      guestPastGrace: await signIn({ guestOf: { status: 'completed', endTime: NOW - GUEST_SIGN_IN_GRACE_MS - 1000 } }),
      guestSessionGone: await signIn({ guestOf: 'deleted' }),
    };
    const sweep = createSignInSweep({ db, signOuts: createSignOuts(), now: () => NOW }, 60_000);
    const ended = new Set<string>();
    const stops = Object.entries(cases).map(([name, s]) => sweep.watch(s, () => ended.add(name)));
    await sweep.sweep();
    for (const [name, s] of Object.entries(cases)) {
      expect({ name, ended: ended.has(name) }).toEqual({ name, ended: !(await isSignInLive(db, s.authSessionId, NOW)) });
    }
    expect([...ended].sort()).toEqual(['absoluteExpired', 'disabled', 'guestPastGrace', 'guestSessionGone', 'idleExpired']);
    for (const stop of stops) stop();
  });

  it('asks the database once per sweep however many sockets it watches, and ends an expired one once', async () => {
    const sweep = createSignInSweep({ db, signOuts: createSignOuts(), now: () => NOW }, 60_000);
    const signIns: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 0; i < 40; i++) signIns.push(await signIn({}));
    const ended: number[] = [];
    // Two sockets of the same sign-in, and 39 others.
    const stops = [...signIns, signIns[0]!].map((s, i) => sweep.watch(s, () => ended.push(i)));
    expect(sweep.size).toBe(40);

    const queries = countQueries(db);
    try {
      await sweep.sweep();
      expect(queries.count()).toBe(1);
      expect(ended).toEqual([]);

      await db.update(authSessions).set({ expiresAt: 1 }).where(eqId(signIns[0]!.authSessionId));
      await sweep.sweep();
      await sweep.sweep();
      expect(queries.count()).toBe(3);
      expect(ended.sort()).toEqual([0, 40]); // both sockets of that sign-in, once each
      expect(sweep.size).toBe(39);
    } finally {
      queries.restore();
      for (const stop of stops) stop();
    }
    expect(sweep.size).toBe(0);
  });

  it('ends a revoked sign-in at once, without waiting for the sweep', async () => {
    const signOuts = createSignOuts();
    const sweep = createSignInSweep({ db, signOuts, now: () => NOW }, 60_000);
    const a = await signIn({});
    const b = await signIn({});
    const ended: string[] = [];
    sweep.watch(a, () => ended.push('a'));
    const stopB = sweep.watch(b, () => ended.push('b'));
    signOuts.revoke(a.authSessionId);
    expect(ended).toEqual(['a']);
    signOuts.revokeUser(b.userId);
    expect(ended).toEqual(['a', 'b']);
    stopB();
    expect(sweep.size).toBe(0);
  });
});

const eqId = (token: string) => eq(authSessions.id, hashToken(token));

/**
 * Counts the reads the data layer sends to the database: SQLite runs each as a better-sqlite3
 * statement's all() or get(); PostgreSQL as a query on the pool.
 */
function countQueries(q: Db): { count: () => number; restore: () => void } {
  const handle = handleOf(q);
  if (handle.dialect === 'pg') {
    const query = vi.spyOn(handle.pg!, 'query');
    return { count: () => query.mock.calls.filter(([text]) => /^\s*select/i.test(typeof text === 'string' ? text : String((text as { text?: string }).text))).length, restore: () => query.mockRestore() };
  }
  const statement = Object.getPrototypeOf(handle.sqlite!.prepare('SELECT 1'));
  const all = vi.spyOn(statement, 'all');
  const get = vi.spyOn(statement, 'get');
  return {
    count: () => all.mock.calls.length + get.mock.calls.length,
    restore: () => {
      all.mockRestore();
      get.mockRestore();
    },
  };
}
