// Shared rate limits (issue #28, decisions 885-886). The `rate_limits` statements count every take
// once however many run at once, and the token bucket in SQL answers as domain/token-bucket.ts does
// (both databases: the SQL is portable). On PostgreSQL, two apps on one database (two processes of a
// cluster, in one test process) share every budget: past it, 429 with Retry-After from either.
import { eq, like } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_LOCK_FAILURES,
  DEVICE_LOCK_FAILURES,
  POSITION_BUDGET_BURST,
  POSITION_BUDGET_REFILL_MS,
  SESSION_JOIN_LOCK_FAILURES,
} from '../../domain/rules';
import { type Bucket, takeToken } from '../../domain/token-bucket';
import { closeDatabase, connectDatabase, type Db } from '../db/client';
import { addToWindow, bookTurn, holdTurns, readWindow, sweepRateLimits, takeFromBucket } from '../db/rate-limits';
import { runningDialect } from '../db/running-dialect';
import { messages, positions, rateLimits } from '../db/schema';
import { createSession, hunterIn, JPEG, type Signed } from '../../../test/support/comms-kit';
import { ApiClient, removeTestDir, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { LIMIT_MESSAGES } from './auth-limits';
import { createRateLimitStore, SharedCounts, SharedWindowLimiter } from './rate-limit-store';
import { SharedPositionBudget } from './write-limits';

const onPg = runningDialect() === 'pg';
const WRITES = { MESSAGE_RATE_LIMIT: '5', UPLOAD_RATE_LIMIT: '2' };
const AUTH = { AUTH_RATE_LIMIT: '4', TRUST_PROXY: '127.0.0.1' };

/** Two apps on one database (PostgreSQL), or one (SQLite: a single process is the whole service). */
type Pair = { a: TestServer; b: TestServer | null };
const pairs: Pair[] = [];

async function pair(env: Record<string, string>): Promise<Pair> {
  const a = await startTestServer(env, { keepDir: onPg });
  const b = onPg ? await startTestServer(env, { dir: a.dir, keepDir: true }) : null;
  const p = { a, b };
  pairs.push(p);
  return p;
}

let writes: Pair;
let auth: Pair;
let db: Db;
let run = 0;
const unique = (prefix: string) => `${prefix}:${process.pid}:${++run}`;

beforeAll(async () => {
  writes = await pair(WRITES);
  if (onPg) auth = await pair(AUTH);
  db = writes.a.deps.db;
});
afterAll(async () => {
  for (const { a, b } of pairs) {
    await b?.close();
    await a.close();
    if (onPg) await removeTestDir(a.dir);
  }
});

describe('rate_limits statements', () => {
  it('a window counts every take once, however many run at once, and opens anew once it has ended', async () => {
    const key = unique('window');
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 12 }, () => addToWindow(db, key, 1, 60_000, now)));
    expect(counts.map((c) => c.points).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(counts.map((c) => c.expiresAt))).toEqual(new Set([now + 60_000]));
    // Given back (a refused write), then read.
    expect((await addToWindow(db, key, -2, 60_000, now + 1)).points).toBe(10);
    expect(await readWindow(db, key, now + 59_999)).toMatchObject({ points: 10, expiresAt: now + 60_000 });
    expect(await readWindow(db, key, now + 60_000)).toBeNull();
    // The window does not slide: the first take after its end opens the next one.
    expect(await addToWindow(db, key, 1, 60_000, now + 60_000)).toMatchObject({ points: 1, expiresAt: now + 120_000, startedNow: true });
  });

  it('a bucket gives exactly its burst to takes that run at once, then one token a refill', async () => {
    const key = unique('bucket');
    const now = Date.now();
    const takes = await Promise.all(Array.from({ length: 15 }, () => takeFromBucket(db, key, 10, 1_000, now)));
    expect(takes.filter((t) => t.allowed)).toHaveLength(10);
    expect(await takeFromBucket(db, key, 10, 1_000, now + 999)).toMatchObject({ allowed: false });
    expect(await takeFromBucket(db, key, 10, 1_000, now + 1_000)).toEqual({ allowed: true });
    expect(await takeFromBucket(db, key, 10, 1_000, now + 2_500)).toEqual({ allowed: true });
    expect(await takeFromBucket(db, key, 10, 1_000, now + 2_500)).toMatchObject({ allowed: false, tokens: 0.5, at: now + 2_500 });
  });

  it('the bucket in SQL answers as domain/token-bucket.ts for any sequence of times (the clock going back too)', async () => {
    const key = unique('bucket-model');
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let model: Bucket | undefined;
    let now = 1_700_000_000_000;
    const fromSql: boolean[] = [];
    const fromModel: boolean[] = [];
    for (let i = 0; i < 150; i++) {
      // Mostly quick reports, some pauses, and now and then a clock that steps back.
      const r = random();
      now += r < 0.6 ? Math.floor(random() * 400) : r < 0.9 ? Math.floor(random() * 5_000) : -Math.floor(random() * 3_000);
      const taken = takeToken(model, now, POSITION_BUDGET_BURST, POSITION_BUDGET_REFILL_MS);
      model = taken.bucket;
      fromModel.push(taken.allowed);
      fromSql.push((await takeFromBucket(db, key, POSITION_BUDGET_BURST, POSITION_BUDGET_REFILL_MS, now)).allowed);
    }
    expect(fromModel.filter((a) => !a).length).toBeGreaterThan(10); // the sequence does reach the limit
    expect(fromSql).toEqual(fromModel);
  });

  it('a pace books one turn an interval, however many ask at once, and holds them back when told', async () => {
    const key = unique('pace');
    const now = Date.now();
    const turns = await Promise.all(Array.from({ length: 5 }, () => bookTurn(db, key, 1_000, now)));
    expect(turns.sort((x, y) => x - y)).toEqual([now, now + 1_000, now + 2_000, now + 3_000, now + 4_000]);
    // Nothing booked by the time the last turn has passed: the next one is at once.
    expect(await bookTurn(db, key, 1_000, now + 10_000)).toBe(now + 10_000);
    await holdTurns(db, key, now + 20_000, now + 10_500);
    expect(await bookTurn(db, key, 1_000, now + 11_000)).toBe(now + 20_000);
  });

  it('the sweep deletes the rows past their end, and only those', async () => {
    const prefix = unique('sweep');
    const now = Date.now();
    await addToWindow(db, `${prefix}:ended`, 1, 1_000, now - 1_000);
    await addToWindow(db, `${prefix}:open`, 1, 1_000, now);
    await takeFromBucket(db, `${prefix}:full-again`, 10, 1_000, now - 1_000);
    await takeFromBucket(db, `${prefix}:refilling`, 10, 1_000, now);
    expect(await sweepRateLimits(db, now)).toBeGreaterThanOrEqual(2);
    const left = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `${prefix}:%`));
    expect(left.map((r) => r.key).sort()).toEqual([`${prefix}:open`, `${prefix}:refilling`]);
  });

  it('while the database cannot count, the process counts in its memory and says so once (decision 886)', async () => {
    const { config } = writes.a.deps;
    const closed = await connectDatabase(config);
    await closeDatabase(closed);
    const warnings: string[] = [];
    const counts = new SharedCounts(closed, { warn: (m) => warnings.push(m) });
    const limiter = new SharedWindowLimiter(counts, { keyPrefix: 'message', points: 2, duration: 60 });
    await limiter.consume('someone');
    await limiter.consume('someone');
    const refused = await limiter.consume('someone').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    const budget = new SharedPositionBudget(counts);
    const now = Date.now();
    const waits = [];
    for (let i = 0; i <= POSITION_BUDGET_BURST; i++) waits.push(await budget.take(7, now));
    expect(waits.slice(0, POSITION_BUDGET_BURST).every((w) => w === null)).toBe(true);
    expect(waits[POSITION_BUDGET_BURST]).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^rate limits: the database could not count \(message: /);
    expect(warnings[0]).not.toContain('someone');
  });
});

