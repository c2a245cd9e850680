// Issue #28: what must happen once across the cluster, proofs (8), (7) and (4) on three processes
// started at the same moment on an empty database (one cluster for the three: each start costs):
// (8) they migrate and seed once (one migration record per migration, one administrator, one copy
//     of the plans and of the species catalogue);
// (7) every process runs the session clock, yet each scheduled start publishes one session_started
//     (and each automatic end one session_ended);
// (4) a rate limit counts across processes: with MESSAGE_RATE_LIMIT=5, one account sending 15
//     messages through the three processes (REST and /ws, at once) gets exactly 5 accepted; every
//     other answer is 429 with Retry-After (REST) or an error frame with status 429 (/ws), and the
//     database holds exactly 5 of its messages.
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_PLANS } from '../../domain/billing-schemas';
import type { Db } from '../db/client';
import { rawAll } from '../db/raw';
import { dinosaurSpecies, events, gameSessions, messages, subscriptionPlans, users } from '../db/schema';
import { SPECIES_CATALOGUE } from '../seed/species-catalogue';
import { ApiClient } from '../../../test/support/api-client';
import { eventually, guestJoin, LiveSocket, liveSession, RequestFailed, signInAdmin, sleep, subscribedGameMaster } from '../../../test/support/cluster-clients';
import { openClusterDb } from '../../../test/support/cluster-db';
import { type Cluster, startCluster } from '../../../test/support/cluster-harness';

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, together: true, env: { MESSAGE_RATE_LIMIT: '5' } });
  ({ db, close: closeDb } = await openClusterDb(cluster.databaseUrl));
});
afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
});

/** How many events of `type` each session has. */
async function eventCounts(type: string, sessionIds: number[]): Promise<Record<number, number>> {
  const rows = await db
    .select({ sessionId: events.sessionId, n: count() })
    .from(events)
    .where(and(eq(events.type, type), inArray(events.sessionId, sessionIds)))
    .groupBy(events.sessionId);
  return Object.fromEntries(sessionIds.map((id) => [id, rows.find((r) => r.sessionId === id)?.n ?? 0]));
}

describe('one runner for each first start and each timer', () => {
  it('(8) three processes started at once on an empty database migrate and seed once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve('db/migrations-pg/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const migrations = await rawAll<{ n: number }>(db, sql`SELECT COUNT(*) AS n FROM drizzle.__drizzle_migrations`);
    expect(Number(migrations[0]!.n)).toBe(journal.entries.length);

    expect(await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
    const plans = await db.select({ name: subscriptionPlans.name }).from(subscriptionPlans);
    expect(plans.map((p) => p.name).sort()).toEqual(FALLBACK_PLANS.map((p) => p.name).sort());
    const species = await db.select({ name: dinosaurSpecies.name }).from(dinosaurSpecies);
    expect(species.map((s) => s.name).sort()).toEqual(SPECIES_CATALOGUE.map((s) => s.name).sort());

    // Each process is up and answers; none reported a clash while starting.
    for (let p = 0; p < 3; p += 1) {
      expect((await fetch(`${cluster.urlOf(p)}/api/subscription-plans`)).status).toBe(200);
      expect(cluster.processes[p]!.output()).not.toMatch(/duplicate key|already exists|deadlock/i);
    }
  });

  it('(7) each scheduled start publishes one session_started, and each automatic end one session_ended', async () => {
    const admin = await signInAdmin(cluster.url);
    const gm = await subscribedGameMaster(cluster.url, admin);
    const startAt = Date.now() + 4000;
    const sessions = [];
    for (let i = 0; i < 6; i += 1) sessions.push(await liveSession(gm, { dinosaurs: 1, scheduledStartTime: startAt, duration: 30 }));
    const ids = sessions.map((s) => s.id);

    // Nobody reads the sessions meanwhile: only the three processes' clocks start them.
    await eventually(
      async () => (await db.select({ id: gameSessions.id }).from(gameSessions).where(and(inArray(gameSessions.id, ids), eq(gameSessions.status, 'active')))).length === ids.length,
      20_000,
      'every scheduled session started',
    );
    // A few more ticks of every clock, then count.
    await sleep(3000);
    expect(await eventCounts('session_started', ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));

    // Their time runs out (moved back 31 minutes): each ends once.
    await db
      .update(gameSessions)
      .set({ startTime: Date.now() - 31 * 60_000 })
      .where(inArray(gameSessions.id, ids));
    await eventually(
      async () => (await db.select({ id: gameSessions.id }).from(gameSessions).where(and(inArray(gameSessions.id, ids), eq(gameSessions.status, 'completed')))).length === ids.length,
      20_000,
      'every session ended on time',
    );
    await sleep(3000);
    expect(await eventCounts('session_ended', ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
  });
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
