// bench:abuse's plumbing: the server and probe child processes, the measuring of one
// attack (memory mark, probe armed, attack, a short tail, probe and peak read back), and
// the goals' verdicts.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverChild } from '../compiled';
import type { Memory, ServerCommand } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A forked child answering each IPC command with one message, in order (through tsx unless `run` says how). */
function child(
  file: string,
  env: Record<string, string>,
  execArgv: string[] = [],
  log?: string,
  run: { file: string; execArgv: string[] } = { file: path.join(here, file), execArgv: ['--import', 'tsx'] },
) {
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const proc: ChildProcess = fork(run.file, [], {
    execArgv: [...execArgv, ...run.execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out, 'ipc'],
  });
  const queue: ((message: any) => void)[] = [];
  const early: any[] = [];
  proc.on('message', (message) => {
    const next = queue.shift();
    if (next) next(message);
    else early.push(message);
  });
  const next = (): Promise<any> =>
    early.length > 0 ? Promise.resolve(early.shift()) : new Promise((resolve) => queue.push(resolve));
  return {
    proc,
    next,
    ask<T = any>(command: unknown): Promise<T> {
      const answer = next();
      proc.send(command as never);
      return answer as Promise<T>;
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let lastAddress = 10;
/** A loopback address no other client of this run uses (127.0.0.11, .12, ...). */
export const nextAddress = () => `127.0.0.${++lastAddress}`;

export type Bench = Awaited<ReturnType<typeof startBench>>;

export async function startBench() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The server's own output (its log at LOG_LEVEL, warn by default) goes to a file.
  const log = path.join(os.tmpdir(), `bench-abuse-server-${process.pid}.log`);
  // The app's server compiled, as `npm start` serves it (COMPILED=0: through tsx; bench/compiled.ts).
  const server = child('server.ts', { BENCH_PORT: String(port) }, ['--expose-gc'], log, await serverChild(path.join(here, 'server.ts')));
  const started = await server.next();
  if (started.op !== 'started') throw new Error(`server: ${JSON.stringify(started)}`);
  // Ready once it answers (main.ts listens after migrating and seeding).
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/api/config`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600 || server.proc.exitCode !== null) throw new Error(`server did not start:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const probe = child('probe.ts', { PROBE_URL: url, PROBE_ADDRESS: '127.0.0.2' });
  await probe.next();

  async function sql<T = any>(query: string, params: unknown[] = [], mode: 'get' | 'all' | 'run' = 'get'): Promise<T> {
    const answer = await server.ask({ op: 'sql', sql: query, params, mode } satisfies ServerCommand);
    if (answer.op !== 'sql') throw new Error(`sql ${query}: ${answer.error}`);
    return answer.result as T;
  }

  return {
    url,
    log,
    wsUrl: url.replace('http', 'ws'),
    serverPid: server.proc.pid!,
    sql,
    seedEvents: (sessionId: number, count: number) => server.ask({ op: 'seedEvents', sessionId, count } satisfies ServerCommand),
    /** Runs one attack with the probe beside it: its latencies and the server's memory growth. */
    async measure<T>(attack: () => Promise<T>): Promise<{ result: T; probe: ProbeFigures; memory: MemoryFigures; seconds: number }> {
      const mark = (await server.ask({ op: 'mark' } satisfies ServerCommand)).memory as Memory;
      await pause(200); // the GC of the mark is over
      await probe.ask({ op: 'start' });
      await pause(200); // the quiet baseline
      const t0 = performance.now();
      const result = await attack();
      const seconds = (performance.now() - t0) / 1000;
      await pause(500); // a stall that outlasted the attack's client shows
      const stopped = await probe.ask({ op: 'stop' });
      const peak = await server.ask({ op: 'peak' } satisfies ServerCommand);
      return {
        result,
        seconds,
        probe: probeFigures(stopped.latencies as number[], stopped.failures as number),
        memory: {
          peakRss: peak.peak.rss - mark.rss,
          peakHeap: peak.peak.heapUsed - mark.heapUsed,
          peakExternal: peak.peak.external - mark.external,
          afterRss: peak.afterGc.rss - mark.rss,
        },
      };
    },
    async stop() {
      probe.proc.send({ op: 'exit' });
      server.proc.send({ op: 'stop' } satisfies ServerCommand);
      await new Promise((resolve) => server.proc.once('exit', resolve));
    },
  };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ProbeFigures = { count: number; p50: number; p99: number; worst: number; failures: number; overGoal: number };
/** The goal for the probe's worst latency during an attack. */
export const PROBE_GOAL_MS = 250;
export type MemoryFigures = { peakRss: number; peakHeap: number; peakExternal: number; afterRss: number };

function probeFigures(latencies: number[], failures: number): ProbeFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const overGoal = sorted.filter((l) => l > PROBE_GOAL_MS).length;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), worst: sorted.at(-1) ?? Number.NaN, failures, overGoal };
}

export const mb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : 'n/a');
