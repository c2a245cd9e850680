// The hot polling reads of a live 25-hunter session (issue #15), against a bare Fastify
// serving the same bodies in the same run, interleaved; the Hunter Terminal's reads over tRPC
// as the web client sends them (httpBatchLink batches, every hunter's subscription open on the
// tRPC WebSocket, issue #25); a fixed rate; the mix while the session's hunters move and talk;
// and cost growth (100k positions and events in a session).
// Run: npm run bench:http   (COMPILED=0 runs the app through tsx, as before issue #25;
// ROUND_S=5 seconds a round; PROFILE=dir writes the server's .cpuprofile there, of the
// measured rounds only (not the setup's inserts nor the warm-up); CONNECTIONS=25;
// PHASES=rest,live,trpc,fixed,growth runs only those, and
// PHASES=app the app's REST hot mix alone, for a profile; READ_CACHE=off answers every read
// without the read cache, for the uncached cost). The server runs in a child process (this
// same file, BENCH_HTTP_ROLE=server, compiled as `npm start` serves: bench/compiled.ts) so
// autocannon here does not share its event loop. Every row also prints the server's CPU time per
// read (steadier than reads/s on a shared machine). DATABASE_URL=postgres://... runs the app on
// PostgreSQL, in a database of its own that the server drops at the end.
import { execSync, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import superjson from 'superjson';
import {
  POLL_DINOSAURS_TERMINAL_MS,
  POLL_HUNTER_STATS_MS,
  POLL_MESSAGES_TERMINAL_MS,
  POLL_TIME_STATUS_MS,
} from '../src/domain/rules';
import { WS_CLIENT_PING_MS, WS_CLIENT_PONG_TIMEOUT_MS, WS_CLIENT_RETRY_BASE_MS, WS_CLIENT_RETRY_MAX_MS } from '../src/domain/transport';
import { asc, eq, sql } from 'drizzle-orm';
import { dialectOf } from '../src/server/db/client';
import { rawAll, rawRun } from '../src/server/db/raw';
import { events, messages, positions, sessionPlayers } from '../src/server/db/schema';
import { addSpecies, guestJoin } from '../test/support/sessions';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../src/server/routers';
import { type ApiClient, startTestServer, subscribedGameMaster } from '../test/support/harness';
import { type OpenLoopResult, openLoop } from './http/open-loop';
import { exitWithParent } from './exit-with-parent';

const ROUND_S = Number(process.env.ROUND_S ?? 5);
const ROUNDS = 3;
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 25);
const FIXED_RATE = Number(process.env.FIXED_RATE ?? 3000);
const FIXED_CONNECTIONS = Number(process.env.FIXED_CONNECTIONS ?? 100);
const FIXED_S = 10;
const HUNTERS = 25;
const GROWTH_POSITIONS = 100_000;
const GROWTH_EVENTS = 100_000;
const GROWTH_MESSAGES = 20_000;
/** Rows per insert while the growth data is written (well under either database's parameter limit). */
const GROWTH_BATCH = 1_000;
/** Which phases to run (all by default): a profile of one phase alone reads more clearly. */
const PHASES = new Set((process.env.PHASES ?? 'rest,live,trpc,fixed,growth').split(','));

/** The part of autocannon's API used here (it ships no types). */
type Autocannon = (opts: Record<string, unknown>) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

type Read = { path: string; cookie: string };
/** A GET of tRPC's batch, and how many procedure calls it carries. */
type Batch = Read & { calls: number };
type Setup = {
  url: string;
  /** Whether the app's read cache is on (READ_CACHE=off, or PostgreSQL, turn it off) and the database it runs on. */
  readCache: boolean;
  database: string;
  bareUrl: string;
  /** The hot session's id and its hunters' cookies: the live phase moves them while the mix runs. */
  hotSession: number;
  hunterCookies: string[];
  /** The hot mix: every guest's polls, weighted by how often the terminal polls them. */
  hot: Read[];
  /** The Hunter Terminals over tRPC: the batches httpBatchLink sends in a 30 s cycle of their polls. */
  hotTrpc: Batch[];
  /** The same reads over REST, one request each. */
  terminalRest: Read[];
  /** Cost growth: the same reads on a small session and on one with 100k positions and events. */
  growth: { name: string; small: Read; big: Read }[];
};

// ---------------------------------------------------------------- server child

