// Delivery indexed by game session: an event reaches the listeners of its own session
// only, audience filtering and catch-up from lastEventId are unchanged, and a /ws frame
// is serialised once per event whatever the number of sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client';
import { type BusEvent, createEventBus, type EventBus } from './bus';
import { frameBytes, pushFeed, sessionSource, sessionStream, type StreamViewer } from './session-stream';

let db: Db;
let bus: EventBus;
const A = 1;
const B = 2;
const hunter: StreamViewer = { userId: 'h1', seesOwnerEvents: false };
const owner: StreamViewer = { userId: 'gm', seesOwnerEvents: true };

beforeAll(() => {
  db = openDatabase(':memory:');
  bus = createEventBus(db);
});
afterAll(() => db.$client.close());

/** Every event the push feed hands over, by its payload's `n`. */
function collect(sessionId: number, viewer: StreamViewer, lastEventId?: number) {
  const got: unknown[] = [];
  const stop = pushFeed(sessionSource(bus, sessionId, viewer), lastEventId, (e) => {
    got.push(e.payload.n);
    return true;
  });
  return { got, stop };
}

describe('the bus, indexed by session', () => {
  it("does not call session B's listeners for an event of session A; process-wide listeners hear both", () => {
    const ofA: number[] = [];
    const ofB: number[] = [];
    const all: (number | null)[] = [];
    const stopA = bus.subscribeSession(A, (e) => ofA.push(e.payload.n as number));
    const stopB = bus.subscribeSession(B, (e) => ofB.push(e.payload.n as number));
    const stopAll = bus.subscribe((e) => all.push(e.sessionId));
    bus.publish({ sessionId: A, type: 't', payload: { n: 1 } });
    bus.publish({ sessionId: B, type: 't', payload: { n: 2 } });
    bus.publish({ sessionId: null, type: 't', payload: { n: 3 } });
    expect(ofA).toEqual([1]);
    expect(ofB).toEqual([2]);
    expect(all).toEqual([A, B, null]);
    stopA();
    bus.publish({ sessionId: A, type: 't', payload: { n: 4 } });
    expect(ofA).toEqual([1]);
    stopB();
    stopAll();
  });
});

describe('push delivery (/ws)', () => {
  it('keeps the audience rules: all, owner, one user, owner plus one user', () => {
    const h = collect(A, hunter);
    const gm = collect(A, owner);
    const other = collect(A, { userId: 'h2', seesOwnerEvents: false });
    const inB = collect(B, owner);
    bus.publish({ sessionId: A, type: 't', audience: 'all', payload: { n: 1 } });
    bus.publish({ sessionId: A, type: 't', audience: 'owner', payload: { n: 2 } });
    bus.publish({ sessionId: A, type: 't', audience: 'user:h1', payload: { n: 3 } });
    bus.publish({ sessionId: A, type: 't', audience: 'owner+user:h2', payload: { n: 4 } });
    expect(h.got).toEqual([1, 3]);
    expect(gm.got).toEqual([1, 2, 4]);
    expect(other.got).toEqual([1, 4]);
    expect(inB.got).toEqual([]);
    for (const c of [h, gm, other, inB]) c.stop();
  });

  it('catches up from lastEventId, then goes live, with no gap and no duplicate', () => {
    const first = bus.publish({ sessionId: A, type: 't', payload: { n: 10 } });
    bus.publish({ sessionId: A, type: 't', payload: { n: 11 } });
    bus.publish({ sessionId: B, type: 't', payload: { n: 99 } });
    bus.publish({ sessionId: A, type: 't', audience: 'owner', payload: { n: 12 } });
    const c = collect(A, hunter, first.id - 1);
    expect(c.got).toEqual([10, 11]);
    bus.publish({ sessionId: A, type: 't', payload: { n: 13 } });
    expect(c.got).toEqual([10, 11, 13]);
    c.stop();
    bus.publish({ sessionId: A, type: 't', payload: { n: 14 } });
    expect(c.got).toEqual([10, 11, 13]);
  });

  it('stops when the socket can take no more (deliver returns false)', () => {
    const got: number[] = [];
    pushFeed(sessionSource(bus, A, hunter), undefined, (e) => {
      got.push(e.payload.n as number);
      return false;
    });
    bus.publish({ sessionId: A, type: 't', payload: { n: 20 } });
    bus.publish({ sessionId: A, type: 't', payload: { n: 21 } });
    expect(got).toEqual([20]);
  });

  it('serialises a frame once per event: every socket is written the same bytes', () => {
    const frames: Buffer[] = [];
    const stops = [hunter, owner, hunter].map((viewer) =>
      pushFeed(sessionSource(bus, A, viewer), undefined, (e) => {
        frames.push(frameBytes(e));
        return true;
      }),
    );
    const event = bus.publish({ sessionId: A, type: 'broadcast', payload: { message: 'hi', timestamp: 5 } });
    expect(frames).toHaveLength(3);
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
    expect(JSON.parse(frames[0]!.toString())).toEqual({ message: 'hi', timestamp: 5, type: 'broadcast', sessionId: A, eventId: event.id });
    for (const stop of stops) stop();
  });
});

describe('the tRPC stream (async generator)', () => {
  it("hears only its session, with the audience rules and catch-up unchanged", async () => {
    const before = bus.publish({ sessionId: A, type: 't', payload: { n: 30 } });
    bus.publish({ sessionId: A, type: 't', audience: 'user:h1', payload: { n: 31 } });
    const controller = new AbortController();
    const stream = sessionStream(bus, { sessionId: A, viewer: { userId: 'h2', seesOwnerEvents: false }, lastEventId: before.id - 1, signal: controller.signal });
    const got: BusEvent[] = [(await stream.next()).value as BusEvent];
    bus.publish({ sessionId: B, type: 't', payload: { n: 32 } });
    bus.publish({ sessionId: A, type: 't', audience: 'owner', payload: { n: 33 } });
    bus.publish({ sessionId: A, type: 't', payload: { n: 34 } });
    got.push((await stream.next()).value as BusEvent);
    expect(got.map((e) => e.payload.n)).toEqual([30, 34]);
    controller.abort();
    expect((await stream.next()).done).toBe(true);
  });
});
