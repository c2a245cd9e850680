// The bundle budget (issues #15 and #25), run by `npm run build` after `vite build`: for each route, every
// byte of JS and CSS a fresh visitor's browser downloads in the first seconds, as Chromium really fetches
// it (decision 801): the real server on the built client, a fresh phone-sized browser context each
// (service worker allowed, signed in where the page needs it, a live session with dinosaurs), the page
// loaded and watched until the network has been quiet for QUIET_MS, and again once the service worker has
// taken control. Preloads, after-paint chunks, lazy chunks loaded on idle and the service worker's scripts and
// precache are all counted. Sizes are the built files, gzip -9. Exits 1 when a budget is exceeded or three.js
// reaches a page that must not carry it.
//   tsx scripts/bundle-budget.ts [clientDir]   (default dist/client; CLIENT_DIR also works)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { seed, startServer } from '../bench/phone/server';

const KB = 1024;
/** The network counts as idle once no request has started or finished for this long. */
const QUIET_MS = 2_000;
/** A page still fetching after this is measured as it stands (and says so). */
const MAX_WAIT_MS = 20_000;

type RouteBudget = {
  path: string;
  /** Who opens it: a visitor, the seeded guest (in the live session), the account hunter or the game master. */
  as?: 'guest' | 'hunter' | 'gm';
  /** Gzipped KB; undefined: printed for information only. */
  maxJsKb?: number;
  maxCssKb?: number;
  /** Packages whose code must not be downloaded by this route. */
  forbidden?: RegExp;
};

const THREE_JS = /\/node_modules\/(three|@react-three|@pmndrs)\//;

/**
 * Issue #25's goals (decision 801): `/` 100 KB, `/login` 150 KB, `/hunter-mobile` 250 KB of gzipped JS,
 * met since the terminal loads its map, tabs and dialogs on first use and `/login` has its own entry
 * (decisions 850-852). CSS: issue 15's budgets.
 */
const ROUTES: RouteBudget[] = [
  { path: '/', maxJsKb: 100, maxCssKb: 12, forbidden: THREE_JS },
  { path: '/login', maxJsKb: 150, maxCssKb: 18, forbidden: THREE_JS },
  { path: '/register' },
  { path: '/hunter-mobile', as: 'guest', maxJsKb: 250, maxCssKb: 25, forbidden: THREE_JS },
  { path: '/hunter', as: 'hunter' },
  { path: '/gamemaster', as: 'gm' },
];

const clientDir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error(`bundle budget: no ${clientDir}/index.html (run vite build first)`);
  process.exit(1);
}

