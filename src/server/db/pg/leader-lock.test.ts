// The leader lock on PostgreSQL (issue #28, decision 889), at the driver level: of several processes'
// locks on one database exactly one leads; closing it, killing its connection on the server, or its
// connection going silent hands over within LEADER_RETRY_MS, and the old leader stops leading at once.
// Needs a PostgreSQL server: DATABASE_URL (postgres://) or DINOHUNT_PG_URL, exported by .ci/run;
// without one this file is skipped (decision 863). The app-level proofs: services/leader-timers.test.ts.
import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LEADER_QUERY_TIMEOUT_MS, LEADER_RETRY_MS, LEADER_SERVER_GIVES_UP_MS, PG_LEADER_LOCK_KEY } from '../constants';
import { createTestPgDatabase, type TestPgDatabase } from '../../../../test/support/pg-database';
import { isPostgresUrl } from './client';
import { createPgLeaderLock, type LeaderLock, leaderClientConfig } from './leader-lock';

const baseUrl = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : process.env.DINOHUNT_PG_URL;

/** A busy 2-core machine answers a query in a few ms, sometimes a few hundred: the slack allowed on top of the rule. */
const SLACK_MS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms until it is true; returns the ms waited, or throws after `limitMs`. */
async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(20);
  }
}

/** A TCP relay to PostgreSQL that can go silent (a network cut neither side is told of). */
async function silenceableRelay(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(incoming).add(outgoing);
    for (const [from, to] of [
      [incoming, outgoing],
      [outgoing, incoming],
    ] as const) {
      from.on('data', (chunk) => {
        if (!silent) to.write(chunk);
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    silence: () => {
      silent = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!baseUrl)('the leader lock on PostgreSQL', () => {
  let database: TestPgDatabase;
  let admin: pg.Client;
  const locks: LeaderLock[] = [];
  const changes: string[] = [];
  const warnings: string[] = [];
  // How many locks lead at once, and the most ever seen in a test.
  let leading = 0;
  let mostLeading = 0;

  const newLock = (name: string, connectionString = database.url) => {
    const lock = createPgLeaderLock({
      connectionString,
      key: PG_LEADER_LOCK_KEY,
      retryMs: LEADER_RETRY_MS,
      queryTimeoutMs: LEADER_QUERY_TIMEOUT_MS,
      onChange: (leader) => {
        changes.push(`${name}:${leader}`);
        leading += leader ? 1 : -1;
        mostLeading = Math.max(mostLeading, leading);
      },
      log: { info: () => {}, warn: (message) => warnings.push(`${name}: ${message}`) },
    });
    locks.push(lock);
    return lock;
  };

  /** The backend that holds the leader lock on the test database, as an operator would find it. */
  const holders = async (): Promise<number[]> => {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid::bigint = $1 AND l.objid::bigint = $2`,
      [(PG_LEADER_LOCK_KEY >> 32n).toString(), (PG_LEADER_LOCK_KEY & 0xffff_ffffn).toString()],
    );
    return rows.map((r) => r.pid);
  };

  const leaders = () => locks.filter((lock) => lock.isLeader());

  /**
   * Starts the locks and waits for one to lead. Usually the first tries decide; on this shared machine
   * under load a first try may time out (LEADER_QUERY_TIMEOUT_MS), and the next retry decides.
   */
  const startAll = async (...all: LeaderLock[]) => {
    await Promise.all(all.map((lock) => lock.start()));
    await waitFor(() => leaders().length > 0, LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS + SLACK_MS, 'a first leader');
    return leaders()[0]!;
  };

  // One database for the file: each test closes its locks, so the next starts with the key free.
  beforeAll(async () => {
    database = await createTestPgDatabase(baseUrl);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(locks.splice(0).map((lock) => lock.close()));
    changes.length = 0;
    warnings.length = 0;
    expect(leading).toBe(0);
    mostLeading = 0;
    expect(await holders()).toEqual([]);
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  it('lets exactly one of three processes lead, on a connection of its own named dinohunt-leader', async () => {
    await startAll(newLock('a'), newLock('b'), newLock('c'));
    expect(leaders()).toHaveLength(1);
    const [pid] = await holders();
    expect(pid).toBeDefined();
    const { rows } = await admin.query('SELECT application_name FROM pg_stat_activity WHERE pid = $1', [pid]);
    expect(rows[0].application_name).toBe('dinohunt-leader');
    // Followers go on trying: still one leader after a few retries.
    await sleep(LEADER_RETRY_MS + 200);
    expect(leaders()).toHaveLength(1);
    expect(mostLeading).toBe(1);
  });

  it('hands over within one retry period when the leader closes, and the closed one no longer holds the lock', async () => {
    const leader = await startAll(newLock('a'), newLock('b'), newLock('c'));
    const [before] = await holders();
    await leader.close();
    expect(leader.isLeader()).toBe(false);
    const waited = await waitFor(() => leaders().length === 1, LEADER_RETRY_MS + SLACK_MS, 'a new leader');
    expect(waited).toBeLessThanOrEqual(LEADER_RETRY_MS + SLACK_MS);
    expect(leaders()[0]).not.toBe(leader);
    const after = await holders();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    // No second leader shows up later; and never two at once (the closing one stops before it unlocks).
    await sleep(LEADER_RETRY_MS + 200);
    expect(leaders()).toHaveLength(1);
    expect(mostLeading).toBe(1);
  });

  it('stops leading at once when the server ends its connection, and another process takes over within one retry period', async () => {
    const [a, b] = [newLock('a'), newLock('b')];
    const leader = await startAll(a, b);
    const follower = leader === a ? b : a;
    const [pid] = await holders();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const stopped = await waitFor(() => !leader.isLeader(), 500, 'the old leader stops');
    expect(stopped).toBeLessThan(500);
    const waited = await waitFor(() => follower.isLeader(), LEADER_RETRY_MS + SLACK_MS, 'the follower leads');
    expect(waited).toBeLessThanOrEqual(LEADER_RETRY_MS + SLACK_MS);
    expect(warnings.some((w) => w.includes('stops running the timers'))).toBe(true);
    // The old leader reconnects as a follower: one leader, and the lock held by the new one.
    await sleep(LEADER_RETRY_MS + 200);
    expect(leaders()).toEqual([follower]);
    expect(await holders()).toHaveLength(1);
  });

  it('stops leading when its connection goes silent, rather than lead unsure', async () => {
    const relay = await silenceableRelay(new URL(database.url));
    try {
      const leader = await startAll(newLock('cut', relay.url));
      changes.length = 0;
      relay.silence();
      // The next check gets no answer within the query timeout: the process stops leading, and cannot lead again.
      await waitFor(() => !leader.isLeader(), LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS + SLACK_MS, 'the cut-off leader stops');
      await sleep(LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS);
      expect(changes).toEqual(['cut:false']);
    } finally {
      await relay.close();
    }
  });

  it('has PostgreSQL give up on a leader machine gone silent within LEADER_SERVER_GIVES_UP_MS, not the hours of TCP defaults', async () => {
    const c = new pg.Client(leaderClientConfig(database.url, LEADER_QUERY_TIMEOUT_MS));
    await c.connect();
    try {
      const { rows } = await c.query<{ name: string; setting: string }>(
        "SELECT name, setting FROM pg_settings WHERE name IN ('tcp_keepalives_idle', 'tcp_keepalives_interval', 'tcp_keepalives_count', 'tcp_user_timeout')",
      );
      const setting = Object.fromEntries(rows.map((r) => [r.name, Number(r.setting)]));
      // Idle connection: keepalive probes; unacknowledged data: tcp_user_timeout. Both within the rule.
      const keepaliveMs = 1000 * (setting.tcp_keepalives_idle! + setting.tcp_keepalives_interval! * setting.tcp_keepalives_count!);
      expect(keepaliveMs).toBe(LEADER_SERVER_GIVES_UP_MS);
      expect(setting.tcp_user_timeout).toBe(LEADER_SERVER_GIVES_UP_MS);
      // Longer than the leader's own check: a cut-off leader stops before PostgreSQL frees its lock.
      expect(LEADER_SERVER_GIVES_UP_MS).toBeGreaterThan(LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS);
    } finally {
      await c.end();
    }
  });

  it('takes the lock only once it is free, and says when the database cannot be reached', async () => {
    const unreachable = new URL(database.url);
    unreachable.port = '1'; // nothing listens there
    const lost = newLock('lost', unreachable.toString());
    await lost.start();
    expect(lost.isLeader()).toBe(false);
    expect(warnings.filter((w) => w.startsWith('lost:'))).toHaveLength(1);
    await lost.attempt();
    // One warning per outage, not one per try.
    expect(warnings.filter((w) => w.startsWith('lost:'))).toHaveLength(1);

    // Someone else (another app, an operator) holds the key: no lock, until it lets go.
    await admin.query('SELECT pg_advisory_lock($1::bigint)', [PG_LEADER_LOCK_KEY.toString()]);
    const waiting = newLock('waiting');
    await waiting.start();
    await waiting.attempt();
    expect(waiting.isLeader()).toBe(false);
    await admin.query('SELECT pg_advisory_unlock($1::bigint)', [PG_LEADER_LOCK_KEY.toString()]);
    await waitFor(() => waiting.isLeader(), LEADER_RETRY_MS + SLACK_MS, 'the waiting lock leads');
  });
});
