// Position reports are under a budget per hunter per game session (decision 710): 10 at
// once and one more a second, counted across REST, tRPC (HTTP, batches, socket) and /ws.
// Past it: 429 / TOO_MANY_REQUESTS, and nothing is stored or published.
import { and, count, eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSITION_BUDGET_BURST, POSITION_BUDGET_REFILL_MS, POSITION_REPORT_INTERVAL_MS } from '../../domain/rules';
import { events as eventLog, positions, sessionPlayers } from '../db/schema';
import { createSession, hunterIn, type Signed, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let session: number;
let clock = Date.now();
const location = (id: number) => `/api/game-sessions/${id}/location`;
const REFUSAL = 'Too many position reports. Please wait a moment and try again.';
/** A hunter holding still (the frozen test clock would make any move an implausible jump, which is not stored). */
const fix = () => ({ lat: 45.5, lng: -73.5, accuracy: 5 });

async function stored(userId: string): Promise<number> {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(positions)
    .innerJoin(sessionPlayers, eq(sessionPlayers.id, positions.playerId))
    .where(and(eq(sessionPlayers.userId, userId), eq(positions.sessionId, session)));
  return row!.n;
}

async function events(userId: string): Promise<number> {
  const rows = await server.deps.db
    .select({ payload: eventLog.payload })
    .from(eventLog)
    .where(and(eq(eventLog.sessionId, session), eq(eventLog.type, 'hunter_location')));
  return rows.filter((r) => (r.payload as { userId?: string }).userId === userId).length;
}

beforeAll(async () => {
  server = await startTestServer();
  server.deps.now = () => clock;
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(() => server.close());
beforeEach(() => {
  clock += 60_000; // every hunter starts with a full budget
});

describe('REST', () => {
  it('accepts a burst of 10, then answers 429 with Retry-After and stores nothing more', async () => {
    const hunter = await hunterIn(server, session, 'Flood');
    for (let i = 0; i < POSITION_BUDGET_BURST; i++) {
      expect((await hunter.post(location(session), fix())).status).toBe(200);
    }
    const refused = await hunter.post(location(session), fix());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(REFUSAL);
    expect(refused.body.retryAfterSeconds).toBe(1);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await stored(hunter.user.id)).toBe(POSITION_BUDGET_BURST);
    expect(await events(hunter.user.id)).toBe(POSITION_BUDGET_BURST);

    // One more a second.
    clock += POSITION_BUDGET_REFILL_MS;
    expect((await hunter.post(location(session), fix())).status).toBe(200);
    expect((await hunter.post(location(session), fix())).status).toBe(429);
    expect(await stored(hunter.user.id)).toBe(POSITION_BUDGET_BURST + 1);
  });

  it('is per hunter: another hunter of the same session keeps their budget', async () => {
    const a = await hunterIn(server, session, 'Greedy');
    const b = await hunterIn(server, session, 'Modest');
    for (let i = 0; i <= POSITION_BUDGET_BURST; i++) await a.post(location(session), fix());
    expect((await a.post(location(session), fix())).status).toBe(429);
    expect((await b.post(location(session), fix())).status).toBe(200);
  });

  it('refused reports (bad input, not a hunter) use no budget', async () => {
    const hunter = await hunterIn(server, session, 'Clumsy');
    for (let i = 0; i < 30; i++) expect((await hunter.post(location(session), { lat: 100, lng: 0, accuracy: 5 })).status).toBe(400);
    expect((await hunter.post(location(session), fix())).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await gm.post(location(session), fix())).status).toBe(403);
  });

  it("the app's own pace (one report every 1-3 s, for an hour's walk) is never refused", async () => {
    const hunter = await hunterIn(server, session, 'Walker');
    for (let i = 0; i < 200; i++) {
      // The client's fastest pace is one a second (moving); holding still, one every 3 s.
      clock += i % 3 === 0 ? POSITION_REPORT_INTERVAL_MS : POSITION_BUDGET_REFILL_MS;
      expect((await hunter.post(location(session), fix())).status).toBe(200);
    }
  });
});

describe('tRPC over HTTP (batches)', () => {
  it('answers TOO_MANY_REQUESTS per call past the budget, in the same batch', async () => {
    const hunter = await hunterIn(server, session, 'Batcher');
    const batch = async (n: number) => {
      const calls = Array.from({ length: n }, () => superjson.serialize({ id: session, ...fix() }));
      const res = await fetch(`${server.url}/trpc/${Array(n).fill('comms.reportPosition').join(',')}?batch=1`, {
        method: 'POST',
        headers: { cookie: hunter.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, c]))),
      });
      return (await res.json()) as { result?: unknown; error?: { json: { message: string; data: { code: string; httpStatus: number } } } }[];
    };
    const first = await batch(8);
    expect(first.every((r) => r.result !== undefined)).toBe(true);
    const second = await batch(8);
    expect(second.filter((r) => r.result !== undefined)).toHaveLength(POSITION_BUDGET_BURST - 8);
    const refused = second.filter((r) => r.error !== undefined);
    expect(refused).toHaveLength(8 - (POSITION_BUDGET_BURST - 8));
    expect(refused[0]!.error!.json).toMatchObject({ message: REFUSAL, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    expect(await stored(hunter.user.id)).toBe(POSITION_BUDGET_BURST);
  });
});

describe('tRPC socket', () => {
  it('refuses calls past the budget with TOO_MANY_REQUESTS', async () => {
    const hunter = await hunterIn(server, session, 'Socketeer');
    const { trpc, close } = hunter.trpc({ allOverWebSocket: true });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 25 }, () => trpc.comms.reportPosition.mutate({ id: session, ...fix() })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(POSITION_BUDGET_BURST);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(25 - POSITION_BUDGET_BURST);
      expect(refused[0]!.reason).toMatchObject({ message: REFUSAL, data: { code: 'TOO_MANY_REQUESTS' } });
      expect(await stored(hunter.user.id)).toBe(POSITION_BUDGET_BURST);
    } finally {
      close();
    }
  });
});

describe('/ws hunter_location', () => {
  it('answers error frames with status 429 past the budget, and the budget is shared with the other doors', async () => {
    const hunter = await hunterIn(server, session, 'Radio');
    // Half the budget over REST first.
    for (let i = 0; i < POSITION_BUDGET_BURST / 2; i++) expect((await hunter.post(location(session), fix())).status).toBe(200);
    const ws = WsClient.connect(server, `?sessionId=${session}`, hunter.cookie);
    try {
      await ws.opened;
      for (let i = 0; i < 10; i++) ws.send({ type: 'hunter_location', sessionId: session, requestId: i, location: fix(), accuracy: 5 });
      const last = await ws.next((f) => f.requestId === 9 && f.ref === 'hunter_location');
      expect(last).toMatchObject({ type: 'error', error: REFUSAL, status: 429, retryAfterSeconds: 1 });
      const answers = ws.frames.filter((f) => f.ref === 'hunter_location');
      expect(answers.filter((f) => f.type === 'ack')).toHaveLength(POSITION_BUDGET_BURST / 2);
      expect(answers.filter((f) => f.type === 'error')).toHaveLength(10 - POSITION_BUDGET_BURST / 2);
      expect(await stored(hunter.user.id)).toBe(POSITION_BUDGET_BURST);
    } finally {
      ws.close();
    }
  });
});
