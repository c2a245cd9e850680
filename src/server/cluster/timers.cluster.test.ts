// Issue #28, proofs (8) and (7) on three processes started at the same moment on an empty database:
// (8) they migrate and seed once (one migration record per migration, one administrator, one copy
//     of the plans and of the species catalogue);
// (7) every process runs the session clock, yet each scheduled start publishes one session_started
//     (and each automatic end one session_ended).
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_PLANS } from '../../domain/billing-schemas';
import type { Db } from '../db/client';
import { rawAll } from '../db/raw';
import { dinosaurSpecies, events, gameSessions, subscriptionPlans, users } from '../db/schema';
import { SPECIES_CATALOGUE } from '../seed/species-catalogue';
import { eventually, liveSession, signInAdmin, sleep, subscribedGameMaster } from '../testing/cluster-clients';
import { openClusterDb } from '../testing/cluster-db';
import { type Cluster, startCluster } from '../testing/cluster-harness';

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  cluster = await startCluster({ processes: 3, together: true });
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
