// The server Playwright tests run against: the real app, built client, the compiled server
// (dist/server/main.js, as `npm start` runs it; built here when missing or stale), a fresh
// temporary database and uploads folder, no payment provider, known admin.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, SERVER_OUTFILE } from '../../scripts/build-server';
import { startGeocoderDouble } from './geocoder-double';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-e2e-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT,
  DATABASE_PATH: path.join(dir, 'e2e.sqlite'),
  UPLOADS_DIR: path.join(dir, 'uploads'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'admin-password',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '100000',
  // Place search asks a local double, never the public Nominatim.
  GEOCODER_URL: await startGeocoderDouble(),
};
for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[key];

const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);

await ensureServerBuilt();
const server = spawn(process.execPath, [...COMPILED_NODE_FLAGS, SERVER_OUTFILE], { env, stdio: 'inherit' });
// Playwright stops this process (and its group); the server hears the same signal and closes.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
