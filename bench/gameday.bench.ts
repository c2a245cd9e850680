// bench:gameday (issue #28): a game day on PostgreSQL. SESSIONS sessions, each with a game master
// watching on the live socket and 25 guest hunters who each report a walking position every
// POSITION_REPORT_INTERVAL_MS (the app's pace for a hunter on the move: src/domain/rules.ts,
// src/client/features/gps/usePositionReports.ts), as the /ws hunter_location frame Field Operations
// sends (the spec's outbound frame) on the socket each phone holds. Run over 1 and 2 app processes
// (the cluster harness: compiled `npm start` processes on a fresh database behind a round-robin
// proxy, so a game master and their hunters sit on different processes).
//
// This machine cannot show throughput scaling (the app, PostgreSQL and this load share 2 cores), so
// it runs at a rate below saturation and reports the COST of one position:
//   app CPU      µs of the app processes' CPU (utime+stime from /proc/<pid>/stat) per acknowledged position
//   PG CPU       µs of the cluster database's backends (pg_stat_activity pids, /proc/<pid>/stat) per position
//   PG commits   transactions committed in the database per position (pg_stat_database.xact_commit; each
//                statement outside a transaction is one): the round trips a position costs, roughly
//   WAL          bytes of WAL per position: "all" is pg_current_wal_lsn() after minus before, server-wide (other
//                databases' writes count too: exact on a quiet server only); "own" sums the records of that
//                range that touch the cluster database's relations, and their transactions' commit records
//                (pg_walinspect, created in the bench's own database; "-" where the role may not read WAL)
//   p50/p99      ms from a hunter sending the report to the game master's socket receiving its event
//   lost         acknowledged positions whose event never reached the game master (must be 0)
//   disorder     events received out of id order or twice, on any socket (must be 0)
//   at rest      app and PostgreSQL CPU (ms per second) over IDLE_SECONDS with every socket open and no report:
//                the part of the cost that does not come from positions (pings, the tailer's poll, timers)
// then docs/performance.md derives the cores a 1,000-session x 25-hunter day needs from these.
//
// Run: npm run bench:gameday
//   SESSIONS=8  GAMEDAY_SECONDS=60  WARMUP_SECONDS=5  IDLE_SECONDS=5  PROCESSES=1,2  INTERVAL_MS=3000
//   quick: SESSIONS=2 GAMEDAY_SECONDS=10 npm run bench:gameday
// Needs PostgreSQL (DINOHUNT_PG_URL or DATABASE_URL, default the local dinohunt role; it creates and drops its own database).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { POSITION_REPORT_INTERVAL_MS } from '../src/domain/rules';
import {
  type Frame,
  guestJoin,
  LiveSocket,
  liveSession,
  offset,
  signInAdmin,
  sleep,
  subscribedGameMaster,
} from '../test/support/cluster-clients';
import { type Cluster, startCluster } from '../test/support/cluster-harness';

const SESSIONS = Number(process.env.SESSIONS ?? 8);
const HUNTERS = 25;
const SECONDS = Number(process.env.GAMEDAY_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 5);
/** Seconds measured with every socket open before anyone reports (the cost at rest). */
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5);
const PROCESSES = (process.env.PROCESSES ?? '1,2').split(',').map((n) => Number(n.trim()));
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? POSITION_REPORT_INTERVAL_MS);
/** A walker's pace: about 1.4 m/s, so a report is a few metres from the last (never an implausible jump). */
const WALK_MPS = 1.4;
/** The day docs/performance.md sizes for. */
const DAY_SESSIONS = 1000;
const DAY_POSITIONS_PER_SECOND = (DAY_SESSIONS * HUNTERS * 1000) / POSITION_REPORT_INTERVAL_MS;

