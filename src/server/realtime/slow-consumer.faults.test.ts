// A phone that stops reading (issue #48): its socket's send buffer is bounded, on /ws and on
// tRPC's socket alike. Events are published as fast as the database takes them while one
// socket of each door has its TCP reads paused; the server's retained buffers stay bounded
// (measured after GC: the frames of every event would stay alive if a paused socket queued
// them), both paused sockets are closed with 4008 (the code clients resume on with their last
// event id), and a reading client of each door beside them receives every event.
import type { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { numberedEvent } from '../../../test/support/bus-events';
import { WS_MAX_BUFFERED_BYTES } from './limits';
import type { AppRouter } from '../routers';
import { createSession, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Each event's filler: the events published add up to far more than any buffer on the way. */
const FILLER = 'z'.repeat(64 * 1024);
const EVENTS = 600;
/**
 * What may stay alive in Buffers over the baseline: the paused sockets' 1 MB bounds and the
 * in-process readers' and database's own buffers (about 13 MB measured). Without the bound the
 * paused sockets kept every frame: 68 MB measured for 600 events, and growing with them.
 */
const RETAINED_BOUND_BYTES = 24 * 1024 * 1024;

let server: TestServer;
let session: number;
const closers: (() => void)[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(async () => {
  for (const close of closers) close();
  await server.close();
});

/** A test client's TCP socket, from the upgrade answer (ws's public 'upgrade' event): its reads can be paused. */
const upgradedTcp = (ws: WebSocket) => new Promise<Socket>((resolve) => ws.once('upgrade', (response) => resolve(response.socket)));

/** A raw tRPC socket subscribed to comms.events, that closes once resumed. */
async function pausedTrpcSocket(cookie: string) {
  const ws = new WebSocket(`${server.wsUrl}/trpc`, { headers: { cookie } });
  const tcp = upgradedTcp(ws);
  closers.push(() => ws.terminate());
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const started = new Promise<void>((resolve) =>
    ws.on('message', (data) => {
      if (String(data).includes('"started"')) resolve();
    }),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: session } } } }));
  await started;
  (await tcp).pause();
  return { ws, tcp: await tcp, closed };
}

/** A /ws socket that stops reading once subscribed. */
async function pausedCompatSocket(cookie: string) {
  const client = WsClient.connect(server, `?sessionId=${session}`, cookie);
  const tcp = upgradedTcp(client.ws);
  closers.push(() => client.ws.terminate());
  await client.next((f) => f.type === 'subscribed');
  (await tcp).pause();
  return { closed: client.closed, tcp: await tcp };
}

/** A reading /ws client that counts the broadcast events and keeps nothing. */
async function countingCompatClient(cookie: string) {
  const ws = new WebSocket(`${server.wsUrl}/ws?sessionId=${session}`, { headers: { cookie } });
  closers.push(() => ws.terminate());
  const seen = { count: 0, closedWith: 0 };
  ws.on('close', (code) => (seen.closedWith = code));
  const subscribed = new Promise<void>((resolve) =>
    ws.on('message', (data) => {
      const text = String(data);
      if (text.includes('"type":"broadcast"')) seen.count += 1;
      else if (text.includes('"type":"subscribed"')) resolve();
    }),
  );
  await subscribed;
  return seen;
}

/** The web client's way in: @trpc/client's wsLink, counting the broadcast events. */
async function countingTrpcClient(cookie: string) {
  const seen = { count: 0, started: false, closedWith: 0 };
  const wsClient = createWSClient({
    url: `${server.wsUrl}/trpc`,
    onClose: (cause) => (seen.closedWith = cause?.code ?? -1),
    WebSocket: class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie } });
      }
    } as unknown as typeof globalThis.WebSocket,
  });
  closers.push(() => void wsClient.close());
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  trpc.comms.events.subscribe(
    { sessionId: session },
    {
      onStarted: () => (seen.started = true),
      onData: (event) => {
        if ((event as { data: { type: string } }).data.type === 'broadcast') seen.count += 1;
      },
    },
  );
  const deadline = Date.now() + 10_000;
  while (!seen.started && Date.now() < deadline) await sleep(10);
  expect(seen.started).toBe(true);
  return seen;
}

/** Bytes held in Buffers (socket queues, frames) after a full GC. */
function retainedBufferBytes(): number {
  gc();
  return process.memoryUsage().arrayBuffers;
}

it('drops a socket that stops reading at its bound (4008), on both doors, while readers beside it get every event', async () => {
  const [a, b, c, d] = await Promise.all(['PausedWs', 'PausedTrpc', 'ReadingWs', 'ReadingTrpc'].map((h) => hunterIn(server, session, h)));
  const pausedWs = await pausedCompatSocket(a!.cookie);
  const pausedTrpc = await pausedTrpcSocket(b!.cookie);
  const readingWs = await countingCompatClient(c!.cookie);
  const readingTrpc = await countingTrpcClient(d!.cookie);

  const caughtUp = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while ((readingWs.count < count || readingTrpc.count < count) && Date.now() < deadline) await sleep(1);
  };
  const baseline = retainedBufferBytes();
  let peak = 0;
  const startedAt = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    // Only the id is kept: an event held here would hold its frames (built once per event).
    await server.deps.bus.publish(server.deps.db, numberedEvent(session, i, { text: FILLER }));
    // As fast as readers keep up: a reader is never more than half a bound behind (on loopback
    // in one process, the publisher would otherwise outrun the readers and they too would be dropped).
    if (i % 8 === 7) await caughtUp(i + 1);
    if (i % 50 === 49) peak = Math.max(peak, retainedBufferBytes() - baseline);
  }
  const publishMs = Date.now() - startedAt;
  peak = Math.max(peak, retainedBufferBytes() - baseline);

  // The readers beside the paused sockets get every event.
  await caughtUp(EVENTS);
  expect(readingWs.count).toBe(EVENTS);
  expect(readingTrpc.count).toBe(EVENTS);
  expect(readingWs.closedWith).toBe(0);
  expect(readingTrpc.closedWith).toBe(0);

  // The figure for docs/operations.md and the report: unbounded, each paused socket would hold
  // every frame published (EVENTS x 64 KB, about 39 MB per door).
  const publishedBytes = EVENTS * FILLER.length;
  console.info(
    `slow consumer: ${EVENTS} events of 64 KB (${(publishedBytes / 2 ** 20).toFixed(1)} MB per socket) in ${publishMs} ms; ` +
      `retained buffers after GC, peak over the baseline: ${(peak / 2 ** 20).toFixed(2)} MB (bound per socket ${WS_MAX_BUFFERED_BYTES / 2 ** 20} MB)`,
  );
  expect(peak).toBeLessThan(RETAINED_BOUND_BYTES);

  // Both paused sockets were dropped with the code clients resume on (seen once they read again).
  pausedWs.tcp.resume();
  pausedTrpc.tcp.resume();
  expect((await pausedWs.closed).code).toBe(4008);
  expect(await pausedTrpc.closed).toBe(4008);
});
