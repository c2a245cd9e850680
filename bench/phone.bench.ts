// Phone speed (issue #25): Lighthouse 12 as the field measures it. The mobile preset (simulated slow 4G,
// 4x slower CPU, a Moto G Power screen) on /, /login, /register, /hunter-mobile (a signed-in guest in a
// live session with dinosaurs) and /hunter (a signed-in account hunter in the same session); the desktop
// preset on /gamemaster (its game master). Median of RUNS (default 3) per page, each run a fresh Chromium.
//
// Run: npm run bench:phone   (RUNS=5; PAGES=/,/login to pick pages; CLIENT_DIR to measure another build;
// CHROME_PATH, default /usr/bin/chromium). The server is the real one (built client, a temporary database),
// started here in a child process so Lighthouse and the server do not share an event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { PHONE_GOALS, type PhoneGoal, type PhoneMetrics, phoneVerdict } from './phone/goals';
import { Jar } from './phone/jar';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const ONLY = process.env.PAGES?.split(',').map((p) => p.trim());

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function buildClientIfMissing() {
  if (fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) return;
  console.error(`No built client in ${CLIENT_DIR}: run \`npm run build\` (or \`npx vite build\`) first.`);
  process.exit(1);
}

async function startServer(port: number): Promise<{ child: ChildProcess; url: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-phone-'));
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: path.join(dir, 'phone.sqlite'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      CLIENT_DIR,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, dir };
}

/** A game master with a live session and three dinosaurs, a guest and an account hunter in it (through the REST API). */
async function seed(url: string) {
  const stamp = Date.now().toString(36);
  const gm = new Jar(url);
  await gm.ok('POST', '/api/auth/register', {
    username: `gm${stamp}`,
    password: 'Fossil-Trail-42',
    email: `gm${stamp}@example.com`,
    firstName: 'Gina',
    lastName: 'Master',
    role: 'gamemaster',
  });
  const plans = (await gm.ok('GET', '/api/subscription-plans')) as { id: number; name: string }[];
  await gm.ok('POST', '/api/create-subscription', { planId: plans.find((p) => p.name === 'Professional')?.id });
  const password = 'raptor-42';
  const session = (await gm.ok('POST', '/api/game-sessions', {
    name: `Phone bench ${stamp}`,
    password,
    maxPlayers: 25,
    duration: 60,
    missionId: null,
  })) as { id: number };
  const species = (await gm.ok('GET', '/api/dinosaur-species')) as { id: number }[];
  for (const [i, s] of species.slice(0, 3).entries()) {
    await gm.ok('POST', `/api/game-sessions/${session.id}/deploy-dinosaur`, {
      sessionId: session.id,
      speciesId: s.id,
      latitude: 48.8584 + 0.0004 * (i + 1),
      longitude: 2.2945 + 0.0003 * i,
    });
  }
  await gm.ok('POST', `/api/game-sessions/${session.id}/start`, {});

  const guest = new Jar(url);
  await guest.ok('POST', '/api/hunter/join-session', { sessionId: String(session.id), password, hunterHandle: 'Bench Guest' });

  const hunter = new Jar(url);
  await hunter.ok('POST', '/api/auth/register', {
    username: `hunter${stamp}`,
    password: 'Fossil-Trail-42',
    email: `hunter${stamp}@example.com`,
    firstName: 'Hank',
    lastName: 'Hunter',
    role: 'hunter',
  });
  await hunter.ok('POST', '/api/hunter/join-session', { sessionId: String(session.id), password, hunterHandle: 'Bench Hunter' });
  return { gm, guest, hunter, sessionId: session.id };
}

type PageRun = { path: string; preset: 'mobile' | 'desktop'; cookie?: string; goal?: PhoneGoal };

async function runLighthouse(url: string, page: PageRun): Promise<PhoneMetrics> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance', 'accessibility'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    };
    const result = await lighthouse(`${url}${page.path}`, flags, page.preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      totalBytes: audit('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  buildClientIfMissing();
  const port = await freePort();
  const server = await startServer(port);
  const stop = () => {
    server.child.kill('SIGTERM');
    fs.rmSync(server.dir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    const { gm, guest, hunter, sessionId } = await seed(server.url);
    const all: PageRun[] = [
      { path: '/', preset: 'mobile', goal: PHONE_GOALS.landing },
      { path: '/login', preset: 'mobile', goal: PHONE_GOALS.landing },
      { path: '/register', preset: 'mobile', goal: PHONE_GOALS.any },
      { path: `/hunter-mobile?sessionId=${sessionId}`, preset: 'mobile', cookie: guest.cookie(), goal: PHONE_GOALS.terminal },
      { path: `/hunter?sessionId=${sessionId}`, preset: 'mobile', cookie: hunter.cookie(), goal: PHONE_GOALS.terminal },
      { path: '/gamemaster', preset: 'desktop', cookie: gm.cookie(), goal: PHONE_GOALS.any },
    ];
    const pages = all.filter((p) => !ONLY || ONLY.includes(p.path.split('?')[0]!));

    console.log(`\nPhone speed: Lighthouse ${lighthouseVersion()} (${RUNS} runs a page, median), ${server.url}, client ${CLIENT_DIR}`);
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    const header = ['page', 'preset', 'perf', 'a11y', 'LCP s', 'TBT ms', 'CLS', 'KiB', 'goal'];
    const rows: string[][] = [];
    let failed = 0;
    for (const page of pages) {
      const runs: PhoneMetrics[] = [];
      for (let i = 0; i < RUNS; i++) {
        const m = await runLighthouse(server.url, page);
        runs.push(m);
        console.log(
          `  ${page.path.split('?')[0]} run ${i + 1}: perf ${m.performance}, a11y ${m.accessibility}, LCP ${(m.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}, ${Math.round(m.totalBytes / 1024)} KiB`,
        );
      }
      const med: PhoneMetrics = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        totalBytes: median(runs.map((r) => r.totalBytes)),
      };
      const verdict = page.goal ? phoneVerdict(med, page.goal) : { pass: true, misses: [] };
      if (!verdict.pass) failed++;
      rows.push([
        page.path.split('?')[0]!,
        page.preset,
        String(med.performance),
        String(med.accessibility),
        (med.lcpMs / 1000).toFixed(2),
        String(Math.round(med.tbtMs)),
        med.cls.toFixed(3),
        String(Math.round(med.totalBytes / 1024)),
        verdict.pass ? 'PASS' : `FAIL (${verdict.misses.join('; ')})`,
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(`\n${line(header)}`);
    for (const row of rows) console.log(line(row));
    console.log('\nGoals (issue #25): / and /login perf >= 90, LCP <= 2.5 s; /hunter-mobile and /hunter perf >= 80, LCP <= 3 s,');
    console.log('TBT <= 300 ms; accessibility >= 95 on every page. Scores on a busy shared machine swing: judge bytes and TBT too.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    stop();
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve('node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

await main();
