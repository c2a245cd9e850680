// The session-access lookup's cached rows (session-access-cache.ts): with the cache warm, every
// write to a session's rows counts on the very next call, whichever code path wrote (drizzle,
// raw SQL, foreign-key cascades), a rolled-back transaction leaves nothing stale, a write to one
// session keeps the others' rows, and both the cache and the generations stay bounded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Db, openDatabase } from '../db/client';
import { rawRun } from '../db/raw';
import { runningDialect } from '../db/running-dialect';
import { gameSessions, sessionPlayers, users } from '../db/schema';
import { installSessionRowGenerations, sessionRowGeneration } from '../db/sqlite/session-row-generation';
import { sessionRowsGeneration } from '../db/write-generations';
import { requireSessionAccess } from './session-access';
import { SessionAccessCache, sessionAccessCacheSize } from './session-access-cache';

// The cache runs on SQLite only: its invalidation is SQLite's TEMP triggers on the one connection,
// and on PostgreSQL no generation exists, so nothing is cached (decisions 876, 877). These tests open a
// SQLite file themselves, which a process running on PostgreSQL's tables cannot use.
const onSqlite = runningDialect() === 'sqlite';

let dir: string;
let file: string;
let db: Db;

beforeEach(({ skip }) => {
  if (!onSqlite) skip('SQLite only: the session-access cache is off on PostgreSQL (decision 877)');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-access-'));
  file = path.join(dir, 'app.db');
  db = openDatabase(file);
});
afterEach(async () => {
  if (!onSqlite) return;
  await closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const person = async (id: string, role: User['role'] = 'hunter') => {
  await db.insert(users).values({ id, username: id, email: `${id}@example.test`, role });
  return { id, role } as User;
};
const session = async (ownerId: string) => {
  const [row] = await db
    .insert(gameSessions)
    .values({ ownerId, name: `S ${ownerId}`, password: 'pw', maxPlayers: 25, duration: 60 })
    .returning({ id: gameSessions.id });
  return row!.id;
};
const join = async (sessionId: number, userId: string) => {
  await db.insert(sessionPlayers).values({ sessionId, userId, handle: userId });
};
const access = (user: User, sessionId: number) => requireSessionAccess({ db, user }, sessionId);
const warm = async (user: User, sessionId: number) => {
  await access(user, sessionId);
  return access(user, sessionId);
};

describe('a warm row never outlives a write to its session', () => {
  it('is served from the cache until a write: the app\'s own or another connection\'s (a shell, another process)', async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await join(id, hunter.id);
    expect((await warm(hunter, id)).player?.dartsUsed).toBe(0);
    expect(sessionAccessCacheSize(db)).toBe(1);
    // Another connection has no triggers: its commit is seen through the WAL index and data_version.
    const other = new Database(file);
    other.prepare('UPDATE session_players SET darts_used = 3').run();
    other.close();
    expect((await access(hunter, id)).player?.dartsUsed).toBe(3);
    // The same write on the app's connection counts at once.
    await rawRun(db, sql`UPDATE session_players SET darts_used = 4`);
    expect((await access(hunter, id)).player?.dartsUsed).toBe(4);
  });

  it('a hunter removed by SQL from another connection is refused at the next read', async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await join(id, hunter.id);
    await warm(hunter, id);
    const other = new Database(file);
    try {
      other.prepare('UPDATE session_players SET removed_at = ? WHERE user_id = ?').run(Date.now(), hunter.id);
    } finally {
      other.close();
    }
    await expect(access(hunter, id)).rejects.toMatchObject({ code: 'FORBIDDEN', message: `You were removed from "S gm" by the game master.` });
  });

  it('a hunter who joins after a refusal is let in at once (insert)', async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await expect(warm(hunter, id)).rejects.toThrow('You are not part of this session');
    await join(id, hunter.id);
    expect((await access(hunter, id)).role).toBe('player');
  });

  it("the session's status and clock (drizzle update on game_sessions)", async () => {
    const gm = await person('gm', 'gamemaster');
    const id = await session(gm.id);
    expect((await warm(gm, id)).gameSession.status).toBe('preparing');
    await db.update(gameSessions).set({ status: 'paused', pausedAt: 123 }).where(eq(gameSessions.id, id));
    expect((await access(gm, id)).gameSession).toMatchObject({ status: 'paused', pausedAt: 123 });
  });

  it("a hunter's own row (raw SQL update, as a position report writes it)", async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await join(id, hunter.id);
    expect((await warm(hunter, id)).player?.lastLat).toBeNull();
    await rawRun(db, sql`UPDATE session_players SET last_lat = 48.85 WHERE user_id = ${hunter.id}`);
    expect((await access(hunter, id)).player?.lastLat).toBe(48.85);
  });

  it('a deleted session is not found, and its players go with it (delete, cascade)', async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await join(id, hunter.id);
    await warm(gm, id);
    await warm(hunter, id);
    await db.delete(gameSessions).where(eq(gameSessions.id, id));
    await expect(access(gm, id)).rejects.toThrow('Session not found');
    await expect(access(hunter, id)).rejects.toThrow('Session not found');
  });

  it("a deleted account's sessions are not found (cascade from users)", async () => {
    const gm = await person('gm', 'gamemaster');
    const admin = await person('admin', 'admin');
    const id = await session(gm.id);
    expect((await warm(admin, id)).role).toBe('admin');
    await db.delete(users).where(eq(users.id, gm.id));
    await expect(access(admin, id)).rejects.toThrow('Session not found');
  });

  it('a guest removed with their account loses access (cascade from users to session_players)', async () => {
    const gm = await person('gm', 'gamemaster');
    const guest = await person('guest');
    const id = await session(gm.id);
    await join(id, guest.id);
    expect((await warm(guest, id)).role).toBe('player');
    await db.delete(users).where(eq(users.id, guest.id));
    await expect(access(guest, id)).rejects.toThrow('You are not part of this session');
  });

  it('a lookup during a transaction that rolls back waits for it, and keeps nothing stale', async () => {
    const gm = await person('gm', 'gamemaster');
    const id = await session(gm.id);
    expect((await warm(gm, id)).gameSession.status).toBe('preparing');
    let during: ReturnType<typeof access> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.update(gameSessions).set({ status: 'completed' }).where(eq(gameSessions.id, id));
        // Another request looks the session up while the transaction is open: it must not see the
        // uncommitted status, neither now nor from the cache later.
        during = access(gm, id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await during!).gameSession.status).toBe('preparing');
    expect((await access(gm, id)).gameSession.status).toBe('preparing');
  });

  it('rows whose generation moved while they were read are not kept (they would miss at once)', async () => {
    const gm = await person('gm', 'gamemaster');
    const id = await session(gm.id);
    let release!: () => void;
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = db.transaction(async (tx) => {
      await paused;
      await tx.update(gameSessions).set({ status: 'active', startTime: 789 }).where(eq(gameSessions.id, id));
    });
    // The lookup takes the generation once outside writes are noted (the next check phase), then waits for the transaction to read.
    const reading = access(gm, id);
    await new Promise<void>((resolve) => setImmediate(resolve));
    release();
    await writing;
    expect((await reading).gameSession.status).toBe('active');
    expect(sessionAccessCacheSize(db)).toBe(0);
    expect((await access(gm, id)).gameSession.status).toBe('active');
    expect(sessionAccessCacheSize(db)).toBe(1);
  });
});

