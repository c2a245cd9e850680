// Delivery indexed by game session: an event reaches the listeners of its own session
// only, audience filtering and catch-up from lastEventId are unchanged, and a /ws frame
// is serialised once per event whatever the number of sockets.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { eventsSince } from '../db/events';
import { openTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { type BusEvent, type EventBus, openEventBus } from './bus';
import { type EventSource, frameBytes, pushFeed, sessionSource, sessionStream, type StreamViewer } from './session-stream';
import { numberedEvent, numberOf } from '../../../test/support/bus-events';

let database: TestDatabase;
let db: Db;
let bus: EventBus;
const A = 1;
const B = 2;
const hunter: StreamViewer = { userId: 'h1', seesOwnerEvents: false };
const owner: StreamViewer = { userId: 'gm', seesOwnerEvents: true };

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  bus = await openEventBus(db);
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

/** Every event the push feed hands over, by its payload's `n`. */
function collect(sessionId: number, viewer: StreamViewer, lastEventId?: number) {
  const got: unknown[] = [];
  const stop = pushFeed(sessionSource(bus, sessionId, viewer), lastEventId, (e) => {
    got.push(numberOf(e));
    return true;
  });
  return { got, stop };
}

describe('the bus, indexed by session', () => {
  it("does not call session B's listeners for an event of session A; process-wide listeners hear both", async () => {
    const ofA: number[] = [];
    const ofB: number[] = [];
    const all: (number | null)[] = [];
    const stopA = bus.subscribeSession(A, (e) => ofA.push(numberOf(e)!));
    const stopB = bus.subscribeSession(B, (e) => ofB.push(numberOf(e)!));
    const stopAll = bus.subscribe((e) => all.push(e.sessionId));
    await bus.publish(db, numberedEvent(A, 1));
    await bus.publish(db, numberedEvent(B, 2));
    await bus.publish(db, numberedEvent(null, 3));
    expect(ofA).toEqual([1]);
    expect(ofB).toEqual([2]);
    expect(all).toEqual([A, B, null]);
    stopA();
    await bus.publish(db, numberedEvent(A, 4));
    expect(ofA).toEqual([1]);
    stopB();
    stopAll();
  });
});

describe('push delivery (/ws)', () => {
  it('keeps the audience rules: all, owner, one user, owner plus one user', async () => {
    const h = collect(A, hunter);
    const gm = collect(A, owner);
    const other = collect(A, { userId: 'h2', seesOwnerEvents: false });
    const inB = collect(B, owner);
    await bus.publish(db, numberedEvent(A, 1, { audience: 'all' }));
    await bus.publish(db, numberedEvent(A, 2, { audience: 'owner' }));
    await bus.publish(db, numberedEvent(A, 3, { audience: 'user:h1' }));
    await bus.publish(db, numberedEvent(A, 4, { audience: 'owner+user:h2' }));
    expect(h.got).toEqual([1, 3]);
    expect(gm.got).toEqual([1, 2, 4]);
    expect(other.got).toEqual([1, 4]);
    expect(inB.got).toEqual([]);
    for (const c of [h, gm, other, inB]) c.stop();
  });

  it('catches up from lastEventId, then goes live, with no gap and no duplicate', async () => {
    const first = await bus.publish(db, numberedEvent(A, 10));
    await bus.publish(db, numberedEvent(A, 11));
    await bus.publish(db, numberedEvent(B, 99));
    await bus.publish(db, numberedEvent(A, 12, { audience: 'owner' }));
    const c = collect(A, hunter, first.id - 1);
    // The backlog is read from the database, then live events follow.
    await vi.waitFor(() => expect(c.got).toEqual([10, 11]));
    await bus.publish(db, numberedEvent(A, 13));
    expect(c.got).toEqual([10, 11, 13]);
    c.stop();
    await bus.publish(db, numberedEvent(A, 14));
    expect(c.got).toEqual([10, 11, 13]);
  });

  it('hands over what committed while its last replay page was read (the page cannot hold it)', async () => {
    const first = await bus.publish(db, numberedEvent(A, 40));
    const inner = sessionSource(bus, A, hunter);
    // A page read from the database before n: 41 commits, and handed to the feed after it has.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reading = () => {};
    const read = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const slow: EventSource = {
      subscribe: (listener) => inner.subscribe(listener),
      accepts: (event) => inner.accepts(event),
      page: async (after, limit) => {
        const rows = await inner.page(after, limit);
        reading();
        await held;
        return rows;
      },
      behind: (from, max) => inner.behind(from, max),
    };
    const got: unknown[] = [];
    const stop = pushFeed(slow, first.id - 1, (e) => {
      got.push(numberOf(e));
      return true;
    });
    await read;
    await bus.publish(db, numberedEvent(A, 41));
    release();
    await vi.waitFor(() => expect(got).toEqual([40, 41]));
    await bus.publish(db, numberedEvent(A, 42));
    expect(got).toEqual([40, 41, 42]);
    stop();
  });

  it('goes back to the database for an event it cannot decide on, and misses nothing while it looks it up', async () => {
    // A sign-in's sessions (as SignInSessions): A known, B met by its first event and looked up then.
    const known = new Set([A]);
    let release = () => {};
    const lookup = new Promise<void>((resolve) => {
      release = resolve;
    });
    const source: EventSource = {
      subscribe: (listener) => bus.subscribe(listener),
      accepts: (event) => (event.sessionId === null ? false : known.has(event.sessionId) ? true : undefined),
      learn: async (event) => {
        await lookup;
        known.add(event.sessionId!);
      },
      page: async (after, limit) => (await eventsSince(db, [...known], after, limit)) as BusEvent[],
      behind: async () => false,
    };
    const got: unknown[] = [];
    const stop = pushFeed(source, undefined, (e) => {
      got.push(numberOf(e));
      return true;
    });
    await bus.publish(db, numberedEvent(A, 50));
    await bus.publish(db, numberedEvent(B, 51));
    // While B is looked up: left to the database.
    await bus.publish(db, numberedEvent(A, 52));
    await bus.publish(db, numberedEvent(B, 53));
    expect(got).toEqual([50]);
    release();
    await vi.waitFor(() => expect(got).toEqual([50, 51, 52, 53]));
    await bus.publish(db, numberedEvent(B, 54));
    expect(got).toEqual([50, 51, 52, 53, 54]);
    stop();
  });

  it('stops when the socket can take no more (deliver returns false)', async () => {
    const got: number[] = [];
    pushFeed(sessionSource(bus, A, hunter), undefined, (e) => {
      got.push(numberOf(e)!);
      return false;
    });
    await bus.publish(db, numberedEvent(A, 20));
    await bus.publish(db, numberedEvent(A, 21));
    expect(got).toEqual([20]);
  });

  it('serialises a frame once per event: every socket is written the same bytes', async () => {
    const frames: Buffer[] = [];
    const stops = [hunter, owner, hunter].map((viewer) =>
      pushFeed(sessionSource(bus, A, viewer), undefined, (e) => {
        frames.push(frameBytes(e));
        return true;
      }),
    );
    const event = await bus.publish(db, {
      sessionId: A,
      type: 'broadcast',
      payload: { sessionId: A, timestamp: 5, messageId: 1, message: 'hi', userId: 'GAME MASTER', username: 'GAME MASTER' },
    });
    expect(frames).toHaveLength(3);
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
    expect(JSON.parse(frames[0]!.toString())).toEqual({
      messageId: 1,
      message: 'hi',
      userId: 'GAME MASTER',
      username: 'GAME MASTER',
      timestamp: 5,
      type: 'broadcast',
      sessionId: A,
      eventId: event.id,
    });
    for (const stop of stops) stop();
  });
});

describe('a step of events (publishAll)', () => {
  it('stores the events in order; each listener hears them in a row, the last with endOfStep', async () => {
    const heard: string[] = [];
    const listen = (name: string) => (e: BusEvent, endOfStep?: boolean) => heard.push(`${name}:${numberOf(e)}${endOfStep ? '!' : ''}`);
    const stops = [bus.subscribeSession(A, listen('a1')), bus.subscribeSession(A, listen('a2')), bus.subscribeSession(B, listen('b')), bus.subscribe(listen('all'))];
    const events = await bus.publishAll(db, [
      numberedEvent(A, 1),
      numberedEvent(A, 2),
    ]);
    expect(events.map((e) => numberOf(e))).toEqual([1, 2]);
    expect(events[1]!.id).toBe(events[0]!.id + 1);
    // Listener by listener, not event by event: a socket has its whole step before the next socket's turn.
    expect(heard).toEqual(['a1:1', 'a1:2!', 'a2:1', 'a2:2!', 'all:1', 'all:2!']);
    // Stored like any event: a reconnect catches up on both.
    expect((await bus.since(A, events[0]!.id - 1)).map((e) => numberOf(e))).toEqual([1, 2]);
    heard.length = 0;
    await bus.publish(db, numberedEvent(A, 3));
    expect(heard).toEqual(['a1:3', 'a2:3', 'all:3']); // a plain publish: no endOfStep (held until the task ends)
    for (const stop of stops) stop();
  });

  it('refuses a step that mixes sessions, storing nothing', async () => {
    const before = (await bus.since(B, 0)).length;
    await expect(
      bus.publishAll(db, [
        numberedEvent(A, 1),
        numberedEvent(B, 2),
      ]),
    ).rejects.toThrow('one session per step');
    expect(await bus.since(B, 0)).toHaveLength(before);
  });

  it("tells a push feed its step has ended even when the step's events are not for its viewer", async () => {
    const log: string[] = [];
    const feed = (name: string, viewer: StreamViewer) =>
      pushFeed(
        sessionSource(bus, A, viewer),
        undefined,
        (e) => {
          log.push(`${name}:${numberOf(e)}`);
          return true;
        },
        () => log.push(`${name}:end`),
      );
    const stops = [feed('hunter', hunter), feed('owner', owner)];
    await bus.publishAll(db, [
      numberedEvent(A, 1, { audience: 'owner' }),
      numberedEvent(A, 2, { audience: 'owner' }),
    ]);
    expect(log).toEqual(['hunter:end', 'owner:1', 'owner:2', 'owner:end']);
    log.length = 0;
    await bus.publish(db, numberedEvent(A, 3));
    expect(log).toEqual(['hunter:3', 'owner:3']);
    for (const stop of stops) stop();
  });

  it('does not end the step of a feed that stopped on it (the socket is gone or too far behind)', async () => {
    const log: string[] = [];
    pushFeed(
      sessionSource(bus, A, hunter),
      undefined,
      (e) => {
        log.push(`got:${numberOf(e)}`);
        return false;
      },
      () => log.push('end'),
    );
    await bus.publishAll(db, [
      numberedEvent(A, 1),
      numberedEvent(A, 2),
    ]);
    expect(log).toEqual(['got:1']);
  });
});

describe('the tRPC stream (async generator)', () => {
  it("hears only its session, with the audience rules and catch-up unchanged", async () => {
    const before = await bus.publish(db, numberedEvent(A, 30));
    await bus.publish(db, numberedEvent(A, 31, { audience: 'user:h1' }));
    const controller = new AbortController();
    const stream = sessionStream(bus, { sessionId: A, viewer: { userId: 'h2', seesOwnerEvents: false }, lastEventId: before.id - 1, signal: controller.signal });
    const got: BusEvent[] = [(await stream.next()).value as BusEvent];
    await bus.publish(db, numberedEvent(B, 32));
    await bus.publish(db, numberedEvent(A, 33, { audience: 'owner' }));
    await bus.publish(db, numberedEvent(A, 34));
    got.push((await stream.next()).value as BusEvent);
    expect(got.map((e) => numberOf(e))).toEqual([30, 34]);
    controller.abort();
    expect((await stream.next()).done).toBe(true);
  });
});