for (const n of PROCESSES) if (!Number.isInteger(n) || n < 1) throw new Error(`PROCESSES: ${process.env.PROCESSES}`);
if (!(SESSIONS >= 1 && SECONDS >= 1 && INTERVAL_MS >= 1000)) throw new Error('SESSIONS >= 1, GAMEDAY_SECONDS >= 1, INTERVAL_MS >= 1000 (the server allows one report a second)');

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU µs (user + system, every thread) a process has used, or undefined once it is gone. */
function cpuMicros(pid: number): number | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 (state): utime is 14, stime 15.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * The CPU of the cluster database's backends over a window. Backends come and go (the pools close
 * idle connections), so the pids are sampled every second and each one's first and last reading kept:
 * a backend that appears during the window counts from zero, one that exits loses at most a second.
 */
class BackendCpu {
  private first = new Map<number, number>();
  private last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly stats: pg.Client) {}

  private async sample(fromZero: boolean): Promise<void> {
    const { rows } = await this.stats.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const cpu = cpuMicros(pid);
      if (cpu === undefined) continue;
      if (!this.first.has(pid)) this.first.set(pid, fromZero ? 0 : cpu);
      this.last.set(pid, cpu);
    }
  }

  async start(): Promise<void> {
    await this.sample(false);
    this.timer = setInterval(() => void this.sample(true).catch(() => {}), 1000);
  }

  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample(true);
    let total = 0;
    for (const [pid, end] of this.last) total += end - (this.first.get(pid) ?? end);
    return total;
  }
}

/** Transactions committed in the database so far (each statement outside a transaction is one): round trips, roughly. */
async function commits(stats: pg.Client): Promise<number> {
  const { rows } = await stats.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0]!.n);
}

