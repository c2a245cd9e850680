// bench:start: how long the server takes from its process start to its first answer, and its
// memory once idle, run through tsx (as `npm start` served before issue #25) and compiled
// (dist/server/main.js, as it serves now), interleaved. Each run starts the serving process
// alone (no launcher, no build step) on the same migrated and seeded database, production
// mode, and polls GET /api/config every 10 ms; the idle RSS is read from /proc after IDLE_S
// seconds without a request.
// Run: npm run bench:start   (ROUNDS=5, IDLE_S=5)
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, SERVER_OUTFILE } from '../scripts/build-server';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const IDLE_S = Number(process.env.IDLE_S ?? 5);

const MODES = {
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: [...COMPILED_NODE_FLAGS, path.relative(process.cwd(), SERVER_OUTFILE)],
} as const;
type Mode = keyof typeof MODES;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-startup-'));
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_PATH: path.join(dir, 'db.sqlite'),
  UPLOADS_DIR: path.join(dir, 'uploads'),
  CLIENT_DIR: path.resolve('dist/client'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'admin-password',
  LOG_LEVEL: 'warn',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One start: ms until the first 200 from /api/config, and the RSS after IDLE_S idle seconds. */
async function run(mode: Mode, idle = true): Promise<{ readyMs: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, MODES[mode], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode} server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/config`);
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    if (!idle) return { readyMs, rssMb: 0 };
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    return { readyMs, rssMb: rssKb(child.pid!) / 1024 };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const buildStart = performance.now();
const built = await ensureServerBuilt(true);
const buildMs = performance.now() - buildStart;
console.log(`bench:start  ${ROUNDS} rounds, interleaved; idle ${IDLE_S} s; load: ${execSync('uptime').toString().trim()}`);
console.log(`esbuild of dist/server/main.js: ${Math.round(buildMs)} ms (${built ? 'built' : 'fresh'})`);
// The first start migrates and seeds (models copied, admin created): not counted.
await run('compiled', false);
const results: Record<Mode, { readyMs: number; rssMb: number }[]> = { tsx: [], compiled: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of (round % 2 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) as Mode[]) results[mode].push(await run(mode));
}
console.table(
  (Object.keys(results) as Mode[]).map((mode) => ({
    server: mode === 'tsx' ? 'tsx src/server/main.ts (before)' : 'node dist/server/main.js (after)',
    'start to first answer ms (median)': Math.round(median(results[mode].map((r) => r.readyMs))),
    runs: results[mode].map((r) => Math.round(r.readyMs)).join('/'),
    'idle RSS MB (median)': median(results[mode].map((r) => r.rssMb)).toFixed(1),
    'RSS runs': results[mode].map((r) => r.rssMb.toFixed(0)).join('/'),
  })),
);
fs.rmSync(dir, { recursive: true, force: true });
