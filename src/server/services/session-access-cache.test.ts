// The session-access lookup's cached rows (session-access-cache.ts): with the cache warm, every
// write to a session's rows counts on the very next call, whichever code path wrote (drizzle,
// raw SQL, foreign-key cascades), a rolled-back transaction leaves nothing stale, a write to one
// session keeps the others' rows, and both the cache and the generations stay bounded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import type { User } from 'lucia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client';
import { gameSessions, sessionPlayers, users } from '../db/schema';
import { installSessionRowGenerations, sessionRowGeneration } from '../db/session-row-generation';
import { requireSessionAccess } from './session-access';
import { SessionAccessCache, sessionAccessCacheSize } from './session-access-cache';

let dir: string;
let file: string;
let db: Db;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-access-'));
  file = path.join(dir, 'app.db');
  db = openDatabase(file);
});
afterEach(() => {
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const person = (id: string, role: User['role'] = 'hunter') => {
  db.insert(users).values({ id, username: id, email: `${id}@example.test`, role }).run();
  return { id, role } as User;
};
const session = (ownerId: string) =>
  db.insert(gameSessions).values({ ownerId, name: `S ${ownerId}`, password: 'pw', maxPlayers: 25, duration: 60 }).returning().get().id;
const join = (sessionId: number, userId: string) => db.insert(sessionPlayers).values({ sessionId, userId, handle: userId }).run();
const access = (user: User, sessionId: number) => requireSessionAccess({ db, user }, sessionId);
const warm = (user: User, sessionId: number) => {
  access(user, sessionId);
  return access(user, sessionId);
};

describe('a warm row never outlives a write to its session', () => {
  it('is served from the cache (a second connection, which has no triggers, is not noticed: one process owns the file)', () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const id = session(gm.id);
    join(id, hunter.id);
    expect(warm(hunter, id).player?.dartsUsed).toBe(0);
    expect(sessionAccessCacheSize(db.$client)).toBe(1);
    const other = new Database(file);
    other.prepare('UPDATE session_players SET darts_used = 3').run();
    other.close();
    expect(access(hunter, id).player?.dartsUsed).toBe(0);
    // The same write on the app's connection counts at once.
    db.$client.prepare('UPDATE session_players SET darts_used = 4').run();
    expect(access(hunter, id).player?.dartsUsed).toBe(4);
  });

  it('a hunter who joins after a refusal is let in at once (insert)', () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const id = session(gm.id);
    expect(() => warm(hunter, id)).toThrow('You are not part of this session');
    join(id, hunter.id);
    expect(access(hunter, id).role).toBe('player');
  });

  it("the session's status and clock (drizzle update on game_sessions)", () => {
    const gm = person('gm', 'gamemaster');
    const id = session(gm.id);
    expect(warm(gm, id).gameSession.status).toBe('preparing');
    db.update(gameSessions).set({ status: 'paused', pausedAt: 123 }).where(eq(gameSessions.id, id)).run();
    expect(access(gm, id).gameSession).toMatchObject({ status: 'paused', pausedAt: 123 });
  });

  it("a hunter's own row (raw SQL update, as a position report writes it)", () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const id = session(gm.id);
    join(id, hunter.id);
    expect(warm(hunter, id).player?.lastLat).toBeNull();
    db.$client.prepare('UPDATE session_players SET last_lat = 48.85 WHERE user_id = ?').run(hunter.id);
    expect(access(hunter, id).player?.lastLat).toBe(48.85);
  });

  it('a deleted session is not found, and its players go with it (delete, cascade)', () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const id = session(gm.id);
    join(id, hunter.id);
    warm(gm, id);
    warm(hunter, id);
    db.delete(gameSessions).where(eq(gameSessions.id, id)).run();
    expect(() => access(gm, id)).toThrow('Session not found');
    expect(() => access(hunter, id)).toThrow('Session not found');
  });

  it("a deleted account's sessions are not found (cascade from users)", () => {
    const gm = person('gm', 'gamemaster');
    const admin = person('admin', 'admin');
    const id = session(gm.id);
    expect(warm(admin, id).role).toBe('admin');
    db.delete(users).where(eq(users.id, gm.id)).run();
    expect(() => access(admin, id)).toThrow('Session not found');
  });

  it('a guest removed with their account loses access (cascade from users to session_players)', () => {
    const gm = person('gm', 'gamemaster');
    const guest = person('guest');
    const id = session(gm.id);
    join(id, guest.id);
    expect(warm(guest, id).role).toBe('player');
    db.delete(users).where(eq(users.id, guest.id)).run();
    expect(() => access(guest, id)).toThrow('You are not part of this session');
  });

  it('a row read inside a transaction that rolls back is not kept', () => {
    const gm = person('gm', 'gamemaster');
    const id = session(gm.id);
    expect(warm(gm, id).gameSession.status).toBe('preparing');
    expect(() =>
      db.transaction((tx) => {
        tx.update(gameSessions).set({ status: 'completed' }).where(eq(gameSessions.id, id)).run();
        expect(access(gm, id).gameSession.status).toBe('completed');
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(access(gm, id).gameSession.status).toBe('preparing');
  });
});

describe('what a write drops', () => {
  it("a write to one session leaves every other session's generation (and cached rows) alone", () => {
    const gm = person('gm', 'gamemaster');
    const a = session(gm.id);
    const b = session(gm.id);
    warm(gm, a);
    warm(gm, b);
    const before = sessionRowGeneration(db.$client, b);
    db.update(gameSessions).set({ status: 'active' }).where(eq(gameSessions.id, a)).run();
    expect(sessionRowGeneration(db.$client, b)).toBe(before);
    expect(sessionRowGeneration(db.$client, a)).not.toBe(sessionRowGeneration(db.$client, b));
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
  it('is one frozen object while its values are the same, and a new one with the new values after a write', () => {
    const gm = person('gm', 'gamemaster');
    const [a, b] = [person('a'), person('b')];
    const id = session(gm.id);
    join(id, a.id);
    join(id, b.id);
    const first = warm(a, id).gameSession;
    expect(warm(b, id).gameSession).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    db.update(gameSessions).set({ status: 'active', startTime: 456 }).where(eq(gameSessions.id, id)).run();
    const after = access(b, id).gameSession;
    expect(after).not.toBe(first);
    expect(after).toMatchObject({ status: 'active', startTime: 456 });
    expect(first.status).toBe('preparing'); // what a caller already holds does not change
    expect(access(a, id).gameSession).toBe(after);
  });

  it("another session's row is never handed out (each session keeps its own)", () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const [one, two] = [session(gm.id), session(gm.id)];
    join(one, hunter.id);
    join(two, hunter.id);
    expect(access(hunter, one).gameSession.id).toBe(one);
    expect(access(hunter, two).gameSession.id).toBe(two);
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

  it('hands every caller the same frozen rows: none can change what the next one reads', () => {
    const gm = person('gm', 'gamemaster');
    const hunter = person('hunter');
    const id = session(gm.id);
    join(id, hunter.id);
    const first = warm(hunter, id);
    expect(access(hunter, id).gameSession).toBe(first.gameSession);
    expect(() => {
      (first.gameSession as { status: string }).status = 'completed';
    }).toThrow(TypeError);
    expect(() => {
      (first.player as { dartsUsed: number }).dartsUsed = 9;
    }).toThrow(TypeError);
    expect(access(hunter, id).gameSession.status).toBe('preparing');
  });
});
