// The compiled server: esbuild bundles src/server/main.ts (and the benchmarks' server
// entries) into plain ESM JavaScript that `node` runs without tsx. Packages stay external
// (node_modules is resolved at run time, native addons included); no keepNames, so a
// closure is a plain closure. Source maps beside each file; run with --enable-source-maps
// so a stack trace names the TypeScript lines.
//
// Every output sits two folders below the project root (dist/server/main.js,
// dist/bench-server/*.js), as src/server/*.ts does: the two paths resolved from
// import.meta.url (openapi.ts's package.json, seed-species.ts's seed models) resolve the
// same from the sources and from the build.
//
// `npx tsx scripts/build-server.ts` builds when missing or stale; `--force` always builds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server `npm start` runs. */
export const SERVER_ENTRY = path.join(ROOT, 'src/server/main.ts');
export const SERVER_OUTFILE = path.join(ROOT, 'dist/server/main.js');

/** What the build is made of: a change to any of these makes it stale. */
const SOURCES = ['src/server', 'src/domain', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.ts'];

/** Node's flags for a compiled file: stack traces through the source maps. */
export const COMPILED_NODE_FLAGS = ['--enable-source-maps'];

/** The newest modification time under `entry` (a file, or a folder walked whole); 0 when missing. */
export function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when `outfile` is missing or older than any of the server's sources (and `extra`, e.g. a bench entry). */
export function isStale(outfile: string, extra: string[] = []): boolean {
  if (!fs.existsSync(outfile)) return true;
  const built = fs.statSync(outfile).mtimeMs;
  return [...SOURCES, ...extra].some((s) => newestMtime(path.resolve(ROOT, s)) > built);
}

/**
 * Bundles `entry` into `outfile` (ESM for Node 20, packages external, source map, no keepNames).
 * Written beside the target and renamed into place, so a process starting meanwhile never
 * reads half a file. `banner` runs first in the bundle.
 */
export async function compile(entry: string, outfile: string, banner?: string): Promise<void> {
  const depth = path.relative(ROOT, path.dirname(outfile)).split(path.sep).length;
  if (depth !== 2) throw new Error(`${outfile}: a compiled file must sit two folders below the project root (see the header)`);
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    keepNames: false,
    ...(banner ? { banner: { js: banner } } : {}),
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // The .map first: the .js (the staleness marker) lands last.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('.js')) - Number(b.path.endsWith('.js')));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

/** Builds dist/server/main.js when missing or stale; answers whether it built. */
export async function ensureServerBuilt(force = false): Promise<boolean> {
  if (!force && !isStale(SERVER_OUTFILE)) return false;
  // `npm start` serves production unless told otherwise (tsx watch, `npm run dev`, stays development).
  await compile(SERVER_ENTRY, SERVER_OUTFILE, `process.env.NODE_ENV ??= 'production';`);
  return true;
}

// Run as a script (not when imported, nor when a bench entry that imports it is bundled).
if (import.meta.url.endsWith('/scripts/build-server.ts') && process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await ensureServerBuilt(process.argv.includes('--force'));
  console.log(
    built
      ? `Built ${path.relative(ROOT, SERVER_OUTFILE)} in ${Math.round(performance.now() - started)} ms`
      : `${path.relative(ROOT, SERVER_OUTFILE)} is up to date`,
  );
}
