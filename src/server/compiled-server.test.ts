// `npm start` serves from compiled JavaScript (scripts/build-server.ts): the start script
// execs node on dist/server/main.js, the serving process has no tsx loader, and what the
// server reads at run time (migrations, seed models, package.json) resolves from dist/.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, SERVER_OUTFILE } from '../../scripts/build-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-compiled-'));
let child: ChildProcess;
let url: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(async () => {
  await ensureServerBuilt();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // The command `npm start` execs once the builds are fresh (asserted below), from the project root.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: path.join(dir, 'db.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    CLIENT_DIR: path.join(dir, 'no-client'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'warn',
  };
  child = spawn(process.execPath, [...COMPILED_NODE_FLAGS, path.relative(ROOT, SERVER_OUTFILE)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (data: Buffer) => {
      output += data.toString();
      if (output.includes('Dinohunt is ready')) resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`compiled server exited (${code}) before listening:\n${output}`)));
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is what `npm start` runs, after building what is stale', () => {
    expect(PACKAGE.scripts.start).toBe(`tsx scripts/start.ts && exec node ${COMPILED_NODE_FLAGS.join(' ')} dist/server/main.js`);
    expect(path.relative(ROOT, SERVER_OUTFILE)).toBe(path.join('dist', 'server', 'main.js'));
    expect(fs.readFileSync(path.join(ROOT, 'scripts/start.ts'), 'utf8')).toContain('await ensureServerBuilt()');
  });

  it('runs without tsx: no loader in its arguments or NODE_OPTIONS, and no keepNames helper in the bundle', () => {
    const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, ...COMPILED_NODE_FLAGS, path.join('dist', 'server', 'main.js')]);
    const environ = fs.readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environ.find((v) => v.startsWith('NODE_OPTIONS='))).toBeUndefined();
    const bundle = fs.readFileSync(SERVER_OUTFILE, 'utf8');
    // esbuild's keepNames wraps every named function in __name(...); tsx always compiles with it.
    expect(bundle).not.toMatch(/\b__name\(/);
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(fs.existsSync(`${SERVER_OUTFILE}.map`)).toBe(true);
    // Libraries read NODE_ENV themselves: the compiled server is production unless told otherwise.
    expect(bundle.startsWith(`process.env.NODE_ENV ??= 'production';`)).toBe(true);
  });

  it('serves, and finds its migrations, seed models and package.json from dist/', async () => {
    const config = await fetch(`${url}/api/config`);
    expect(config.status).toBe(200);
    // package.json, read relative to the bundle: the API document's version.
    const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as { info: { version: string } };
    expect(openapi.info.version).toBe(PACKAGE.version);
    // The migrations ran (the admin's sign-in works) and the seed models were copied from src/server/seed/models.
    const signIn = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: 'admin', password: 'admin-password' }),
    });
    expect(signIn.status).toBe(200);
    const seeded = fs.readdirSync(path.join(ROOT, 'src/server/seed/models')).filter((f) => f.endsWith('.glb'));
    expect(seeded.length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(dir, 'uploads', 'models'))).toEqual(expect.arrayContaining(seeded));
    // /readyz reads the migrations journal the process migrated with (decision 897): ready.
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
