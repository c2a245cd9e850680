// The server Playwright tests run against: the real app, built client, a fresh
// temporary database and uploads folder, no payment provider, known admin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGeocoderDouble } from './geocoder-double';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-e2e-'));
Object.assign(process.env, {
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
});
for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[key];

const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);

await import('../../src/server/main');
