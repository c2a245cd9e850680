// The real server for the phone bench and the bundle budget: a child process (its own event loop) on a
// free port, with a temporary database and the built client, and a live session seeded through the API.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_NODE_FLAGS, ensureServerBuilt, SERVER_OUTFILE } from '../../scripts/build-server';
import { killOnExit } from '../exit-with-parent';
import { Jar } from './jar';

export type PhoneServer = { child: ChildProcess; url: string; dir: string; stop: () => void };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(clientDir: string, port?: number): Promise<PhoneServer> {
  port ??= await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-phone-'));
  await ensureServerBuilt();
  const child = spawn(process.execPath, [...COMPILED_NODE_FLAGS, SERVER_OUTFILE], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: path.join(dir, 'phone.sqlite'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      CLIENT_DIR: clientDir,
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
  // A crash of the bench or the budget (a missing browser) must not leave this server or its database behind.
  const cancelKillOnExit = killOnExit(child);
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
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
  const stop = () => {
    cancelKillOnExit();
    process.off('exit', removeDir);
    child.kill('SIGTERM');
    removeDir();
  };
  return { child, url, dir, stop };
}

/** A game master with a live session and three dinosaurs, a guest and an account hunter in it (through the REST API). */
export async function seed(url: string) {
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
  return { gm, guest, hunter, sessionId: session.id } as const;
}

