// bench:ws: 5,000 sockets on /ws and on the tRPC subscription (comms.events), all in one
// game session and spread over 200 sessions of 25. The server runs in its own process
// (bench/ws/server.ts, --expose-gc); the receiving sockets are spread over CLIENTS
// processes (bench/ws/client.ts) so the clients do not dominate the timing.
// Prints per scenario: server memory per socket (after GC, minus the baseline), the
// fan-out of one game-master broadcast to every socket of its session (p50/p99/max,
// pooled over ROUNDS broadcasts after WARMUP uncounted ones), and, spread over 200 sessions, the server CPU of an
// event of a 25-socket session with 0 and with 4,975 other sockets open (ratio ~1 when
// delivery is indexed by session). Beside /ws 1 session, the floor: a bare `ws` server
// (bench/ws/bare-server.ts) sent the app's broadcast frame over as many sockets of the
// same client processes, its rounds interleaved with the app's, and the ratios app/bare.
// Run: npm run bench:ws  (COMPILED=0 runs the app's server through tsx, as before issue #25; SOCKETS=, CLIENTS=, ROUNDS=, WARMUP=, RECEIVER=raw|ws, ONLY=, FLOOR=0, CPU_PROF=<dir>)
// DATABASE_URL=postgres://... runs the app on PostgreSQL: its server creates a database of its own on that server and drops it at the end.
import { type ChildProcess, execSync, fork } from 'node:child_process';
import path from 'node:path';
import { serverChild, serverKind } from './compiled';
import type { BareCommand } from './ws/bare-server';
import type { ClientCommand } from './ws/client';
import type { SeededSocket, ServerCommand } from './ws/server';

