// The bus delivers events in id order even when the work after one transaction's COMMIT runs
// after the next one's (on PostgreSQL each answer comes on its own connection): a feed hands
// over live events only past the last id it handed over, so an event heard late would be lost.
// The late notice is made here (the bus's after-commit work of the first transaction is held
// back) on PostgreSQL; a rolled-back step is dropped on either database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitsMayBeNoticedOutOfOrder } from '../db/capabilities';
import type { Db, Queryable } from '../db/client';
import type { BusEvent, EventBus } from '../event-bus';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { openEventBus } from './bus';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

/** After-commit work held back instead of run: the bus's notice of a commit arriving late. */
const held: (() => void)[] = [];
let holdNext = false;

vi.mock('../db/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../db/client')>();
  return {
    ...actual,
    afterCommit: (q: object, work: () => void) => {
      if (!holdNext) return actual.afterCommit(q, work);
      holdNext = false;
      return actual.afterCommit(q, () => held.push(work));
    },
  };
});

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
const buses: EventBus[] = [];
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await database.close();
});

const SESSION = 3;
const event = (n: number) => (numberedEvent(SESSION, n));

function listen(bus: EventBus) {
  buses.push(bus);
  const heard: number[] = [];
  bus.subscribeSession(SESSION, (e: BusEvent) => heard.push(numberOf(e)!));
  return heard;
}

describe('delivery order', () => {
  it('holds a later commit until the earlier one is delivered, and delivers each once', async ({ skip }) => {
    // SQLite's one connection tells a commit before the next writer may start (decision 865): no late notice there.
    if (!commitsMayBeNoticedOutOfOrder(db)) skip('PostgreSQL only: a commit noticed after the next writer’s');
    const bus = await openEventBus(db);
    const heard = listen(bus);
    holdNext = true;
    await db.transaction(async (tx: Queryable) => {
      await bus.publish(tx, event(1));
    });
    expect(held).toHaveLength(1);
    expect(heard).toEqual([]);
    // The next writer commits and is told at once: the first is read back from the database, then both go, in order.
    await db.transaction(async (tx: Queryable) => {
      await bus.publish(tx, event(2));
    });
    await vi.waitFor(() => expect(heard).toEqual([1, 2]));
    // The first transaction's own notice, late: nothing more.
    for (const work of held.splice(0)) work();
    await bus.publish(db, event(3));
    expect(heard).toEqual([1, 2, 3]);
  });

  it('drops a step whose transaction rolled back, and delivers the next', async () => {
    const bus = await openEventBus(db);
    const heard = listen(bus);
    await expect(
      db.transaction(async (tx: Queryable) => {
        await bus.publish(tx, event(10));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await bus.publish(db, event(11));
    await vi.waitFor(() => expect(heard).toEqual([11]));
    await bus.publish(db, event(12));
    expect(heard).toEqual([11, 12]);
  });
});