describe('what a write drops', () => {
  it("a write to one session leaves every other session's generation (and cached rows) alone", async () => {
    const gm = await person('gm', 'gamemaster');
    const a = await session(gm.id);
    const b = await session(gm.id);
    await warm(gm, a);
    await warm(gm, b);
    const before = sessionRowsGeneration(db, b);
    expect(before).toBeTypeOf('number');
    await db.update(gameSessions).set({ status: 'active' }).where(eq(gameSessions.id, a));
    expect(sessionRowsGeneration(db, b)).toBe(before);
    expect(sessionRowsGeneration(db, a)).not.toBe(sessionRowsGeneration(db, b));
  });

  it('the generations stay bounded: emptying them makes every session read the database again', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec(`CREATE TABLE game_sessions (id INTEGER PRIMARY KEY, status TEXT);
                 CREATE TABLE session_players (id INTEGER PRIMARY KEY, session_id INTEGER)`);
    installSessionRowGenerations(sqlite, 2);
    sqlite.exec(`INSERT INTO game_sessions (id, status) VALUES (1, 'a'), (2, 'a')`);
    const seen = [sessionRowGeneration(sqlite, 1), sessionRowGeneration(sqlite, 2), sessionRowGeneration(sqlite, 9)];
    sqlite.exec(`INSERT INTO game_sessions (id, status) VALUES (3, 'a')`); // a third session: the map is emptied
    const after = [sessionRowGeneration(sqlite, 1), sessionRowGeneration(sqlite, 2), sessionRowGeneration(sqlite, 9)];
    for (const [i, generation] of after.entries()) expect(generation).not.toBe(seen[i]);
    sqlite.close();
  });

  it('a connection without the triggers keeps nothing', () => {
    const sqlite = new Database(':memory:');
    expect(sessionRowGeneration(sqlite, 1)).toBeUndefined();
    sqlite.close();
  });
});