const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const CLIENTS = Number(process.env.CLIENTS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const SPREAD_SESSIONS = 200;
// FLOOR=0 leaves out the bare `ws` floor measured beside /ws, 1 session.
const FLOOR = process.env.FLOOR !== '0';
/** How the bare server sends: ws's own send per socket, and the complete frame in one write per socket. */
const FLOOR_SENDS = ['ws.send', 'one write'] as const;
/** The bare server's sockets wait for its frame under this pseudo session id. */
const BARE_SESSION = 0;
const COST_EVENTS = Number(process.env.COST_EVENTS ?? 300);
const GOAL_BYTES_PER_SOCKET = 12 * 1024;
const GOAL_P99_MS = 100;
const here = path.dirname(new URL(import.meta.url).pathname);

type Message = { op: string } & Record<string, any>;

/** The app's server child, compiled as `npm start` serves it (COMPILED=0: through tsx; bench/compiled.ts). */
const appServer = await serverChild(path.join(here, 'ws', 'server.ts'));

/** A forked process with a typed request/answer over IPC (answers come in order); the clients and the bare floor run through tsx. */
function child(file: string, execArgv: string[]) {
  const run = file === 'server.ts' ? appServer : { file: path.join(here, 'ws', file), execArgv: ['--import', 'tsx'] };
  const proc: ChildProcess = fork(run.file, [], { execArgv: [...execArgv, ...run.execArgv], stdio: 'inherit' });
  const waiting: { op: string; resolve: (m: Message) => void }[] = [];
  const early: Message[] = [];
  proc.on('message', (m: Message) => {
    const i = waiting.findIndex((w) => w.op === m.op);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(m);
    else early.push(m);
  });
  proc.on('exit', (code) => {
    if (code && waiting.length) {
      console.error(`${file} exited with ${code}`);
      process.exit(1);
    }
  });
  const next = (op: string) =>
    new Promise<Message>((resolve) => {
      const i = early.findIndex((m) => m.op === op);
      if (i >= 0) resolve(early.splice(i, 1)[0]!);
      else waiting.push({ op, resolve });
    });
  return {
    proc,
    next,
    ask: (command: ServerCommand | ClientCommand | BareCommand, answer: string) => {
      const reply = next(answer);
      proc.send(command);
      return reply;
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

let databaseShown = false;

async function scenario(kind: 'ws' | 'trpc', sessions: number) {
  const n = SOCKETS;
  const perSession = SOCKETS / sessions;
  // CPU_PROF=<dir>: a CPU profile of each server run (read the top self-time functions).
  const profile = process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  const server = child('server.ts', ['--expose-gc', ...profile]);
  const ready = await server.next('ready');
  if (!databaseShown) console.log(`Database: ${ready.database} (the server's own temporary database, dropped at the end)`);
  databaseShown = true;
  const { sockets } = (await server.ask({ op: 'seed', sessions, huntersPerSession: perSession }, 'seeded')) as unknown as { sockets: SeededSocket[] };
  const baseline = await server.ask({ op: 'memory' }, 'memory');
  const clients = Array.from({ length: CLIENTS }, () => child('client.ts', []));
  const openOn = async (subset: SeededSocket[]) => {
    const shares = clients.map((_, i) => subset.filter((_, j) => j % CLIENTS === i));
    const opened = await Promise.all(
      clients.map((c, i) => c.ask({ op: 'open', kind, wsUrl: ready.wsUrl, sockets: shares[i]!, concurrency: 50 }, 'opened')),
    );
    const failed = opened.reduce((n, o) => n + o.failed, 0);
    if (failed) console.warn(`  ${failed} sockets failed to open`);
  };
  const target = sockets[0]!.sessionId;
  const t = performance.now();
  let cost: { alone: number; crowded: number } | null = null;
  if (sessions > 1) {
    // Cost of an event of one 25-socket session, alone and then among 4,975 other sockets.
    await openOn(sockets.filter((s) => s.sessionId === target));
    await server.ask({ op: 'publishCost', sessionId: target, events: COST_EVENTS }, 'cost'); // warm-up: JIT, statement caches
    const alone = await server.ask({ op: 'publishCost', sessionId: target, events: COST_EVENTS }, 'cost');
    await openOn(sockets.filter((s) => s.sessionId !== target));
    const crowded = await server.ask({ op: 'publishCost', sessionId: target, events: COST_EVENTS }, 'cost');
    cost = { alone: alone.usPerEvent, crowded: crowded.usPerEvent };
  } else {
    await openOn(sockets);
  }
  const connectS = (performance.now() - t) / 1000;
  const mem = await server.ask({ op: 'memory' }, 'memory');
  if (process.env.HEAP_SNAPSHOT) await server.ask({ op: 'snapshot', file: process.env.HEAP_SNAPSHOT } as never, 'snapshot');

  // The floor (the /ws one-session scenario): a bare `ws` server in its own process, as many
  // sockets opened by the same client processes, sent the app's broadcast frame (same bytes)
  // in rounds interleaved with the app's, in both ways of FLOOR_SENDS.
  const floor = kind === 'ws' && sessions === 1 && FLOOR ? child('bare-server.ts', profile) : null;
  if (floor) {
    const { wsUrl } = await floor.next('ready');
    const bare: SeededSocket[] = Array.from({ length: n }, () => ({ sessionId: BARE_SESSION, cookie: '' }));
    const shares = clients.map((_, i) => bare.filter((_, j) => j % CLIENTS === i));
    const opened = await Promise.all(clients.map((c, i) => c.ask({ op: 'open', kind, wsUrl, sockets: shares[i]!, concurrency: 50 }, 'opened')));
    const failed = opened.reduce((f, o) => f + o.failed, 0);
    if (failed) console.warn(`  ${failed} bare sockets failed to open`);
  }

  const app: Fanout = { latencies: [], missing: 0, syncMs: [], roundP99: [] };
  const floors = FLOOR_SENDS.map((how) => ({ how, fanout: { latencies: [], missing: 0, syncMs: [], roundP99: [] } as Fanout }));
  let frame = '';
  let frameSizes: number[] = [];
  // The first WARMUP rounds are sent but not counted: a server's first broadcasts over a new
  // path run cold (JIT), and the pooled p99 would be that one round's tail.
  const counted = (round: number, fanout: Fanout): Fanout => (round < WARMUP ? { latencies: [], missing: 0, syncMs: [], roundP99: [] } : fanout);
  const appRound = async (round: number) => {
    const sessionId = sockets[(round * perSession) % sockets.length]!.sessionId; // another session each round when spread
    const answer = await timedBroadcast(server, clients, { op: 'broadcast', sessionId, round }, sessionId, round, counted(round, app));
    frame = answer.frame;
    frameSizes = answer.frameBytes;
  };
  const contenders = [appRound, ...floors.map(({ how, fanout }) => (round: number) =>
    timedBroadcast(floor!, clients, { op: 'broadcast', frame, how }, BARE_SESSION, round, counted(round, fanout)))];
  if (!floor) contenders.length = 1;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // Each round in another order (the app first in the first, for its frame).
    for (let i = 0; i < contenders.length; i++) await contenders[(round + i) % contenders.length]!(round);
  }
  for (const c of clients) c.proc.send({ op: 'close' } satisfies ClientCommand);
  const exited = [server, ...(floor ? [floor] : [])].map((s) => new Promise((r) => s.proc.once('exit', r)));
  server.proc.send({ op: 'stop' } satisfies ServerCommand);
  floor?.proc.send({ op: 'stop' } satisfies BareCommand);
  await Promise.all(exited);
  for (const f of [app, ...floors.map((x) => x.fanout)]) f.latencies.sort((a, b) => a - b);

  const rssPer = (mem.rss - baseline.rss) / n;
  const livePer = (mem.heapUsed + mem.external - baseline.heapUsed - baseline.external) / n;
  const rows: Record<string, string | number>[] = [];
  const p99 = percentile(app.latencies, 99);
  rows.push({
    scenario: `${kind === 'ws' ? '/ws' : 'tRPC'} ${sessions === 1 ? `1 session x ${n}` : `${sessions} sessions x ${perSession}`}`,
    'connect s': connectS.toFixed(1),
    'RSS KB/socket': kb(rssPer),
    'heap+ext KB/socket': kb(livePer),
    ...fanoutColumns(app),
    'event CPU us alone/crowded': cost ? `${cost.alone.toFixed(0)} / ${cost.crowded.toFixed(0)}` : '-',
    'crowded/alone': cost ? (cost.crowded / cost.alone).toFixed(2) : '-',
    // RSS moves with what the allocator keeps; heap + external after GC is the steadier figure: both must pass.
    memory: Math.max(rssPer, livePer) <= GOAL_BYTES_PER_SOCKET ? 'PASS' : 'FAIL',
    fanout: p99 < GOAL_P99_MS && app.missing === 0 ? 'PASS' : 'FAIL',
  });
  if (floor) {
    for (const { how, fanout } of floors) {
      const ratio = (p: number) => (percentile(app.latencies, p) / percentile(fanout.latencies, p)).toFixed(2);
      rows.push({
        scenario: `floor: bare ws x ${n}, ${how}`,
        ...fanoutColumns(fanout),
        'app/bare p50': ratio(50),
        'app/bare p99': ratio(99),
        fanout: percentile(fanout.latencies, 99) < GOAL_P99_MS && fanout.missing === 0 ? 'PASS' : 'FAIL',
      });
    }
    console.log(`  frames per app broadcast (bytes): ${frameSizes.join(' + ')}; the floor sends one of ${Buffer.byteLength(frame)} bytes`);
  }
  return rows;
}

/** A contender's receipts: every socket's latency of every counted broadcast, and each broadcast's own p99. */
type Fanout = { latencies: number[]; missing: number; syncMs: number[]; roundP99: number[] };

/** One broadcast: arms the clients, triggers it, and adds every socket's receipt time to `into`. */
async function timedBroadcast(
  target: ReturnType<typeof child>,
  clients: ReturnType<typeof child>[],
  command: ServerCommand | BareCommand,
  sessionId: number,
  round: number,
  into: Fanout,
) {
  const reports = clients.map((c) => c.next('received'));
  await Promise.all(clients.map((c) => c.ask({ op: 'arm', round, sessionId, timeoutMs: 10_000 }, 'armed')));
  const answer = await target.ask(command, 'broadcasted');
  const these: number[] = [];
  for (const r of await Promise.all(reports)) {
    into.missing += r.missing;
    for (const at of r.times as number[]) these.push(at - answer.t0);
  }
  into.latencies.push(...these);
  into.roundP99.push(percentile(these.sort((a, b) => a - b), 99));
  into.syncMs.push(answer.syncMs);
  await new Promise((r) => setTimeout(r, 200));
  return answer;
}

/** Its columns (latencies sorted). */
function fanoutColumns(f: Fanout) {
  const syncMs = [...f.syncMs].sort((a, b) => a - b);
  return {
    'fan-out p50 ms': percentile(f.latencies, 50).toFixed(1),
    'p99 ms': percentile(f.latencies, 99).toFixed(1),
    // Each broadcast's own p99, the median over the broadcasts (the pooled p99 above is the slowest round's tail).
    'p99/broadcast median': percentile([...f.roundP99].sort((a, b) => a - b), 50).toFixed(1),
    'max ms': (f.latencies.at(-1) ?? NaN).toFixed(1),
    missed: f.missing,
    // How long the server's own event loop was busy sending (median): the rest is the kernel and the clients.
    'server send ms': percentile(syncMs, 50).toFixed(1),
  };
}

console.log(`bench:ws  app server ${serverKind()}; ${SOCKETS} sockets, ${CLIENTS} client processes (${process.env.RECEIVER ?? 'raw'} receivers), ${ROUNDS} broadcasts per scenario after ${WARMUP} warm-up; load: ${execSync('uptime').toString().trim()}`);
const rows = [];
// ONLY=ws1,trpc200 runs some scenarios (kind and number of sessions).
const only = process.env.ONLY?.split(',');
for (const kind of ['ws', 'trpc'] as const) {
  for (const sessions of [1, SPREAD_SESSIONS]) {
    if (only && !only.includes(`${kind}${sessions}`)) continue;
    for (const row of await scenario(kind, sessions)) {
      console.log(row);
      rows.push(row);
    }
  }
}
console.table(rows);
console.log(
  `Goals: server memory <= ${GOAL_BYTES_PER_SOCKET / 1024} KB per socket (RSS and heap+external after GC, minus the baseline); fan-out p99 < ${GOAL_P99_MS} ms; ` +
    'an event of a 25-socket session costs the same with 4,975 other sockets open (crowded/alone ~1).',
);
process.exit(0);
