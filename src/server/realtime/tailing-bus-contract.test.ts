// The cluster's tailer hands listeners members of the event union only (domain/contracts/events.ts):
// a row of the events table that is not one (another version of the app wrote it, or a hand) is
// logged and skipped, and the events after it still arrive in order. Runs on both databases: the
// tailer reads the table the same way on each (on SQLite the app uses the in-process bus instead).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { type EventInsert, insertEvents } from '../db/events';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { BusEvent, EventBus } from './bus';
import { openTailingBus } from './tailing-bus';

const SESSION = 1;
let database: TestDatabase;
let db: Db;
let bus: EventBus;
const warn = vi.fn();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  bus = await openTailingBus(db, { log: { warn }, pollMs: 20 });
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

const stored = (n: number): EventInsert => ({ ...numberedEvent(SESSION, n), audience: 'all', createdAt: Date.now() });

describe('the tailer and the event contract', () => {
  it('skips a stored row that is not a member of the union (logged), and delivers the members around it in order', async () => {
    const heard: BusEvent[] = [];
    const stop = bus.subscribeSession(SESSION, (e) => heard.push(e));
    // Written past the typed publish, as another version of the app might: an unknown type, then a known type with a wrong payload.
    const foreign = { sessionId: SESSION, type: 'teleported', audience: 'all', payload: { to: 'mars' }, createdAt: Date.now() } as unknown as EventInsert;
    const malformed = { sessionId: SESSION, type: 'dinosaur_removed', audience: 'all', payload: { dinosaurId: 'seven' }, createdAt: Date.now() } as unknown as EventInsert;
    await db.transaction((tx) => insertEvents(tx, [stored(1), foreign, malformed, stored(2)]));
    await vi.waitFor(() => expect(heard.map((e) => numberOf(e))).toEqual([1, 2]), { timeout: 3000 });
    expect(heard.map((e) => e.type)).toEqual(['broadcast', 'broadcast']);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toContain('(teleported) is not one of the app');
    expect(String(warn.mock.calls[1]![0])).toContain('(dinosaur_removed) is not one of the app');
    stop();
  });
});
