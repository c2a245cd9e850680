// Issue #28, proof (4): a rate limit counts across processes. With MESSAGE_RATE_LIMIT=5, one
// account sending 15 messages through three processes (REST and /ws, at once) gets exactly 5
// accepted; every other answer is 429 with Retry-After (REST) or an error frame with status 429
// (/ws), and the database holds exactly 5 of its messages.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { messages } from '../db/schema';
import { ApiClient } from '../testing/api-client';
import { guestJoin, LiveSocket, liveSession, RequestFailed, signInAdmin, subscribedGameMaster } from '../testing/cluster-clients';
import { openClusterDb } from '../testing/cluster-db';
import { type Cluster, startCluster } from '../testing/cluster-harness';

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, env: { MESSAGE_RATE_LIMIT: '5' } });
  ({ db, close: closeDb } = await openClusterDb(cluster.databaseUrl));
});
afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

describe('shared limits', () => {
  it('(4) MESSAGE_RATE_LIMIT=5: exactly 5 of 15 messages sent through three processes are accepted', async () => {
    const admin = await signInAdmin(cluster.url);
    const gm = await subscribedGameMaster(cluster.url, admin);
    const session = await liveSession(gm);
    const hunter = await guestJoin(cluster.urlOf(0), session.id, session.password, 'Chatty');
    const clients = [0, 1, 2].map((p) => {
      const client = new ApiClient(cluster.urlOf(p));
      client.cookie = hunter.cookie;
      client.deviceCookie = hunter.deviceCookie;
      for (const [name, value] of hunter.jar) client.jar.set(name, value);
      return client;
    });
    const sockets = [0, 1, 2].map((p) => LiveSocket.open(cluster.wsUrlOf(p), session.id, hunter.cookies()));
    await Promise.all(sockets.map((s) => s.ready()));

    type Outcome = { accepted: boolean; status: number; retryAfter: string | null | undefined };
    const attempts: Promise<Outcome>[] = [];
    for (let i = 0; i < 15; i += 1) {
      const p = i % 3;
      if (i % 2 === 0) {
        attempts.push(
          clients[p]!.post(`/api/game-sessions/${session.id}/communications`, { message: `rest ${i}`, recipientType: 'all' }).then((res) => ({
            accepted: res.status === 200,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
          })),
        );
      } else {
        attempts.push(
          sockets[p]!.request({ type: 'comms_message', message: `ws ${i}`, recipientType: 'all' }).then(
            () => ({ accepted: true, status: 200, retryAfter: undefined }),
            (error: unknown) => ({ accepted: false, status: error instanceof RequestFailed ? Number(error.frame?.status ?? 0) : 0, retryAfter: undefined }),
          ),
        );
      }
    }
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o.accepted)).toHaveLength(5);
    const refused = outcomes.filter((o) => !o.accepted);
    expect(refused.map((o) => o.status)).toEqual(Array(10).fill(429));
    for (const o of refused.filter((o) => o.retryAfter !== undefined)) expect(Number(o.retryAfter)).toBeGreaterThan(0);

    const stored = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.sessionId, session.id), eq(messages.senderUserId, hunter.userId)));
    expect(stored).toHaveLength(5);

    // Still refused on every process afterwards (the minute is not over).
    for (const client of clients) {
      const res = await client.post(`/api/game-sessions/${session.id}/communications`, { message: 'one more', recipientType: 'all' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await Promise.all(sockets.map((s) => s.close()));
  });
});
