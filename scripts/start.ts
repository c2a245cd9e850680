// `npm start`, first half: builds the client and the server (scripts/build-server.ts) when
// missing or older than their sources. package.json then execs `node dist/server/main.js`
// (which migrates and seeds on its own): no tsx in the process that serves requests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, newestMtime } from './build-server';

const BUILD_MARKER = path.resolve('dist/client/index.html');
// landing.html and scripts/prerender.ts: the landing page's entry and the prerender step (issue #25).
const SOURCES = ['src/client', 'src/domain', 'index.html', 'landing.html', 'login.html', 'vite.config.ts', 'scripts/prerender.ts', 'public', 'package-lock.json'];

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

if (await ensureServerBuilt()) console.log('Built the server (missing or out of date).');
