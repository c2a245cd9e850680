// The bundle budget (issue #15), run by `npm run build` after `vite build`: for each route, the
// gzipped JS and CSS a first load fetches before the page is usable (see scripts/bundle-graph.ts),
// against its budget. Exits 1 when a budget is exceeded or three.js reaches the Hunter Terminal shell.
//   tsx scripts/bundle-budget.ts [clientDir]   (default dist/client; CLIENT_DIR also works)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { filesForRoute, type Manifest } from './bundle-graph';

const KB = 1024;

type RouteBudget = {
  path: string;
  /** Source files (as the manifest names them) of the route's lazy modules: its layout and page. */
  lazy: string[];
  /** Source files bundled into the entry chunk itself (checked in its source map, so a page made lazy is not missed). */
  inEntry?: string[];
  /** Lazy modules the page loads right after its first render: printed, not budgeted. */
  after?: string[];
  /** Gzipped KB; undefined: printed for information only. JS budgets are issue #15's; CSS budgets keep
   * the per-component split (a page carrying the whole Mantine stylesheet again is about 35 KB). */
  maxJsKb?: number;
  maxCssKb?: number;
  /** Packages whose code must not be in this route's first load. */
  forbidden?: RegExp;
};

const CLIENT = 'src/client';
const DATA_LAYOUT = `${CLIENT}/DataProviders.tsx`;
const page = (name: string) => [DATA_LAYOUT, `${CLIENT}/pages/${name}.tsx`];
/** Fetched on every page once it is drawn and the browser is idle (components/AppNotifications.tsx). */
const AFTER_EVERY_PAGE = [`${CLIENT}/components/NotificationsViewport.tsx`];
const THREE_JS = /\/node_modules\/(three|@react-three|@pmndrs)\//;

const ROUTES: RouteBudget[] = [
  {
    path: '/',
    lazy: [],
    inEntry: [`${CLIENT}/pages/LandingPage.tsx`],
    after: [DATA_LAYOUT, `${CLIENT}/components/AccountActions.tsx`],
    maxJsKb: 150,
    maxCssKb: 12,
  },
  {
    path: '/login',
    lazy: [`${CLIENT}/pages/LoginPage.tsx`],
    after: [DATA_LAYOUT, ...['components/AccountActions', 'features/auth/SignedInNotice', 'features/auth/SupportEmailLink'].map((f) => `${CLIENT}/${f}.tsx`)],
    maxJsKb: 170,
    maxCssKb: 18,
  },
  { path: '/register', lazy: page('RegisterPage') },
  { path: '/hunter-mobile', lazy: page('HunterTerminalPage'), maxJsKb: 250, maxCssKb: 25, forbidden: THREE_JS },
  { path: '/hunter', lazy: page('FieldOperationsPage') },
  { path: '/gamemaster', lazy: page('GameMasterPage') },
  { path: '/admin', lazy: page('AdminPage') },
];

const clientDir = path.resolve(process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client');
const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`bundle budget: no ${manifestFile} (vite.config.ts needs build.manifest: true; run vite build first)`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;

const gzipCache = new Map<string, number>();
function gzippedBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}
const totalKb = (files: string[]) => files.reduce((sum, file) => sum + gzippedBytes(file), 0) / KB;

/** Scripts index.html loads besides the entry graph (the service worker's registerSW.js). */
const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const manifestFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
const extraScripts = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)]
  .map((m) => m[1]!)
  .filter((file) => !manifestFiles.has(file));

/** The npm packages bundled into a chunk, from its source map (the build writes one per chunk). */
function bundledSources(file: string): string[] {
  const mapFile = path.join(clientDir, `${file}.map`);
  // The bundler's own module runtime has no sources.
  if (/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(file)) return [];
  if (!fs.existsSync(mapFile)) throw new Error(`No source map ${mapFile}: the three.js check needs build.sourcemap`);
  return (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
}

const entryFile = manifest['index.html']?.file;
const rows: string[][] = [];
const failures: string[] = [];
for (const route of ROUTES) {
  for (const source of route.inEntry ?? []) {
    const inEntry = entryFile !== undefined && bundledSources(entryFile).some((s) => s.endsWith(source));
    if (!inEntry) throw new Error(`${route.path}: ${source} is not in the entry chunk; list it in \`lazy\``);
  }
  const files = filesForRoute(manifest, route.lazy);
  const jsKb = totalKb([...files.js, ...extraScripts]);
  const cssKb = totalKb(files.css);
  const afterFiles = filesForRoute(manifest, [...route.lazy, ...(route.after ?? []), ...AFTER_EVERY_PAGE]);
  const afterKb = totalKb(afterFiles.js.filter((file) => !files.js.includes(file)));
  const verdicts: string[] = [];
  if (route.maxJsKb !== undefined) {
    const ok = jsKb <= route.maxJsKb;
    verdicts.push(ok ? 'PASS' : 'FAIL');
    if (!ok) failures.push(`${route.path}: ${jsKb.toFixed(1)} KB of JS > ${route.maxJsKb} KB`);
  }
  if (route.maxCssKb !== undefined) {
    const ok = cssKb <= route.maxCssKb;
    verdicts.push(ok ? 'PASS' : 'FAIL');
    if (!ok) failures.push(`${route.path}: ${cssKb.toFixed(1)} KB of CSS > ${route.maxCssKb} KB`);
  }
  let forbidden = '-';
  if (route.forbidden) {
    const offenders = files.js.filter((file) => bundledSources(file).some((source) => route.forbidden!.test(source)));
    forbidden = offenders.length ? 'FOUND' : 'none';
    verdicts.push(offenders.length ? 'FAIL' : 'PASS');
    if (offenders.length) failures.push(`${route.path}: three.js in its first load (${offenders.join(', ')})`);
  }
  rows.push([
    route.path,
    String(files.js.length + extraScripts.length),
    jsKb.toFixed(1),
    route.maxJsKb === undefined ? '-' : String(route.maxJsKb),
    cssKb.toFixed(1),
    route.maxCssKb === undefined ? '-' : String(route.maxCssKb),
    forbidden,
    verdicts.length ? (verdicts.includes('FAIL') ? 'FAIL' : 'PASS') : 'info',
    `+${afterKb.toFixed(1)}`,
  ]);
}

const header = ['route', 'files', 'JS KB gz', 'budget', 'CSS KB gz', 'budget', 'three.js', 'result', 'then JS'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\nBundle budget: what a first load of each route fetches before it is usable (entry + static imports`);
console.log(`+ layout and page chunks + their static imports; later dynamic imports not counted), gzip -9, ${clientDir}`);
console.log('"then JS": fetched right after the page is drawn (toast viewport; API clients of the landing and sign-in pages)');
console.log(line(header));
for (const row of rows) console.log(line(row));
if (failures.length) {
  console.error(`\nBundle budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Bundle budget: PASS\n');
