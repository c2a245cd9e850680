// The cluster harness (issue #28): N real `node dist/server/main.js` processes (what `npm start`
// runs) on one fresh PostgreSQL database, behind a round-robin TCP proxy. Used by
// `npm run test:cluster` (src/server/cluster/*.cluster.test.ts) and `npm run bench:gameday`.
//
// API (kept stable; the simulated clients are in cluster-clients.ts):
//
//   const cluster = await startCluster({ processes: 3, env: { MESSAGE_RATE_LIMIT: '5' } });
//   cluster.url / cluster.wsUrl       the proxy (round robin over live processes), http:// and ws://
//   cluster.urlOf(i) / wsUrlOf(i)     process i directly (0-based)
//   cluster.processes[i]              { index, port, pid, alive, output() }: output() is its stdout+stderr so far
//   await cluster.kill(i, 'SIGKILL')  signals process i and waits for it to exit (answers its exit code/signal)
//   await cluster.restart(i)          starts process i again (same port, same env) and waits until it is ready
//   await cluster.start(i)            the same, for a process that was never started (options.deferred)
//   cluster.databaseUrl               the cluster's database (created here; dropped by stop())
//   cluster.uploadsDir                the uploads folder the processes share (unless env/envOf set UPLOADS_DIR)
//   cluster.describe()                every process's state and the tail of its output (for failure messages)
//   await cluster.stop()              SIGTERM to every process (SIGKILL after 10 s), proxy closed, database dropped
//
// Options (all optional but `processes`):
//   processes       how many app processes
//   env             extra environment for every process (e.g. MESSAGE_RATE_LIMIT, STORAGE_URL, LOG_LEVEL)
//   envOf(i)        extra environment for process i (wins over env), e.g. its own UPLOADS_DIR
//   together        start every process at the same moment (default: process 0 first, so it migrates
//                   and seeds alone, then the others at once); the migrate-and-seed-once proof uses it
//   deferred        indexes not started by startCluster (start them later with cluster.start(i))
//   proxy           false: no proxy (cluster.url is then process 0)
//   databaseUrl     run on this existing database instead of a fresh one (not dropped by stop())
//   readyTimeoutMs  how long a process may take to be ready (default 90 s: this machine is shared)
//
// The base server for the fresh database: DINOHUNT_PG_URL, else DATABASE_URL, else
// postgres://dinohunt:dinohunt@127.0.0.1:5432/dinohunt. Every process gets DATABASE_URL, HOST
// 127.0.0.1, a free PORT, NODE_ENV production, LOG_LEVEL warn, ADMIN_USERNAME/ADMIN_PASSWORD
// (CLUSTER_ADMIN below), high AUTH/MESSAGE/UPLOAD rate limits (a scenario that tests one sets it),
// and UPLOADS_DIR in a temporary folder of the cluster. A process is ready when it has printed
// "Dinohunt is ready at" and, where the server has /readyz, that answers 200.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, SERVER_OUTFILE } from '../../scripts/build-server';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../scripts/round-robin-proxy';
import { createTestPgDatabase } from './pg-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_PG_URL = 'postgres://dinohunt:dinohunt@127.0.0.1:5432/dinohunt';
/** The seeded administrator of every cluster. */
export const CLUSTER_ADMIN = { username: 'admin', password: 'admin-password-cluster' } as const;
const READY_LINE = 'Dinohunt is ready at';
const OUTPUT_KEPT = 200_000;

export type ClusterOptions = {
  processes: number;
  env?: Record<string, string>;
  envOf?: (index: number) => Record<string, string>;
  together?: boolean;
  deferred?: number[];
  proxy?: boolean;
  databaseUrl?: string;
  readyTimeoutMs?: number;
};

export type ClusterProcess = {
  index: number;
  port: number;
  /** The running child's pid (undefined before its first start). */
  pid: number | undefined;
  /** True from spawn until exit. */
  alive: boolean;
  /** Everything it printed (stdout and stderr interleaved), at most the last 200 kB. */
  output: () => string;
};

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type Cluster = {
  url: string;
  wsUrl: string;
  urlOf: (index: number) => string;
  wsUrlOf: (index: number) => string;
  processes: ClusterProcess[];
  proxy: RoundRobinProxy | undefined;
  databaseUrl: string;
  uploadsDir: string;
  kill: (index: number, signal?: NodeJS.Signals) => Promise<ExitStatus>;
  restart: (index: number) => Promise<void>;
  start: (index: number) => Promise<void>;
  describe: () => string;
  stop: () => Promise<void>;
};

/** A free TCP port on 127.0.0.1 (the OS picks it; a process then listens on it for good). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The base PostgreSQL URL test databases are created on. */
export function basePgUrl(): string {
  return process.env.DINOHUNT_PG_URL || (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : '') || DEFAULT_PG_URL;
}

class AppProcess implements ClusterProcess {
  child: ChildProcess | undefined;
  private chunks: string[] = [];
  private size = 0;
  exited: Promise<ExitStatus> = Promise.resolve({ code: null, signal: null });
  alive = false;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get pid() {
    return this.child?.pid;
  }

  output(): string {
    return this.chunks.join('');
  }

