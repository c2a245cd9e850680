// Issue #27: 1,000 events written by concurrent requests, read by subscribers that keep
// dropping and resuming from their last event id (the /ws socket and tRPC's socket): each
// receives every event of the session, in strictly increasing id order, with no gap and no
// duplicate, on whichever database the suite runs on. While they reconnect, a feed replays
// from the database as other requests commit, which is where a gap would appear.
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { numberedEvent, } from '../../../test/support/bus-events';

const EVENTS = 1_000;
/** Requests in flight at once. */
const CONCURRENCY = 16;
/** A subscriber drops its socket after about this many events, then resumes. */
const DROP_EVERY = 120;

let server: TestServer;
let gm: Signed;
let session: number;

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(() => server.close());

/** A /ws subscriber that resumes from the last event id it received each time its socket drops. */
function wsSubscriber(from: number) {
  const ids: number[] = [];
  let socket: WsClient | null = null;
  let stopped = false;
  const open = () => {
    socket = WsClient.connect(server, `?sessionId=${session}&lastEventId=${ids.at(-1) ?? from}`, gm.cookie);
    const mine = socket;
    let since = 0;
    mine.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { eventId?: number };
      if (typeof frame.eventId !== 'number') return;
      ids.push(frame.eventId);
      if (++since >= DROP_EVERY && !stopped) mine.close();
    });
    void mine.closed.then(() => {
      if (!stopped) open();
    });
  };
  open();
  return {
    ids,
    stop: () => {
      stopped = true;
      socket?.close();
    },
  };
}

/** A raw tRPC-socket subscriber of comms.events that resubscribes with its last event id on a new socket each time it drops. */
function trpcSubscriber(from: number) {
  const ids: number[] = [];
  let socket: WebSocket | null = null;
  let stopped = false;
  const open = () => {
    const ws = new WebSocket(`${server.wsUrl}/trpc`, { headers: { cookie: gm.cookie } });
    socket = ws;
    let since = 0;
    ws.once('open', () => {
      const input = { json: { sessionId: session, lastEventId: String(ids.at(-1) ?? from) } };
      ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'comms.events', input } }));
    });
    ws.on('message', (data) => {
      const text = String(data);
      if (text === 'PING') return ws.send('PONG');
      const message = JSON.parse(text) as { result?: { type: string; id?: string } };
      if (message.result?.type !== 'data' || message.result.id === undefined) return;
      ids.push(Number(message.result.id));
      if (++since >= DROP_EVERY && !stopped) ws.close();
    });
    ws.on('close', () => {
      if (!stopped) open();
    });
    ws.on('error', () => {});
  };
  open();
  return {
    ids,
    stop: () => {
      stopped = true;
      socket?.close();
    },
  };
}

it(`${EVENTS} events from concurrent requests reach subscribers that keep resuming: increasing ids, no gap, no duplicate`, async () => {
  const from = (await server.deps.bus.publish(server.deps.db, numberedEvent(session, 0))).id;
  const subscribers = [wsSubscriber(from), trpcSubscriber(from)];

  // Every message publishes one event to everyone (new_communication), from CONCURRENCY requests at a time.
  let next = 0;
  const post = async () => {
    while (next < EVENTS) {
      const n = next++;
      const res = await gm.post(`/api/game-sessions/${session}/communications`, { message: `m${n}`, recipientType: 'all' });
      if (res.status !== 200) throw new Error(`message ${n}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, post));

  const stored = (await server.deps.bus.since(session, from, EVENTS * 2)).map((e) => e.id);
  expect(stored).toHaveLength(EVENTS);
  const deadline = Date.now() + 20_000;
  while (subscribers.some((s) => s.ids.length < EVENTS) && Date.now() < deadline) await sleep(50);
  await sleep(100); // nothing more may follow
  for (const s of subscribers) s.stop();
  for (const { ids } of subscribers) {
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids).toEqual(stored);
  }
}, 120_000);