const gzipCache = new Map<string, number>();
function gzippedBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The npm packages bundled into a chunk, from its source map (the build writes one per chunk). */
function bundledSources(file: string): string[] {
  const mapFile = path.join(clientDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) return [];
  return (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

/** Loads a page in `context` and returns the built JS and CSS files fetched until the network is quiet. */
async function fetchedFiles(context: BrowserContext, url: string): Promise<{ files: string[]; settled: boolean }> {
  const files = new Set<string>();
  let inFlight = 0;
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  context.on('request', (request) => {
    inFlight++;
    touch();
    const { pathname, origin } = new URL(request.url());
    if (origin === new URL(url).origin && /\.(m?js|css)$/.test(pathname)) files.add(pathname.slice(1));
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    touch();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  let settled = true;
  const quiet = async () => {
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() - started > MAX_WAIT_MS) {
        settled = false;
        break;
      }
      await page.waitForTimeout(100);
    }
  };
  await quiet();
  // The service worker registers once the page has settled (decision 921), after the network went quiet: its
  // scripts and precache are still counted, as the phone still downloads them in its first seconds. The pages
  // that register one are those that load the app's data layer (DataProviders); the prerendered landing and
  // sign-in pages do not.
  const registersWorker = [...files].some((file) => /\/DataProviders-[\w-]+\.js$/.test(file));
  if (settled && registersWorker) {
    const left = Math.max(0, MAX_WAIT_MS - (Date.now() - started));
    await page
      .waitForFunction(() => navigator.serviceWorker?.controller != null || navigator.serviceWorker === undefined, null, { timeout: left })
      .catch(() => {
        settled = false;
      });
    touch();
    await quiet();
  }
  return { files: [...files].filter((file) => fs.existsSync(path.join(clientDir, file))), settled };
}

const server = await startServer(clientDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const rows: string[][] = [];
const failures: string[] = [];
try {
  const people = await seed(server.url);
  for (const route of ROUTES) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
      permissions: ['geolocation'],
      geolocation: { latitude: 48.8584, longitude: 2.2945, accuracy: 5 },
    });
    // Map tiles are outside (and not JS or CSS): answered empty so the page does not wait on them.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.fulfill({ status: 204, body: '' }));
    const jar = route.as ? people[route.as] : undefined;
    if (jar) {
      const { hostname } = new URL(server.url);
      await context.addCookies(
        jar
          .cookie()
          .split('; ')
          .filter(Boolean)
          .map((pair) => {
            const at = pair.indexOf('=');
            return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
          }),
      );
    }
    const query = route.as ? `?sessionId=${people.sessionId}` : '';
    const { files, settled } = await fetchedFiles(context, `${server.url}${route.path}${query}`);
    await context.close();
    const js = files.filter((f) => /\.m?js$/.test(f));
    const css = files.filter((f) => f.endsWith('.css'));
    if (process.env.BUDGET_FILES) {
      // Which files a route pays for, largest first (BUDGET_FILES=1 npx tsx scripts/bundle-budget.ts).
      const sized = [...js, ...css].map((f) => [f, gzippedBytes(f) / KB] as const).sort((a, b) => b[1] - a[1]);
      console.log(`${route.path}:\n${sized.map(([f, kb]) => `  ${kb.toFixed(1).padStart(6)} KB  ${f}`).join('\n')}`);
    }
    const jsKb = js.reduce((sum, f) => sum + gzippedBytes(f), 0) / KB;
    const cssKb = css.reduce((sum, f) => sum + gzippedBytes(f), 0) / KB;
    const verdicts: string[] = [];
    if (route.maxJsKb !== undefined) {
      verdicts.push(jsKb <= route.maxJsKb ? 'PASS' : 'FAIL');
      if (jsKb > route.maxJsKb) failures.push(`${route.path}: ${jsKb.toFixed(1)} KB of JS > ${route.maxJsKb} KB`);
    }
    if (route.maxCssKb !== undefined) {
      verdicts.push(cssKb <= route.maxCssKb ? 'PASS' : 'FAIL');
      if (cssKb > route.maxCssKb) failures.push(`${route.path}: ${cssKb.toFixed(1)} KB of CSS > ${route.maxCssKb} KB`);
    }
    let forbidden = '-';
    if (route.forbidden) {
      const offenders = js.filter((f) => bundledSources(f).some((source) => route.forbidden!.test(source)));
      forbidden = offenders.length ? 'FOUND' : 'none';
      verdicts.push(offenders.length ? 'FAIL' : 'PASS');
      if (offenders.length) failures.push(`${route.path}: three.js downloaded (${offenders.join(', ')})`);
    }
    rows.push([
      route.path,
      String(js.length),
      jsKb.toFixed(1),
      route.maxJsKb === undefined ? '-' : String(route.maxJsKb),
      String(css.length),
      cssKb.toFixed(1),
      route.maxCssKb === undefined ? '-' : String(route.maxCssKb),
      forbidden,
      (verdicts.length ? (verdicts.includes('FAIL') ? 'FAIL' : 'PASS') : 'info') + (settled ? '' : ' (still fetching)'),
    ]);
  }
} finally {
  await browser.close();
  server.stop();
}

const header = ['route', 'JS files', 'JS KB gz', 'budget', 'CSS files', 'CSS KB gz', 'budget', 'three.js', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log('\nBundle budget: every JS and CSS file Chromium downloads on a first visit (fresh phone context, service');
console.log(`worker allowed) until the network is quiet for ${QUIET_MS / 1000} s, gzip -9 of the built files, ${clientDir}`);
console.log(line(header));
for (const row of rows) console.log(line(row));
if (failures.length) {
  console.error(`\nBundle budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Bundle budget: PASS\n');