/** Every other request through the second app. */
const through = (p: Pair, i: number) => (i % 2 === 0 || !p.b ? p.a : p.b).url;

function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** The client's cookies on the other app (the sign-in is in the shared database). */
function sameClientOn(server: TestServer, client: ApiClient): ApiClient {
  const other = new ApiClient(server.url);
  other.cookie = client.cookie;
  other.deviceCookie = client.deviceCookie;
  for (const [name, value] of client.jar) other.jar.set(name, value);
  return other;
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe.skipIf(!onPg)('two processes on one PostgreSQL database share every budget', () => {
  let session: number;
  let hunter: Signed;
  let hunterOnB: ApiClient;

  beforeAll(async () => {
    const gm = (await subscribedGameMaster(writes.a)) as Signed;
    session = await createSession(writes.a, gm.user.id);
    hunter = await hunterIn(writes.a, session, 'Everywhere');
    hunterOnB = sameClientOn(writes.b!, hunter);
  });

  it('MESSAGE_RATE_LIMIT=5: of 10 messages sent together through A and B, exactly 5 are accepted', async () => {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? hunter : hunterOnB).post(`/api/game-sessions/${session}/communications`, { message: `m${i}` }),
      ),
    );
    expect(tally(sent.map((r) => r.status))).toEqual({ 200: 5, 429: 5 });
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(refused.body.error).toBe('Too many messages. Please wait a moment and try again.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.retryAfterSeconds).toBe(Number(refused.headers.get('retry-after')));
    }
    const stored = await db.select({ body: messages.message }).from(messages).where(like(messages.message, 'm_'));
    expect(stored).toHaveLength(5);
  });

  it('UPLOAD_RATE_LIMIT=2: of 4 uploads sent together through A and B, exactly 2 are stored', async () => {
    const shutter = await hunterIn(writes.a, session, 'Shutter');
    const onB = sameClientOn(writes.b!, shutter);
    const photo = () => {
      const fd = new FormData();
      fd.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
      return fd;
    };
    const sent = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        (i % 2 === 0 ? shutter : onB).request('POST', `/api/game-sessions/${session}/upload-media`, photo()),
      ),
    );
    expect(tally(sent.map((r) => r.status))).toEqual({ 200: 2, 429: 2 });
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(refused.body.error).toBe('Too many uploads. Please wait a moment and try again.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it("positions: of 16 reports sent together through A and B, exactly the burst is stored; then one a refill", async () => {
    let clock = Date.now();
    writes.a.deps.now = () => clock;
    writes.b!.deps.now = () => clock;
    const walker = await hunterIn(writes.a, session, 'Walker');
    const onB = sameClientOn(writes.b!, walker);
    const report = (client: ApiClient) => client.post(`/api/game-sessions/${session}/location`, { lat: 45.5, lng: -73.5, accuracy: 5 });
    const sent = await Promise.all(Array.from({ length: 16 }, (_, i) => report(i % 2 === 0 ? walker : onB)));
    expect(tally(sent.map((r) => r.status))).toEqual({ 200: POSITION_BUDGET_BURST, 429: 16 - POSITION_BUDGET_BURST });
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(refused.body.error).toBe('Too many position reports. Please wait a moment and try again.');
      expect(refused.headers.get('retry-after')).toBe('1');
    }
    expect(await db.select({ id: positions.id }).from(positions).where(eq(positions.sessionId, session))).toHaveLength(
      POSITION_BUDGET_BURST,
    );
    clock += POSITION_BUDGET_REFILL_MS;
    expect((await report(onB)).status).toBe(200);
    expect((await report(walker)).status).toBe(429);
  });

  it('sign-in attempts per address: of 10 sent together through A and B, exactly AUTH_RATE_LIMIT are checked', async () => {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(through(auth, i), '/api/auth/login', { username: 'nobody', password: 'wrong-password' }, { 'x-forwarded-for': '198.51.100.20' }),
      ),
    );
    expect(tally(sent.map((r) => r.status))).toEqual({ 401: 4, 429: 6 });
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(await refused.json()).toMatchObject({ error: LIMIT_MESSAGES.attempts });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('join attempts per address: of 10 sent together through A and B, exactly AUTH_RATE_LIMIT are checked', async () => {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          through(auth, i),
          '/api/hunter/join-session',
          { sessionId: 'No Such Hunt', password: 'guess', hunterHandle: 'Guesser' },
          { 'x-forwarded-for': '198.51.100.21' },
        ),
      ),
    );
    expect(tally(sent.map((r) => r.status))).toEqual({ 404: 4, 429: 6 });
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it("the geocoder's pace: turns booked through A and B at once are one interval apart", async () => {
    const log = { warn() {} };
    const name = unique('geocoder');
    const shared = [writes.a, writes.b!].map((server) => createRateLimitStore(server.deps.db, log).pace(name, 1_000));
    const now = Date.now();
    const turns = await Promise.all(Array.from({ length: 6 }, (_, i) => shared[i % 2]!.book(now)));
    expect(turns.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5].map((i) => now + i * 1_000));
  });

  it("wrong session passwords lock joining from that address on every process", async () => {
    const target = await createSession(writes.a, (await subscribedGameMaster(writes.a)).user.id);
    const attempt = (i: number, password: string) =>
      post(through(writes, i), '/api/hunter/join-session', { sessionId: String(target), password, hunterHandle: `Guess${i}` });
    for (let i = 0; i < SESSION_JOIN_LOCK_FAILURES; i++) expect((await attempt(i, 'wrong')).status).toBe(404);
    for (const i of [0, 1]) {
      const locked = await attempt(i, 'pw'); // the right password: the lock holds
      expect(locked.status).toBe(429);
      expect((await locked.json()).error).toBe(LIMIT_MESSAGES.sessionLocked(15));
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    }
  });

  it('a device cookie put on the lockout list by one process is unknown to the other', async () => {
    const owner = (await signUp(writes.a, 'hunter')) as Signed;
    const username = owner.user.username;
    const known = owner.deviceCookie; // from the registration: a browser the owner uses
    const guessing = new ApiClient(writes.a.url);
    expect((await guessing.post('/api/auth/login', { username, password: 'Fossil-Trail-42' })).status).toBe(200);
    const device = guessing.deviceCookie;
    expect(device).toMatch(/^dinohunt_device=/);
    const login = (server: TestServer, password: string, cookie?: string) =>
      post(server.url, '/api/auth/login', { username, password }, cookie ? { cookie } : {});
    // The device's own allowance, used up through both apps: its last failure (through B) locks the cookie.
    for (let i = 0; i < DEVICE_LOCK_FAILURES; i++) {
      expect((await login(i % 2 === 0 ? writes.a : writes.b!, 'Wrong-Password-1', device)).status).toBe(401);
    }
    // Unknown browsers lock the account's password sign-in.
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) expect((await login(writes.a, 'Wrong-Password-1')).status).toBe(401);
    // Through A, the locked cookie is an unknown browser's: the account's lock holds it, even with the right password.
    expect((await login(writes.a, 'Fossil-Trail-42', device)).status).toBe(429);
    // A browser the owner signed in with still gets in.
    expect((await login(writes.a, 'Fossil-Trail-42', known)).status).toBe(200);
  });

  it("failed sign-ins lock an account's password sign-in on every process", async () => {
    const victim = await signUp(writes.a, 'hunter');
    const username = (victim as Signed).user.username;
    const attempt = (i: number, password: string) => post(through(writes, i), '/api/auth/login', { username, password });
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) expect((await attempt(i, 'Wrong-Password-1')).status).toBe(401);
    for (const i of [0, 1]) {
      const locked = await attempt(i, 'Fossil-Trail-42');
      expect(locked.status).toBe(429);
      expect((await locked.json()).error).toBe(LIMIT_MESSAGES.accountLocked(15));
    }
  });
});