/** Weights: messages every 2-3 s, own stats every 3 s, dinosaurs every 5 s, time status every 30 s. */
const MIX: { name: string; weight: number; rest: (s: number) => string }[] = [
  { name: 'communications', weight: 12, rest: (s) => `/api/game-sessions/${s}/communications` },
  { name: 'hunter stats', weight: 10, rest: (s) => `/api/hunter/stats?sessionId=${s}` },
  { name: 'dinosaurs', weight: 6, rest: (s) => `/api/game-sessions/${s}/dinosaurs` },
  { name: 'time-status', weight: 1, rest: (s) => `/api/game-sessions/${s}/time-status` },
];

/**
 * The Hunter Terminal's tRPC queries and their refetchInterval (src/client: TerminalScreen,
 * CommsFeed, useHunterStats, useSessionClock; the spec's intervals in domain/rules.ts), polled
 * while its socket is down. `group`: queries whose timers start in the same render fire in the
 * same tick when due together, and httpBatchLink sends those as one batch; deploy.list and
 * timeStatus are enabled once sessions.get has answered, a round trip later.
 */
const TERMINAL_POLLS: { proc: string; everyS: number; group: 'mount' | 'session'; input: (s: number) => object; rest: (s: number) => string }[] = [
  { proc: 'sessions.get', everyS: POLL_DINOSAURS_TERMINAL_MS / 1000, group: 'mount', input: (s) => ({ id: s }), rest: (s) => `/api/game-sessions/${s}` },
  { proc: 'comms.list', everyS: POLL_MESSAGES_TERMINAL_MS / 1000, group: 'mount', input: (s) => ({ id: s }), rest: (s) => `/api/game-sessions/${s}/communications` },
  { proc: 'stats.hunterStats', everyS: POLL_HUNTER_STATS_MS / 1000, group: 'mount', input: (s) => ({ sessionId: s }), rest: (s) => `/api/hunter/stats?sessionId=${s}` },
  { proc: 'deploy.list', everyS: POLL_DINOSAURS_TERMINAL_MS / 1000, group: 'session', input: (s) => ({ id: s }), rest: (s) => `/api/game-sessions/${s}/dinosaurs` },
  { proc: 'sessions.timeStatus', everyS: POLL_TIME_STATUS_MS / 1000, group: 'session', input: (s) => ({ id: s }), rest: (s) => `/api/game-sessions/${s}/time-status` },
];
const CYCLE_S = POLL_TIME_STATUS_MS / 1000;

/** A GET batch as @trpc/client's httpBatchLink writes it: paths joined, superjson inputs keyed by place. */
function batchPath(calls: { proc: string; input: object }[]): string {
  const inputs = Object.fromEntries(calls.map((c, i) => [i, superjson.serialize(c.input)]));
  return `/trpc/${calls.map((c) => c.proc).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/**
 * One terminal's requests over a 30 s cycle of its polls: over tRPC, each second one batch per
 * group due; the same reads over REST, one request each (the tRPC goal's pair).
 */
function terminalCycle(sessionId: number, cookie: string): { batches: Batch[]; rest: Read[] } {
  const batches: Batch[] = [];
  const rest: Read[] = [];
  for (let t = 1; t <= CYCLE_S; t++) {
    for (const group of ['mount', 'session'] as const) {
      const due = TERMINAL_POLLS.filter((q) => q.group === group && t % q.everyS === 0);
      if (!due.length) continue;
      batches.push({ path: batchPath(due.map((q) => ({ proc: q.proc, input: q.input(sessionId) }))), cookie, calls: due.length });
      for (const q of due) rest.push({ path: q.rest(sessionId), cookie });
    }
  }
  return { batches, rest };
}

async function liveSession(gm: ApiClient, species: number[], tag: string) {
  const created = await gm.post('/api/game-sessions', { name: `Bench ${tag}`, password: 'raptor-4821', maxPlayers: HUNTERS });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  for (let i = 0; i < 10; i++) {
    const res = await gm.post(`/api/game-sessions/${id}/deploy-dinosaur`, {
      speciesId: species[i % species.length],
      latitude: 48.8584 + i * 0.0003,
      longitude: 2.2945 - i * 0.0002,
    });
    if (res.status !== 200) throw new Error(`deploy: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const started = await gm.post(`/api/game-sessions/${id}/start`, { duration: 120 });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  const hunters = [];
  for (let h = 0; h < HUNTERS; h++) {
    const hunter = await guestJoin({ url: gm.baseUrl } as never, id, 'raptor-4821', `${tag}hunter${h}`);
    for (let p = 0; p < 4; p++) {
      await hunter.post(`/api/game-sessions/${id}/location`, { lat: 48.8584 + p * 0.0001 + h * 1e-5, lng: 2.2945, accuracy: 5 });
    }
    await hunter.post(`/api/game-sessions/${id}/communications`, { message: `Hunter ${h} in position`, type: 'text', recipientType: 'all' });
    hunters.push(hunter);
  }
  await gm.post(`/api/game-sessions/${id}/communications`, { message: 'Spread out', type: 'broadcast', recipientType: 'all' });
  return { id, hunters };
}

