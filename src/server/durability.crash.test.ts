// Crash test: the server process is killed with SIGKILL while hunters send messages and
// fire darts over HTTP. After a restart on the same database file every write that was
// answered 2xx is there and SQLite's integrity check passes (WAL, synchronous = FULL).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { dialectOf } from './db/client';
import { rawFirst } from './db/raw';
import { messages, observations, sessionPlayers } from './db/schema';
import { removeTestDir, startTestServer } from '../../test/support/harness';

type Game = { sessionId: number; dinos: number[]; hunters: { cookie: string; userId: string }[] };
const CHILD = path.join(import.meta.dirname, '../../test/support/crash-child.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-crash-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await removeTestDir(dir);
});

function startChild(setup: boolean): Promise<{ child: ChildProcess; url: string; game: Game | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, ...(setup ? ['setup'] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, ...(JSON.parse(line) as { url: string; game: Game | null }) });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)));
  });
}

it('keeps every acknowledged message and observation across a SIGKILL, and the database stays intact', async () => {
  const { child, url, game } = await startChild(true);
  if (!game) throw new Error('no game');
  const acked = { messages: [] as string[], observations: [] as { userId: string; dinosaurId: number }[] };
  let stop = false;
  const post = (cookie: string, p: string, body: unknown) =>
    fetch(url + p, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const messageWriter = async (cookie: string, who: string) => {
    for (let i = 0; !stop; i += 1) {
      const text = `${who}-${i}`;
      try {
        const res = await post(cookie, `/api/game-sessions/${game.sessionId}/communications`, { message: text, recipientType: 'all' });
        if (res.ok) acked.messages.push(text);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  const observationWriter = async (hunter: Game['hunters'][number]) => {
    for (const dinosaurId of game.dinos) {
      if (stop) return;
      try {
        const res = await post(hunter.cookie, '/api/hunter/observation', { sessionId: game.sessionId, dinosaurId, distance: 1 });
        if (res.ok) acked.observations.push({ userId: hunter.userId, dinosaurId });
        await res.body?.cancel();
      } catch {
        return;
      }
    }
  };

  const writers = [
    ...game.hunters.map((h, i) => messageWriter(h.cookie, `h${i}`)),
    ...game.hunters.map((h) => observationWriter(h)),
  ];
  // Kill once a fair number of writes were acknowledged, in the middle of the traffic.
  const deadline = Date.now() + 8000;
  while (acked.messages.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  stop = true;
  await Promise.all(writers);
  expect(acked.messages.length).toBeGreaterThanOrEqual(40);
  expect(acked.observations.length).toBeGreaterThan(0);

  const server = await startTestServer({}, { dir, keepDir: true });
  try {
    const db = server.deps.db;
    if (dialectOf(db) === 'sqlite') expect(await rawFirst(db, sql`PRAGMA integrity_check`)).toEqual({ integrity_check: 'ok' });
    const texts = new Set(
      (await db.select({ message: messages.message }).from(messages).where(eq(messages.sessionId, game.sessionId))).map((r) => r.message),
    );
    expect(acked.messages.filter((m) => !texts.has(m))).toEqual([]);
    const seen = new Set(
      (
        await db
          .select({ userId: sessionPlayers.userId, dinosaurId: observations.dinosaurId })
          .from(observations)
          .innerJoin(sessionPlayers, eq(sessionPlayers.id, observations.playerId))
          .where(eq(observations.sessionId, game.sessionId))
      ).map((r) => `${r.userId}:${r.dinosaurId}`),
    );
    expect(acked.observations.filter((o) => !seen.has(`${o.userId}:${o.dinosaurId}`))).toEqual([]);
    // The restarted server answers from the same file.
    const res = await fetch(`${server.url}/api/game-sessions/${game.sessionId}/communications`, {
      headers: { cookie: game.hunters[0]!.cookie },
    });
    expect(res.status).toBe(200);
  } finally {
    await server.close();
  }
}, 30_000);
