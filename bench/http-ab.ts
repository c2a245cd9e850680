// Two builds of the app side by side, for a before/after of bench:http's polled reads on a shared machine:
// each tree's own bench:http server (its http.bench.ts in the server role, compiled by its own bench/compiled.ts,
// so each seeds the same live session with its own code) runs at once, and short rounds alternate A, B, A, B...
// A round's figure is the server's CPU time per read (bench:http's steadiest figure), and each pair's ratio B/A
// is read from two rounds seconds apart, so the machine's drift (other processes, its clock) moves both alike.
// Run: npx tsx bench/http-ab.ts <tree A> <tree B>   (e.g. a worktree of the commit before, and `.`)
// PAIRS=12 pairs per phase, ROUND_S=3 seconds a round, CONNECTIONS=25, PHASES=rest,trpc (the REST hot mix
// and the Hunter Terminal's tRPC batches, as bench:http measures them; the batches with no socket open);
// A_ENV='NAME=value ...' and B_ENV the same for one server only (two settings of one tree).
import { fork } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';

const PAIRS = Number(process.env.PAIRS ?? 12);
const ROUND_S = Number(process.env.ROUND_S ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 25);
const PHASES = (process.env.PHASES ?? 'rest,trpc').split(',');

type Read = { path: string; cookie: string; calls?: number };
type Setup = { url: string; hot: Read[]; hotTrpc: Read[]; readCache: boolean; database: string };
type Autocannon = (opts: Record<string, unknown>) => Promise<{ requests: { total: number }; errors: number; timeouts: number; non2xx: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

type Server = { name: string; setup: Setup; cpu: () => Promise<number>; stop: () => void };

/** `NAME=value NAME=value` as an environment. */
const envOf = (list: string | undefined) => Object.fromEntries((list ?? '').split(' ').filter(Boolean).map((kv) => kv.split('=', 2) as [string, string]));

/** Starts `tree`'s bench:http server (compiled as its own bench would) and waits for its seeded setup. */
async function start(tree: string, extraEnv: string | undefined): Promise<Server> {
  const root = path.resolve(tree);
  const home = process.cwd();
  // Its bench/compiled.ts builds into the working directory's dist/bench-server: each tree's into its own.
  process.chdir(root);
  const { serverChild } = (await import(path.join(root, 'bench/compiled.ts'))) as typeof import('./compiled');
  const server = await serverChild(path.join(root, 'bench/http.bench.ts'));
  process.chdir(home);
  const child = fork(server.file, [], {
    cwd: root,
    env: { ...process.env, ...envOf(extraEnv), BENCH_HTTP_ROLE: 'server' },
    execArgv: server.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const setup = await new Promise<Setup>((resolve, reject) => {
    child.once('message', (m: { setup: Setup }) => resolve(m.setup));
    child.once('exit', (code) => reject(new Error(`${tree}: server exited with ${code}`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      const listen = (m: { type: string; micros: number }) => {
        if (m.type !== 'cpu') return;
        child.off('message', listen);
        resolve(m.micros);
      };
      child.on('message', listen);
      child.send({ type: 'cpu' });
    });
  return { name: extraEnv ? `${tree} ${extraEnv}` : tree, setup, cpu, stop: () => child.send({ type: 'exit' }) };
}

/** One round on `server`: µs of its CPU per read (a batch counts its calls), and how many failed. */
async function round(server: Server, reads: Read[], seconds: number): Promise<{ cpuPerRead: number; failed: number }> {
  const before = await server.cpu();
  const result = await autocannon({
    url: server.setup.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: reads.map((r) => ({ method: 'GET', path: r.path, headers: { cookie: r.cookie } })),
  });
  const callsPerRequest = reads.reduce((n, r) => n + (r.calls ?? 1), 0) / reads.length;
  return {
    cpuPerRead: ((await server.cpu()) - before) / (result.requests.total * callsPerRequest),
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
const median = (xs: number[]) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[], digits: number) => {
  const s = sorted(xs);
  return `${median(s).toFixed(digits)} (${s[0]!.toFixed(digits)}-${s[s.length - 1]!.toFixed(digits)})`;
};

async function main() {
  const [treeA, treeB] = process.argv.slice(2);
  if (!treeA || !treeB) throw new Error('usage: npx tsx bench/http-ab.ts <tree A> <tree B>');
  const a = await start(treeA, process.env.A_ENV);
  const b = await start(treeB, process.env.B_ENV);
  try {
    console.log(`A: ${a.name} (${a.setup.database}, read cache ${a.setup.readCache ? 'on' : 'off'}); B: ${b.name} (${b.setup.database}, read cache ${b.setup.readCache ? 'on' : 'off'})`);
    console.log(`${PAIRS} pairs of ${ROUND_S} s rounds a phase, ${CONNECTIONS} connections, alternating A B A B`);
    for (const phase of PHASES) {
      const readsOf = (s: Server) => (phase === 'trpc' ? s.setup.hotTrpc : s.setup.hot);
      // Warm-up: JIT and statement caches of both.
      await round(a, readsOf(a), 2);
      await round(b, readsOf(b), 2);
      const as: number[] = [];
      const bs: number[] = [];
      let failed = 0;
      for (let pair = 0; pair < PAIRS; pair++) {
        // Which goes first alternates too, so neither always follows the other.
        const order = pair % 2 ? [b, a] : [a, b];
        for (const server of order) {
          const figures = await round(server, readsOf(server), ROUND_S);
          (server === a ? as : bs).push(figures.cpuPerRead);
          failed += figures.failed;
        }
      }
      const ratios = as.map((x, i) => bs[i]! / x);
      const name = phase === 'trpc' ? "tRPC terminal batches (µs a call)" : 'REST hot mix (µs a read)';
      console.log(`${name}: A ${spread(as, 1)}, B ${spread(bs, 1)}; B/A by pair ${spread(ratios, 3)}; failed ${failed}`);
      console.log(`  A rounds: ${as.map((x) => x.toFixed(1)).join(' ')}`);
      console.log(`  B rounds: ${bs.map((x) => x.toFixed(1)).join(' ')}`);
    }
  } finally {
    a.stop();
    b.stop();
  }
}

await main();