  private record(text: string) {
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > OUTPUT_KEPT && this.chunks.length > 1) this.size -= this.chunks.shift()!.length;
  }

  /** Spawns the process and resolves once it is ready (or rejects with its output). */
  async launch(timeoutMs: number): Promise<void> {
    if (this.alive) throw new Error(`process ${this.index} is already running`);
    this.record(`\n--- start (port ${this.port}) at ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, [...COMPILED_NODE_FLAGS, SERVER_OUTFILE], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.alive = true;
    let printedReady = false;
    let onReadyLine: (() => void) | undefined;
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => {
      this.record(text);
      if (!printedReady && text.includes(READY_LINE)) {
        printedReady = true;
        onReadyLine?.();
      }
    });
    child.stderr!.on('data', (text: string) => this.record(text));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.alive = false;
        this.record(`\n--- exit code ${code} signal ${signal} ---\n`);
        resolve({ code, signal });
      });
    });
    const failure = (why: string) => new Error(`cluster process ${this.index} (port ${this.port}) ${why}:\n${this.output().slice(-4000)}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(failure(`not ready within ${timeoutMs} ms`)), timeoutMs);
      onReadyLine = () => {
        clearTimeout(timer);
        resolve();
      };
      if (printedReady) onReadyLine();
      void this.exited.then((status) => {
        clearTimeout(timer);
        reject(failure(`exited before it was ready (code ${status.code}, signal ${status.signal})`));
      });
    });
    await this.waitReadyz(timeoutMs);
  }

  /** /readyz (where the server has it) until 200; a 404 means this build has none: the ready line is enough. */
  private async waitReadyz(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let status = 0;
      try {
        status = (await fetch(`http://127.0.0.1:${this.port}/readyz`, { signal: AbortSignal.timeout(2000) })).status;
      } catch {}
      if (status === 200 || status === 404) return;
      if (!this.alive) throw new Error(`cluster process ${this.index} exited while waiting for /readyz:\n${this.output().slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`cluster process ${this.index}: /readyz answered ${status} for ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async signal(signal: NodeJS.Signals): Promise<ExitStatus> {
    if (!this.alive || !this.child) return this.exited;
    this.child.kill(signal);
    return this.exited;
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(options.processes) || options.processes < 1) throw new Error('startCluster needs processes >= 1');
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  await ensureServerBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-cluster-'));
  const uploadsDir = path.join(dir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestPgDatabase(basePgUrl());

  const ports: number[] = [];
  for (let i = 0; i < options.processes; i += 1) {
    let port = await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
  }
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SYSTEMROOT'].includes(name)),
  ) as Record<string, string>;
  const processes = ports.map(
    (port, index) =>
      new AppProcess(index, port, {
        ...inherited,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        UPLOADS_DIR: uploadsDir,
        ADMIN_USERNAME: CLUSTER_ADMIN.username,
        ADMIN_PASSWORD: CLUSTER_ADMIN.password,
        AUTH_RATE_LIMIT: '100000',
        MESSAGE_RATE_LIMIT: '100000',
        UPLOAD_RATE_LIMIT: '100000',
        // No network from the tests: place search off.
        GEOCODER_URL: '',
        ...options.env,
        ...options.envOf?.(index),
      }),
  );

  let proxy: RoundRobinProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    await Promise.all(
      processes.map(async (p) => {
        if (!p.alive) return;
        const timer = setTimeout(() => p.child?.kill('SIGKILL'), 10_000);
        await p.signal('SIGTERM');
        clearTimeout(timer);
      }),
    );
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deferred = new Set(options.deferred ?? []);
  const first = processes.filter((p) => !deferred.has(p.index));
  try {
    if (options.together) await Promise.all(first.map((p) => p.launch(readyTimeoutMs)));
    else if (first.length > 0) {
      await first[0]!.launch(readyTimeoutMs);
      await Promise.all(first.slice(1).map((p) => p.launch(readyTimeoutMs)));
    }
    if (options.proxy !== false) proxy = await startRoundRobinProxy({ upstreams: ports.map((port) => ({ host: '127.0.0.1', port })) });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }

  const direct = (index: number) => {
    const p = processes[index];
    if (!p) throw new Error(`no cluster process ${index}`);
    return `http://127.0.0.1:${p.port}`;
  };
  const entry = proxy ? `http://127.0.0.1:${proxy.port}` : direct(0);
  const byIndex = (index: number) => {
    const p = processes[index];
    if (!p) throw new Error(`no cluster process ${index}`);
    return p;
  };
  return {
    url: entry,
    wsUrl: entry.replace(/^http/, 'ws'),
    urlOf: direct,
    wsUrlOf: (index) => direct(index).replace(/^http/, 'ws'),
    processes,
    proxy,
    databaseUrl: database.url,
    uploadsDir,
    kill: (index, signal = 'SIGKILL') => byIndex(index).signal(signal),
    restart: (index) => byIndex(index).launch(readyTimeoutMs),
    start: (index) => byIndex(index).launch(readyTimeoutMs),
    describe: () =>
      processes
        .map((p) => `== process ${p.index} port ${p.port} pid ${p.pid} ${p.alive ? 'alive' : 'stopped'}\n${p.output().slice(-3000)}`)
        .join('\n'),
    stop,
  };
}
