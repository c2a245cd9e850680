// Event ids become visible in id order, so a reader that resumes from `id > last` never skips one
// (db/events.ts). The race: transaction A draws id n and is still open when B draws n+1 and
// commits; a reader then sees n+1, resumes after it, and n (committed later) is lost. On
// PostgreSQL the advisory lock makes B wait for A; on SQLite transactions run one at a time.
// Runs on the database the process runs on (npm run test:integration:pg for PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestPgDatabase, type TestPgDatabase } from '../../../test/support/pg-database';
import { closeDatabase, connectDatabase, type Db } from './client';
import { type EventInsert, eventsSince, insertEvents, type StoredEvent } from './events';
import { runningDialect } from './running-dialect';

let db: Db;
let pgDatabase: TestPgDatabase | undefined;
let dir: string | undefined;

beforeEach(async () => {
  if (runningDialect() === 'pg') {
    pgDatabase = await createTestPgDatabase();
    db = await connectDatabase({ DATABASE_URL: pgDatabase.url, DATABASE_PATH: '' });
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-events-'));
    db = await connectDatabase({ DATABASE_PATH: path.join(dir, 'events.sqlite') });
  }
});

afterEach(async () => {
  await closeDatabase(db);
  await pgDatabase?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const SESSION = 7;
/** An event told apart by its text (a broadcast: the table takes members of the event union). */
const event = (label: string): EventInsert => ({
  sessionId: SESSION,
  audience: 'all',
  createdAt: Date.now(),
  type: 'broadcast',
  payload: { sessionId: SESSION, timestamp: 0, messageId: 0, message: label, userId: 'test', username: 'test' },
});
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A reader that resumes from the last id it saw, as the sockets do. */
function tailer() {
  const seen: StoredEvent[] = [];
  return {
    seen,
    async poll() {
      seen.push(...(await eventsSince(db, [SESSION], seen.at(-1)?.id ?? 0, 1000)));
    },
  };
}

describe('event ids become visible in order', () => {
  it('a later transaction that commits first does not make a resuming reader skip the earlier one', async () => {
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    const a = db.transaction(async (tx) => {
      await insertEvents(tx, [event('a')]);
      await aMayCommit;
    });
    await sleep(50);
    const b = db.transaction(async (tx) => {
      await insertEvents(tx, [event('b')]);
    });
    await sleep(150); // B commits now if nothing makes it wait for A
    const reader = tailer();
    // (On SQLite the read itself waits for the open transactions.)
    const firstPoll = reader.poll();
    await sleep(50);
    releaseA();
    await firstPoll;
    await Promise.all([a, b]);
    await reader.poll();
    expect(reader.seen.map((e) => e.payload.message).sort()).toEqual(['a', 'b']);
  });

  it('1,000 events from concurrent writers reach a resuming reader in increasing order, no gap, no duplicate', async () => {
    const reader = tailer();
    let writing = true;
    const polling = (async () => {
      while (writing) {
        await reader.poll();
        await sleep(1);
      }
    })();
    // 20 concurrent writers, 50 transactions each, of one event (some with a little work between).
    await Promise.all(
      Array.from({ length: 20 }, async (_, w) => {
        for (let i = 0; i < 50; i++) {
          await db.transaction(async (tx) => {
            await insertEvents(tx, [event(`w${w}-${i}`)]);
            if (i % 7 === 0) await sleep(1);
          });
        }
      }),
    );
    writing = false;
    await polling;
    await reader.poll();
    const ids = reader.seen.map((e) => e.id);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    for (let i = 1; i < ids.length; i++) expect(ids[i]!).toBeGreaterThan(ids[i - 1]!);
    const stored = await eventsSince(db, [SESSION], 0, 2000);
    expect(stored.map((e) => e.id)).toEqual(ids);
  });
});