describe("a session's row, shared by its hunters' cached entries", () => {
  it('is one frozen object while its values are the same, and a new one with the new values after a write', async () => {
    const gm = await person('gm', 'gamemaster');
    const [a, b] = [await person('a'), await person('b')];
    const id = await session(gm.id);
    await join(id, a.id);
    await join(id, b.id);
    const first = (await warm(a, id)).gameSession;
    expect((await warm(b, id)).gameSession).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    await db.update(gameSessions).set({ status: 'active', startTime: 456 }).where(eq(gameSessions.id, id));
    const after = (await access(b, id)).gameSession;
    expect(after).not.toBe(first);
    expect(after).toMatchObject({ status: 'active', startTime: 456 });
    expect(first.status).toBe('preparing'); // what a caller already holds does not change
    expect((await access(a, id)).gameSession).toBe(after);
  });

  it("another session's row is never handed out (each session keeps its own)", async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const [one, two] = [await session(gm.id), await session(gm.id)];
    await join(one, hunter.id);
    await join(two, hunter.id);
    expect((await access(hunter, one)).gameSession.id).toBe(one);
    expect((await access(hunter, two)).gameSession.id).toBe(two);
  });
});

describe('SessionAccessCache', () => {
  it('misses on another generation, and keeps at most `max` entries, dropping the oldest', () => {
    const cache = new SessionAccessCache<number[]>(2);
    cache.set('1 a', [1], 5);
    expect(cache.get('1 a', 6)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('1 a', [1], 6);
    cache.set('1 b', [2], 6);
    expect(cache.get('1 a', 6)).toEqual([1]);
    cache.set('1 c', [3], 6);
    expect(cache.get('1 a', 6)).toBeUndefined();
    expect(cache.get('1 b', 6)).toEqual([2]);
    expect(cache.get('1 c', 6)).toEqual([3]);
  });

  it('hands every caller the same frozen rows: none can change what the next one reads', async () => {
    const gm = await person('gm', 'gamemaster');
    const hunter = await person('hunter');
    const id = await session(gm.id);
    await join(id, hunter.id);
    const first = await warm(hunter, id);
    expect((await access(hunter, id)).gameSession).toBe(first.gameSession);
    expect(() => {
      (first.gameSession as { status: string }).status = 'completed';
    }).toThrow(TypeError);
    expect(() => {
      (first.player as { dartsUsed: number }).dartsUsed = 9;
    }).toThrow(TypeError);
    expect((await access(hunter, id)).gameSession.status).toBe('preparing');
  });
});