async function walLsn(stats: pg.Client): Promise<string> {
  return (await stats.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
}

async function walBytes(stats: pg.Client, from: string, to: string): Promise<number> {
  return Number((await stats.query<{ d: string }>('SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS d', [to, from])).rows[0]!.d);
}

/**
 * The WAL that is this database's: records on its relations, and the commit records of their
 * transactions (pg_walinspect). Read every 2 s over the range written since the last read, so the
 * segments are still there on a busy server that recycles them quickly.
 */
class OwnWal {
  private from = '';
  private bytes = 0;
  private failure: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pattern = '';
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly stats: pg.Client) {}

  /** WAL may only be read up to what is flushed: `to` defaults to the flush position. */
  private async read(upTo?: string): Promise<void> {
    if (this.failure) return;
    const to = upTo ?? (await this.stats.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn')).rows[0]!.lsn;
    if ((await walBytes(this.stats, this.from, to)) <= 0) return;
    try {
      const { rows } = await this.stats.query<{ bytes: string }>(
        `WITH r AS (
           SELECT xid, resource_manager, record_length, block_ref FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
         ), mine AS (
           SELECT DISTINCT xid FROM r WHERE block_ref LIKE $3 AND xid <> '0'::xid
         )
         SELECT coalesce(sum(record_length), 0)::text AS bytes FROM r
         WHERE block_ref LIKE $3 OR (resource_manager = 'Transaction' AND xid IN (SELECT xid FROM mine))`,
        [this.from, to, this.pattern],
      );
      this.bytes += Number(rows[0]!.bytes);
      this.from = to;
    } catch (error) {
      this.failure = (error as Error).message;
    }
  }

  async start(from: string): Promise<void> {
    try {
      await this.stats.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
      const oid = (await this.stats.query<{ oid: number }>('SELECT oid FROM pg_database WHERE datname = current_database()')).rows[0]!.oid;
      this.pattern = `%rel %/${oid}/%`;
    } catch (error) {
      this.failure = (error as Error).message;
    }
    this.from = from;
    this.timer = setInterval(() => {
      this.reading = this.reading.then(() => this.read());
    }, 2000);
  }

  /** Bytes up to `to` (once flushed), or NaN (with the reason printed) when WAL could not be read. */
  async stop(to: string): Promise<number> {
    clearInterval(this.timer);
    await this.reading;
    for (let i = 0; i < 40; i += 1) {
      const flushed = (await this.stats.query<{ lsn: string }>('SELECT pg_current_wal_flush_lsn()::text AS lsn')).rows[0]!.lsn;
      if ((await walBytes(this.stats, to, flushed)) >= 0) break;
      await sleep(50);
    }
    await this.read(to);
    if (this.failure) {
      console.log(`   (own WAL not measured: ${this.failure})`);
      return Number.NaN;
    }
    return this.bytes;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Hunter = { userId: string; socket: LiveSocket; north: number; east: number; heading: number; timer?: NodeJS.Timeout };
type Game = { sessionId: number; gm: LiveSocket; hunters: Hunter[] };

type Result = {
  processes: number;
  /** CPU ms per second with every socket open and no report (app, PostgreSQL backends). */
  restAppMsPerSecond: number;
  restPgMsPerSecond: number;
  offeredPerSecond: number;
  acked: number;
  ackedPerSecond: number;
  refused: number;
  failed: number;
  appMicros: number;
  pgMicros: number;
  walBytes: number;
  walOwnBytes: number;
  /** Transactions committed per position (a statement outside a transaction counts as one). */
  commits: number;
  p50: number;
  p99: number;
  max: number;
  ackP99: number;
  lost: number;
  disorder: number;
};

/** Reads every frame a socket receives, with its arrival time, before LiveSocket files it. */
function onFrames(socket: LiveSocket, listener: (frame: Frame, at: number) => void): void {
  const target = socket as unknown as { receive: (frame: Frame) => void };
  const receive = target.receive.bind(socket);
  target.receive = (frame: Frame) => {
    listener(frame, performance.now());
    receive(frame);
  };
}

async function setUp(cluster: Cluster): Promise<Game[]> {
  const admin = await signInAdmin(cluster.url);
  const games: Game[] = [];
  for (let s = 0; s < SESSIONS; s += 1) {
    const gmAccount = await subscribedGameMaster(cluster.url, admin);
    const session = await liveSession(gmAccount, { dinosaurs: 3, maxPlayers: HUNTERS });
    const joined = await Promise.all(
      Array.from({ length: HUNTERS }, (_, h) => guestJoin(cluster.url, session.id, session.password, `Hunter ${s}-${h}`)),
    );
    const gm = LiveSocket.open(cluster.wsUrl, session.id, gmAccount.cookies());
    const hunters = joined.map((j, h) => ({
      userId: j.userId,
      socket: LiveSocket.open(cluster.wsUrl, session.id, j.cookies()),
      north: (h % 5) * 20,
      east: Math.floor(h / 5) * 20,
      heading: Math.random() * 2 * Math.PI,
    }));
    games.push({ sessionId: session.id, gm, hunters });
  }
  await Promise.all(games.flatMap((g) => [g.gm.ready(30_000), ...g.hunters.map((h) => h.socket.ready(30_000))]));
  return games;
}

async function runOnce(processes: number): Promise<Result> {
  console.log(`\n== ${processes} process${processes > 1 ? 'es' : ''}: starting the cluster`);
  const cluster = await startCluster({ processes });
  const stats = new pg.Client({ connectionString: cluster.databaseUrl, application_name: 'bench-gameday-stats' });
  await stats.connect();
  try {
    const games = await setUp(cluster);
    console.log(`   ${SESSIONS} sessions x ${HUNTERS} hunters + ${SESSIONS} game masters connected`);

    // What each report was, to find its event on the game master's screen.
    const sent = new Map<string, { at: number; counted: boolean; acked: boolean }>();
    const latencies: number[] = [];
    const ackLatencies: number[] = [];
    let counting = false;
    let acked = 0;
    let refused = 0;
    let failed = 0;
    const keyOf = (userId: string, lat: number, lng: number) => `${userId}|${lat}|${lng}`;
    for (const game of games) {
      onFrames(game.gm, (frame, at) => {
        if (frame.type !== 'hunter_location' || typeof frame.eventId !== 'number') return;
        const report = sent.get(keyOf(String(frame.userId), frame.location?.lat, frame.location?.lng));
        if (!report) return;
        if (report.counted) latencies.push(at - report.at);
        sent.delete(keyOf(String(frame.userId), frame.location?.lat, frame.location?.lng));
      });
    }

    let running = true;
    let inFlight = 0;
    const report = (hunter: Hunter) => {
      if (!running) return;
      // A few metres on, turning a little; back toward the start past 150 m.
      hunter.heading += (Math.random() - 0.5) * 0.6;
      if (Math.hypot(hunter.north, hunter.east) > 150) hunter.heading = Math.atan2(-hunter.east, -hunter.north);
      const step = (WALK_MPS * INTERVAL_MS) / 1000;
      hunter.north += step * Math.cos(hunter.heading);
      hunter.east += step * Math.sin(hunter.heading);
      const at = offset(hunter.north, hunter.east);
      const lat = Number(at.lat.toFixed(7));
      const lng = Number(at.lng.toFixed(7));
      const key = keyOf(hunter.userId, lat, lng);
      const entry = { at: performance.now(), counted: counting, acked: false };
      sent.set(key, entry);
      inFlight += 1;
      hunter.socket.request({ type: 'hunter_location', lat, lng, accuracy: 4 + Math.random() * 3, precision: 'high', timestamp: Date.now() }).then(
        (ack) => {
          inFlight -= 1;
          if (ack.accepted === false) {
            sent.delete(key);
            return;
          }
          entry.acked = true;
          if (entry.counted) {
            acked += 1;
            ackLatencies.push(performance.now() - entry.at);
          }
        },
        (error: Error & { frame?: Frame }) => {
          inFlight -= 1;
          sent.delete(key);
          if (!entry.counted) return;
          if (error.frame?.status === 429) refused += 1;
          else {
            failed += 1;
            if (failed <= 3) console.log(`   a report failed: ${error.message}`);
          }
        },
      );
    };

    // Every socket open and nobody reporting: what the cluster costs at rest (pings, the tailer's poll, timers).
    const restPids = cluster.processes.map((p) => p.pid!);
    const restAppBefore = restPids.map((pid) => cpuMicros(pid) ?? 0);
    const restBackends = new BackendCpu(stats);
    await restBackends.start();
    const restStarted = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const restMs = performance.now() - restStarted;
    const restPgMicros = await restBackends.stop();
    const restAppMicros = restPids.reduce((sum, pid, i) => sum + ((cpuMicros(pid) ?? restAppBefore[i]!) - restAppBefore[i]!), 0);

    // Every hunter on the same pace, phases spread over one interval.
    for (const game of games) {
      for (const hunter of game.hunters) {
        setTimeout(() => {
          report(hunter);
          hunter.timer = setInterval(() => report(hunter), INTERVAL_MS);
        }, Math.random() * INTERVAL_MS);
      }
    }
    await sleep(WARMUP_SECONDS * 1000);

    const pids = cluster.processes.map((p) => p.pid!);
    const appBefore = pids.map((pid) => cpuMicros(pid) ?? 0);
    const backends = new BackendCpu(stats);
    await backends.start();
    const commitsFrom = await commits(stats);
    const walFrom = await walLsn(stats);
    const ownWal = new OwnWal(stats);
    await ownWal.start(walFrom);
    const started = performance.now();
    counting = true;
    await sleep(SECONDS * 1000);
    counting = false;
    const windowMs = performance.now() - started;
    const walTo = await walLsn(stats);
    const commitsTo = await commits(stats);
    const ownWalBytes = await ownWal.stop(walTo);
    const pgMicros = await backends.stop();
    const appMicros = pids.reduce((sum, pid, i) => sum + ((cpuMicros(pid) ?? appBefore[i]!) - appBefore[i]!), 0);
    const wal = await walBytes(stats, walFrom, walTo);

    // Stop reporting; give the last acks and events a moment to arrive.
    running = false;
    for (const game of games) for (const hunter of game.hunters) clearInterval(hunter.timer);
    const waitUntil = performance.now() + 10_000;
    while (performance.now() < waitUntil && (inFlight > 0 || [...sent.values()].some((r) => r.acked))) await sleep(100);
    const lost = [...sent.values()].filter((r) => r.acked && r.counted).length;
    const sockets = games.flatMap((g) => [g.gm, ...g.hunters.map((h) => h.socket)]);
    const disorder = sockets.reduce((sum, s) => sum + s.outOfOrder.length + s.duplicates.length, 0);
    await Promise.all(sockets.map((s) => s.close()));

    latencies.sort((a, b) => a - b);
    ackLatencies.sort((a, b) => a - b);
    const positions = Math.max(acked, 1);
    return {
      processes,
      restAppMsPerSecond: restAppMicros / restMs,
      restPgMsPerSecond: restPgMicros / restMs,
      offeredPerSecond: (SESSIONS * HUNTERS * 1000) / INTERVAL_MS,
      acked,
      ackedPerSecond: (acked * 1000) / windowMs,
      refused,
      failed,
      appMicros: appMicros / positions,
      pgMicros: pgMicros / positions,
      walBytes: wal / positions,
      walOwnBytes: ownWalBytes / positions,
      commits: (commitsTo - commitsFrom) / positions,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      ackP99: percentile(ackLatencies, 99),
      lost,
      disorder,
    };
  } finally {
    await stats.end().catch(() => {});
    await cluster.stop();
  }
}

const results: Result[] = [];
for (const n of PROCESSES) results.push(await runOnce(n));

const fixed = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
console.log(
  `\nbench:gameday: ${SESSIONS} sessions x ${HUNTERS} hunters, one report per hunter every ${INTERVAL_MS} ms, ${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up (${new Date().toISOString()})`,
);
console.log('| processes | offered/s | acked/s | app CPU µs/pos | PG CPU µs/pos | PG commits/pos | WAL B/pos (all / own) | report→GM p50 / p99 / max ms | ack p99 ms | lost | out of order | refused / failed | at rest: app / PG CPU ms/s |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.processes} | ${fixed(r.offeredPerSecond, 1)} | ${fixed(r.ackedPerSecond, 1)} | ${fixed(r.appMicros)} | ${fixed(r.pgMicros)} | ${fixed(r.commits, 1)} | ${fixed(r.walBytes)} / ${fixed(r.walOwnBytes)} | ${fixed(r.p50, 1)} / ${fixed(r.p99, 1)} / ${fixed(r.max, 1)} | ${fixed(r.ackP99, 1)} | ${r.lost} | ${r.disorder} | ${r.refused} / ${r.failed} | ${fixed(r.restAppMsPerSecond, 1)} / ${fixed(r.restPgMsPerSecond, 1)} |`,
  );
}
console.log(`\nA ${DAY_SESSIONS}-session x ${HUNTERS}-hunter day: ${DAY_POSITIONS_PER_SECOND.toFixed(0)} positions/s. At these costs:`);
for (const r of results) {
  const appCores = (DAY_POSITIONS_PER_SECOND * r.appMicros) / 1e6;
  const pgCores = (DAY_POSITIONS_PER_SECOND * r.pgMicros) / 1e6;
  const walMBps = (DAY_POSITIONS_PER_SECOND * r.walOwnBytes) / 1e6;
  console.log(
    `  measured on ${r.processes} process(es): app ${appCores.toFixed(1)} cores + PostgreSQL ${pgCores.toFixed(1)} cores busy (before headroom), WAL ${fixed(walMBps, 1)} MB/s (own)`,
  );
}
const saturated = results.filter((r) => r.ackedPerSecond < 0.9 * r.offeredPerSecond || r.ackP99 > INTERVAL_MS / 2);
if (saturated.length > 0) console.log(`\nWARNING: saturated on ${saturated.map((r) => r.processes).join(', ')} process(es) (acked well below offered, or acks slower than half the interval): costs include queueing; run fewer SESSIONS.`);
const broken = results.filter((r) => r.lost > 0 || r.disorder > 0);
if (broken.length > 0) {
  console.log(`\nFAILED: lost or out-of-order events on ${broken.map((r) => r.processes).join(', ')} process(es)`);
  process.exitCode = 1;
}