async function serve() {
  // A crash of the benchmark must not leave this server running, even while it seeds (bench/exit-with-parent.ts).
  exitWithParent();
  // LOG_LEVEL=info: the server logs as `npm start` does by default (the tests' servers are silent).
  const server = await startTestServer(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {});
  // READ_CACHE=off turns it off; it is off anyway where the app keeps it off (PostgreSQL, decision 876).
  if (process.env.READ_CACHE === 'off') server.deps.readCache.enabled = false;
  const gm = await subscribedGameMaster(server);
  const species = [await addSpecies(server, 0.5, 'Benchosaurus'), await addSpecies(server, 0.7, 'Loadodon')];
  const hot = await liveSession(gm, species, 'a');
  const big = await liveSession(gm, species, 'b');

  // 100k positions spread over the big session's hunters, 100k events and 20k messages, straight into the tables.
  const db = server.deps.db;
  const players = await db.select({ id: sessionPlayers.id }).from(sessionPlayers).where(eq(sessionPlayers.sessionId, big.id));
  // Messages from the other hunters: the measured hunter's own counts stay small.
  const senders = await db
    .select({ id: sessionPlayers.userId })
    .from(sessionPlayers)
    .where(eq(sessionPlayers.sessionId, big.id))
    .orderBy(asc(sessionPlayers.id));
  const start = Date.now() - GROWTH_POSITIONS * 10;
  const inBatches = async <T>(count: number, row: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) => {
    for (let from = 0; from < count; from += GROWTH_BATCH) {
      const rows: T[] = [];
      for (let i = from; i < Math.min(count, from + GROWTH_BATCH); i++) rows.push(row(i));
      await insert(rows);
    }
  };
  await db.transaction(async (tx) => {
    await inBatches(
      GROWTH_POSITIONS,
      (i) => ({
        sessionId: big.id,
        playerId: players[i % players.length]!.id,
        lat: 48.8584 + (i % 1000) * 1e-6,
        lng: 2.2945,
        accuracy: 5,
        precision: 'high',
        recordedAt: start + i * 10,
      }),
      (rows) => tx.insert(positions).values(rows),
    );
    await inBatches(
      GROWTH_EVENTS,
      (i) => ({ sessionId: big.id, type: 'hunter_location', audience: 'owner', payload: { lat: 48.8584, lng: 2.2945, i } }),
      (rows) => tx.insert(events).values(rows),
    );
    await inBatches(
      GROWTH_MESSAGES,
      (i) => ({
        sessionId: big.id,
        senderUserId: senders[1 + (i % (senders.length - 1))]!.id,
        senderLabel: 'Hunter',
        senderRole: 'hunter',
        message: 'Tracks here',
        messageType: 'text',
        recipientType: 'headquarters',
      }),
      (rows) => tx.insert(messages).values(rows),
    );
  });
  if (dialectOf(db) === 'sqlite') await rawAll(db, sql`PRAGMA wal_checkpoint(TRUNCATE)`);
  await rawRun(db, sql`ANALYZE`);

  const hotReads: Read[] = [];
  const hotTrpc: Batch[] = [];
  const terminalRest: Read[] = [];
  for (const hunter of hot.hunters) {
    // Spread over the hunters: each hunter's weight-many copies of each read.
    for (const read of MIX) for (let w = 0; w < read.weight; w++) hotReads.push({ path: read.rest(hot.id), cookie: hunter.cookie });
    const cycle = terminalCycle(hot.id, hunter.cookie);
    hotTrpc.push(...cycle.batches);
    terminalRest.push(...cycle.rest);
  }
  // Shuffle deterministically so connections do not march in lockstep through the same read.
  const shuffle = <T>(list: T[]) => {
    for (let i = list.length - 1, seed = 7; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const j = seed % (i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
  };
  shuffle(hotReads);
  shuffle(hotTrpc);
  shuffle(terminalRest);
  // Every batch answers every call (a 207 would hide a refused call among 2xx).
  for (const batch of new Map(hotTrpc.map((b) => [`${b.path} ${b.cookie}`, b])).values()) {
    const res = await fetch(server.url + batch.path, { headers: { cookie: batch.cookie } });
    const text = await res.text();
    if (res.status !== 200 || text.includes('"error"')) throw new Error(`${batch.path}: ${res.status} ${text}`);
  }
  const gmRead = (path: (s: number) => string, s: number): Read => ({ path: path(s), cookie: gm.cookie });
  const growth = [
    {
      name: 'hunter stats (guest)',
      small: { path: `/api/hunter/stats?sessionId=${hot.id}`, cookie: hot.hunters[0]!.cookie },
      big: { path: `/api/hunter/stats?sessionId=${big.id}`, cookie: big.hunters[0]!.cookie },
    },
    {
      name: 'GM hunter-stats',
      small: gmRead((s) => `/api/game-sessions/${s}/hunter-stats`, hot.id),
      big: gmRead((s) => `/api/game-sessions/${s}/hunter-stats`, big.id),
    },
    {
      name: 'GM hunter-locations',
      small: gmRead((s) => `/api/game-sessions/${s}/hunter-locations`, hot.id),
      big: gmRead((s) => `/api/game-sessions/${s}/hunter-locations`, big.id),
    },
  ];

  // The bare baseline: plain Fastify 5 answering each hot path with the body the real app gave.
  const bodies = new Map<string, string>();
  for (const read of hotReads) {
    if (bodies.has(read.path)) continue;
    const res = await fetch(server.url + read.path, { headers: { cookie: read.cookie } });
    if (res.status !== 200) throw new Error(`${read.path}: ${res.status} ${await res.text()}`);
    bodies.set(read.path, await res.text());
  }
  // The bodies' size counts in both servers' cost per read: shown, so two builds' runs can be compared.
  const bodyBytes = hotReads.reduce((n, r) => n + Buffer.byteLength(bodies.get(r.path) ?? ''), 0) / hotReads.length;
  console.log(`Hot mix bodies: ${bodyBytes.toFixed(0)} bytes a read on average`);
  const bare = Fastify();
  bare.get('/*', (request, reply) => {
    reply.type('application/json; charset=utf-8').send(bodies.get(request.url));
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');

  const setup: Setup = {
    url: server.url,
    readCache: server.deps.readCache.enabled,
    database: dialectOf(server.deps.db) === 'pg' ? 'PostgreSQL' : 'SQLite',
    bareUrl: `http://127.0.0.1:${address.port}`,
    hotSession: hot.id,
    hunterCookies: hot.hunters.map((h) => h.cookie),
    hot: hotReads,
    hotTrpc,
    terminalRest,
    growth,
  };
  process.send?.({ type: 'ready', setup });
  const profiler = new Session();
  process.on('message', async (message: { type: string }) => {
    // The server's CPU time so far (µs): the parent reads it around each round (CPU per read).
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system });
      return;
    }
    // PROFILE: the CPU profile covers what the parent measures, between these two messages.
    if (message.type === 'profile-start') {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      process.send?.({ type: 'profile-started' });
      return;
    }
    if (message.type === 'profile-stop') {
      const { profile } = await profiler.post('Profiler.stop');
      const file = path.join(process.env.PROFILE!, `http-server-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
      process.send?.({ type: 'profile-stopped', file });
      return;
    }
    if (message.type !== 'exit') return;
    await bare.close();
    await server.close();
    process.exit(0);
  });
}

// ---------------------------------------------------------------- load generator

/**
 * `rps` counts reads: procedure calls answered per second (a tRPC batch carries several).
 * `cpuPerRead`: the server process's CPU time (user + system, µs) over the round divided by the
 * reads answered: what a read costs the server, which a shared machine's load moves far less than
 * reads/s (the app and the bare server share the process, and only one is loaded at a time).
 */
type Figures = { rps: number; requests: number; p50: number; p99: number; errors: number; non2xx: number; cpuPerRead: number };

/** The server child's CPU time so far (µs), asked over IPC; set by main once the child is up. */
let serverCpuMicros: () => Promise<number> = async () => Number.NaN;

async function load(base: string, reads: (Read | Batch)[], opts: { seconds?: number; connections?: number } = {}): Promise<Figures> {
  const cpuBefore = await serverCpuMicros();
  const result = await autocannon({
    url: base,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.seconds ?? ROUND_S,
    requests: reads.map((r) => ({ method: 'GET', path: r.path, headers: { cookie: r.cookie } })),
  });
  // Each connection cycles through the whole list: on average, its calls per request.
  const callsPerRequest = reads.reduce((n, r) => n + ('calls' in r ? r.calls : 1), 0) / reads.length;
  const cpu = (await serverCpuMicros()) - cpuBefore;
  return {
    cpuPerRead: cpu / (result.requests.total * callsPerRequest),
    rps: result.requests.average * callsPerRequest,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * A live game while `run` measures: every hunter reports a position every POSITION_EVERY_MS
 * (spread evenly) and a message every MESSAGE_EVERY_MS, through the real API. Each position
 * drops the tracking answer and the session's access rows; each message drops the session's answers.
 */
const POSITION_EVERY_MS = 2_000;
const MESSAGE_EVERY_MS = 10_000;
async function whileHuntersMove<T>(setup: Setup, run: () => Promise<T>): Promise<{ result: T; writes: number; failed: number }> {
  const hunters = setup.hunterCookies;
  let writes = 0;
  let failed = 0;
  let step = 0;
  const post = (cookie: string, path: string, body: object) =>
    fetch(setup.url + path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then((res) => {
        writes++;
        if (res.status !== 200) failed++;
        return res.arrayBuffer();
      })
      .catch(() => {
        failed++;
      });
  const positions = setInterval(() => {
    step++;
    const h = step % hunters.length;
    const lat = 48.8584 + h * 1e-5 + (step % 50) * 2e-5;
    void post(hunters[h]!, `/api/game-sessions/${setup.hotSession}/location`, { lat, lng: 2.2945, accuracy: 5 });
  }, POSITION_EVERY_MS / hunters.length);
  const messages = setInterval(() => {
    const h = step % hunters.length;
    void post(hunters[h]!, `/api/game-sessions/${setup.hotSession}/communications`, { message: 'Tracks by the river', type: 'text', recipientType: 'all' });
  }, MESSAGE_EVERY_MS / hunters.length);
  try {
    return { result: await run(), writes, failed };
  } finally {
    clearInterval(positions);
    clearInterval(messages);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, d = 0) => n.toFixed(d);

async function interleaved(a: () => Promise<Figures>, b: () => Promise<Figures>) {
  const as: Figures[] = [];
  const bs: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    as.push(await a());
    bs.push(await b());
  }
  const pick = (runs: Figures[]) => ({
    rps: median(runs.map((r) => r.rps)),
    cpuPerRead: median(runs.map((r) => r.cpuPerRead)),
    requests: median(runs.map((r) => r.requests)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    failed: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    all: runs.map((r) => fmt(r.rps)).join('/'),
  });
  return { a: pick(as), b: pick(bs) };
}

/**
 * Every hunter's live stream as the web client opens it (src/client/trpc.ts and SessionLive:
 * comms.events over the tRPC WebSocket with its sign-in cookie, the client's keep-alive ping and
 * retry delays): open while the tRPC batches are measured. Opens and closes are counted (a
 * socket the server dropped would reconnect quietly).
 */
async function subscribeHunters(setup: Setup) {
  let events = 0;
  let errors = 0;
  let opens = 0;
  let closes = 0;
  const closers: (() => void)[] = [];
  const started = setup.hunterCookies.map((cookie) => {
    const wsClient = createWSClient({
      url: `${setup.url.replace('http', 'ws')}/trpc`,
      WebSocket: class extends WebSocket {
        constructor(url: string) {
          super(url, { headers: { cookie } });
        }
      } as unknown as typeof globalThis.WebSocket,
      keepAlive: { enabled: true, intervalMs: WS_CLIENT_PING_MS, pongTimeoutMs: WS_CLIENT_PONG_TIMEOUT_MS },
      retryDelayMs: (attempt) => Math.min(WS_CLIENT_RETRY_BASE_MS * 2 ** attempt, WS_CLIENT_RETRY_MAX_MS),
      onOpen: () => {
        opens++;
      },
      onClose: () => {
        closes++;
      },
    });
    const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
    return new Promise<boolean>((resolve) => {
      const subscription = trpc.comms.events.subscribe(
        { sessionId: setup.hotSession, lastEventId: null },
        {
          onStarted: () => resolve(true),
          onData: () => {
            events++;
          },
          onError: () => {
            errors++;
            resolve(false);
          },
        },
      );
      closers.push(() => {
        subscription.unsubscribe();
        wsClient.close();
      });
    });
  });
  const opened = (await Promise.all(started)).filter(Boolean).length;
  if (opened < setup.hunterCookies.length) throw new Error(`only ${opened} of ${setup.hunterCookies.length} subscriptions opened`);
  const before = { opens, closes };
  return {
    close: () => {
      const figures = { opened, events, errors, reopened: opens - before.opens, dropped: closes - before.closes };
      for (const close of closers) close();
      return figures;
    },
  };
}

async function main() {
  const profileDir = process.env.PROFILE;
  // Imported here: the server role (this file, compiled) has no use for the build.
  const { serverChild, serverKind } = await import('./compiled');
  const server = await serverChild(fileURLToPath(import.meta.url));
  const child = fork(server.file, [], {
    env: { ...process.env, BENCH_HTTP_ROLE: 'server' },
    execArgv: server.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const setup = await new Promise<Setup>((resolve, reject) => {
    child.once('message', (m: { type: string; setup: Setup }) => resolve(m.setup));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
  /** Sends the child `type` and resolves with its answer of type `answer`. */
  const ask = <T>(type: string, answer: string) =>
    new Promise<T>((resolve) => {
      const listen = (m: { type: string }) => {
        if (m.type !== answer) return;
        child.off('message', listen);
        resolve(m as T);
      };
      child.on('message', listen);
      child.send({ type });
    });
  serverCpuMicros = async () => (await ask<{ micros: number }>('cpu', 'cpu')).micros;
  console.log(`App server: ${serverKind()}; load: ${execSync('uptime').toString().trim()}`);
  console.log(`Database: ${setup.database}; read cache: ${setup.readCache ? 'on' : 'off'}`);
  console.log(`Hot mix: ${setup.hot.length} reads over ${HUNTERS} guest hunters; ${ROUNDS} rounds of ${ROUND_S} s, ${CONNECTIONS} connections`);
  const calls = setup.hotTrpc.reduce((n, b) => n + b.calls, 0);
  console.log(
    `tRPC: the Hunter Terminal's polls (sessions.get and deploy.list 5 s, comms.list 2 s, stats.hunterStats 3 s, sessions.timeStatus 30 s) as httpBatchLink batches them, ${setup.hotTrpc.length} batches carrying ${calls} calls (${fmt(calls / setup.hotTrpc.length, 2)} a batch) over ${HUNTERS} hunters, each with its comms.events subscription open on the tRPC WebSocket; paired with the same ${setup.terminalRest.length} reads over REST`,
  );

  // What the server spends with no request at all (timers, sweeps): it counts in every round's CPU per read.
  const idleFrom = await serverCpuMicros();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  console.log(`Server CPU at rest: ${fmt(((await serverCpuMicros()) - idleFrom) / 3_000, 1)} ms a second`);
  // Warm up both (JIT, statement caches).
  await load(setup.url, setup.hot, { seconds: 2 });
  await load(setup.url, setup.hotTrpc, { seconds: 2 });
  await load(setup.bareUrl, setup.hot, { seconds: 2 });
  if (profileDir) {
    mkdirSync(profileDir, { recursive: true });
    await ask('profile-start', 'profile-started');
  }

  // PHASES=app: the REST hot mix on the app alone (for a CPU profile without the bare server's share).
  if (PHASES.has('app')) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await load(setup.url, setup.hot));
    console.log(
      `REST hot mix alone: ${runs.map((r) => fmt(r.rps)).join('/')} req/s, server CPU ${runs.map((r) => fmt(r.cpuPerRead, 1)).join('/')} µs a read`,
    );
  }
  const nothing = { rps: 0, cpuPerRead: Number.NaN, requests: 0, p50: 0, p99: 0, failed: 0, all: '-' };
  const none = { a: nothing, b: nothing };
  const restVsBare = PHASES.has('rest')
    ? await interleaved(
        () => load(setup.url, setup.hot),
        () => load(setup.bareUrl, setup.hot),
      )
    : none;
  // The same pairing while the hunters move and talk (not in the goal's figure: the bare server's bodies do not change).
  const live = PHASES.has('live')
    ? await whileHuntersMove(setup, () =>
        interleaved(
          () => load(setup.url, setup.hot),
          () => load(setup.bareUrl, setup.hot),
        ),
      )
    : undefined;
  // The hunters' terminals as the web client runs them: a subscription each on the tRPC socket.
  const subscriptions = PHASES.has('trpc') ? await subscribeHunters(setup) : undefined;
  // Not counted: the first round after 25 sockets opened read 2-5x low in every run (JIT of the
  // socket paths on both sides, the parent's tRPC clients included); one more warm-up round.
  if (subscriptions) await load(setup.url, setup.hotTrpc, { seconds: 2 });
  const trpcVsRest = PHASES.has('trpc')
    ? await interleaved(
        () => load(setup.url, setup.hotTrpc),
        () => load(setup.url, setup.terminalRest),
      )
    : none;
  const subscribed = subscriptions?.close();
  // A constant rate (open loop, bench/http/open-loop.ts), on the app and, as the control, on the bare server.
  const fixedRun = (base: string) =>
    openLoop({
      url: base,
      requests: setup.hot.map((r) => ({ path: r.path, headers: { cookie: r.cookie } })),
      rate: FIXED_RATE,
      seconds: FIXED_S,
      connections: FIXED_CONNECTIONS,
    });
  const fixed = PHASES.has('fixed') ? { app: await fixedRun(setup.url), bare: await fixedRun(setup.bareUrl) } : undefined;

  const growthRows = [];
  for (const g of PHASES.has('growth') ? setup.growth : []) {
    const m = await interleaved(
      () => load(setup.url, [g.small], { seconds: 2, connections: 10 }),
      () => load(setup.url, [g.big], { seconds: 2, connections: 10 }),
    );
    const ratio = m.a.rps / m.b.rps;
    growthRows.push({
      read: g.name,
      'small req/s': fmt(m.a.rps),
      'small p50 ms': m.a.p50,
      '100k req/s': fmt(m.b.rps),
      '100k p50 ms': m.b.p50,
      'slowdown x': fmt(ratio, 2),
      goal: '<= 1.20',
      result: ratio <= 1.2 && m.a.failed + m.b.failed === 0 ? 'PASS' : 'FAIL',
    });
  }

  const ratio = restVsBare.a.rps / restVsBare.b.rps;
  const trpcRatio = trpcVsRest.a.rps / trpcVsRest.b.rps;
  console.log('\nThroughput (median of 3, interleaved): reads/s counts procedure calls answered, requests/s the HTTP requests carrying them');
  console.table([
    { run: 'REST hot mix (app)', 'reads/s': fmt(restVsBare.a.rps), rounds: restVsBare.a.all, 'p50 ms': restVsBare.a.p50, 'p99 ms': restVsBare.a.p99, 'server µs/read': fmt(restVsBare.a.cpuPerRead, 1), failed: restVsBare.a.failed },
    { run: 'bare Fastify, same bodies', 'reads/s': fmt(restVsBare.b.rps), rounds: restVsBare.b.all, 'p50 ms': restVsBare.b.p50, 'p99 ms': restVsBare.b.p99, 'server µs/read': fmt(restVsBare.b.cpuPerRead, 1), failed: restVsBare.b.failed },
    ...(live
      ? [
          { run: 'REST hot mix, hunters moving', 'reads/s': fmt(live.result.a.rps), rounds: live.result.a.all, 'p50 ms': live.result.a.p50, 'p99 ms': live.result.a.p99, 'server µs/read': fmt(live.result.a.cpuPerRead, 1), failed: live.result.a.failed },
          { run: 'bare Fastify (paired)', 'reads/s': fmt(live.result.b.rps), rounds: live.result.b.all, 'p50 ms': live.result.b.p50, 'p99 ms': live.result.b.p99, 'server µs/read': fmt(live.result.b.cpuPerRead, 1), failed: live.result.b.failed },
        ]
      : []),
    { run: 'tRPC terminal batches (app)', 'requests/s': fmt(trpcVsRest.a.requests), 'reads/s': fmt(trpcVsRest.a.rps), rounds: trpcVsRest.a.all, 'p50 ms': trpcVsRest.a.p50, 'p99 ms': trpcVsRest.a.p99, 'server µs/read': fmt(trpcVsRest.a.cpuPerRead, 1), failed: trpcVsRest.a.failed },
    { run: 'the same reads over REST (paired)', 'requests/s': fmt(trpcVsRest.b.requests), 'reads/s': fmt(trpcVsRest.b.rps), rounds: trpcVsRest.b.all, 'p50 ms': trpcVsRest.b.p50, 'p99 ms': trpcVsRest.b.p99, 'server µs/read': fmt(trpcVsRest.b.cpuPerRead, 1), failed: trpcVsRest.b.failed },
  ]);
  if (PHASES.has('rest')) {
    // The same ratio from CPU time: the share of a read's server cost that is bare Fastify's. Steadier than
    // reads/s on a shared machine (the load generator and other processes take turns with the server).
    console.log(
      `Server CPU a read: app ${fmt(restVsBare.a.cpuPerRead, 1)} µs, bare ${fmt(restVsBare.b.cpuPerRead, 1)} µs; bare / app ${fmt(restVsBare.b.cpuPerRead / restVsBare.a.cpuPerRead, 3)} (the REST / bare ratio by CPU)`,
    );
  }
  if (subscribed) {
    console.log(
      `tRPC subscriptions: ${subscribed.opened} of ${HUNTERS} opened; while the batches were measured ${subscribed.events} events received, ${subscribed.errors} errors, ${subscribed.dropped} sockets dropped, ${subscribed.reopened} reopened`,
    );
  }
  if (fixed) {
    const row = (run: string, r: OpenLoopResult) => ({
      run,
      due: r.due,
      'answered req/s': fmt(r.rate),
      'p50 ms': fmt(r.p50, 1),
      'p99 ms': fmt(r.p99, 1),
      'max ms': fmt(r.max, 1),
      failed: r.errors + r.non2xx,
    });
    console.log(`Fixed rate: ${FIXED_RATE} req/s for ${FIXED_S} s, open loop, ${FIXED_CONNECTIONS} connections (latency from when each request was due)`);
    console.table([row('REST hot mix (app)', fixed.app), row('bare Fastify, same bodies', fixed.bare)]);
  }
  if (live) {
    console.log(
      `Hunters moving: ${live.writes} writes (${live.failed} failed) while measured, a position every ${POSITION_EVERY_MS / 1000} s and a message every ${MESSAGE_EVERY_MS / 1000} s per hunter; REST / bare ${fmt(live.result.a.rps / live.result.b.rps, 3)}`,
    );
  }
  console.log('Goals');
  console.table([
    PHASES.has('rest')
      ? { goal: 'REST / bare Fastify', figure: fmt(ratio, 3), target: '>= 0.35', result: ratio >= 0.35 ? 'PASS' : 'FAIL' }
      : { goal: 'REST / bare Fastify', figure: '-', target: '>= 0.35', result: 'not run' },
    PHASES.has('trpc')
      ? { goal: 'tRPC / REST', figure: fmt(trpcRatio, 3), target: '>= 0.8', result: trpcRatio >= 0.8 ? 'PASS' : 'FAIL' }
      : { goal: 'tRPC / REST', figure: '-', target: '>= 0.8', result: 'not run' },
    fixed
      ? {
          goal: `p99 at ${FIXED_RATE} req/s (answered ${fmt(fixed.app.rate)} req/s)`,
          figure: `${fmt(fixed.app.p99, 1)} ms`,
          target: '< 50 ms',
          result:
            fixed.app.p99 < 50 && fixed.app.errors + fixed.app.non2xx === 0
              ? fixed.app.rate >= FIXED_RATE * 0.95
                ? 'PASS'
                : 'PASS at the answered rate'
              : 'FAIL',
        }
      : { goal: `p99 at ${FIXED_RATE} req/s`, figure: '-', target: '< 50 ms', result: 'not run' },
  ]);
  console.log('Cost growth: a small session against one with 100k positions, 100k events and 20k messages (median of 3, interleaved)');
  console.table(growthRows);
  if (profileDir) console.log(`Server CPU profile of the measured rounds: ${(await ask<{ file: string }>('profile-stop', 'profile-stopped')).file}`);

  child.send({ type: 'exit' });
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.env.BENCH_HTTP_ROLE === 'server') {
  await serve();
} else {
  await main();
}
