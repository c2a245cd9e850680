// `npm start`: builds the client when the build is missing or older than its
// sources, then runs the server (which migrates and seeds on its own).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BUILD_MARKER = path.resolve('dist/client/index.html');
// landing.html and scripts/prerender.ts: the landing page's entry and the prerender step (issue #25).
const SOURCES = ['src/client', 'src/domain', 'index.html', 'landing.html', 'vite.config.ts', 'scripts/prerender.ts', 'public', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(BUILD_MARKER)) return true;
  const built = fs.statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

if (buildIsStale()) {
  console.log('Building the client (missing or out of date)...');
  const result = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import('../src/server/main');
