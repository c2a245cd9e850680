// A broadcast is one step of two events (new_communication, then broadcast: bus.publishAll).
// Every socket of the session, /ws and tRPC alike, gets both frames in ONE write, and is
// written as the step reaches it: before the step has gone on to the process-wide
// listeners, not all together once the publishing task ends (so the first sockets of a
// 5,000-socket session do not wait for the last one's turn).
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession, hunterIn, type Signed, sleep, WsClient } from '../../../test/support/comms-kit';
import { afterCommit } from '../db/client';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A raw tRPC socket subscribed to comms.events, keeping its text frames. */
async function trpcSubscriber(cookie: string, sessionId: number) {
  const ws = new WebSocket(`${server.wsUrl}/trpc`, { headers: { cookie } });
  const texts: string[] = [];
  ws.on('message', (data) => texts.push(String(data)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId } } } }));
  for (let i = 0; i < 300 && !texts.some((t) => t.includes('"started"')); i++) await sleep(10);
  return { ws, texts };
}

it("writes each socket both frames of a broadcast in one write, as the step reaches it", async () => {
  const gm = (await subscribedGameMaster(server)) as Signed;
  const session = await createSession(server, gm.user.id);
  const hunters = await Promise.all(['Rex', 'Blue', 'Echo', 'Delta'].map((h) => hunterIn(server, session, h)));
  const wsSockets = [WsClient.connect(server, `?sessionId=${session}`, gm.cookie), ...hunters.slice(0, 3).map((h) => WsClient.connect(server, `?sessionId=${session}`, h.cookie))];
  for (const ws of wsSockets) await ws.next((f) => f.type === 'subscribed');
  const trpc = await trpcSubscriber(hunters[3]!.cookie!, session);
  // On PostgreSQL a publish is delivered at its commit only when the bus has delivered every event before it;
  // otherwise it goes round through the tail (tailing-bus.ts). The joins above, committed side by side, may
  // still be on their way there: the step measured below must be the one delivered at its commit.
  for (let i = 0; i < 300 && !server.deps.bus.caughtUp(); i++) await sleep(10);
  expect(server.deps.bus.caughtUp()).toBe(true);

  // What the TCP sockets of this process write while the step is delivered, once its transaction
  // has committed (the server's sockets: the clients write nothing meanwhile), in order with when
  // the step reaches the process-wide listeners; after the delivery, the task's held writes would follow.
  const log: string[] = [];
  let publishing = false;
  const bus = server.deps.bus;
  const publishAll = bus.publishAll;
  bus.publishAll = async (q, events) => {
    // Work after commit runs in the order it was asked for: the bus's delivery between these two.
    afterCommit(q, () => {
      publishing = true;
    });
    const published = await publishAll.call(bus, q, events);
    afterCommit(q, () => {
      publishing = false;
      log.push('published');
    });
    return published;
  };
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => void>;
  const [write, writev] = [proto._write, proto._writev];
  proto._write = function (this: unknown, ...args: unknown[]) {
    if (publishing) log.push('write:1');
    return write.apply(this, args);
  };
  proto._writev = function (this: unknown, ...args: unknown[]) {
    if (publishing) log.push(`write:${(args[0] as unknown[]).length}`);
    return writev.apply(this, args);
  };
  const stopListening = server.deps.bus.subscribe((event, endOfStep) => {
    if (event.sessionId === session) log.push(`process-wide:${event.type}${endOfStep ? ':end' : ''}`);
  });
  try {
    const sent = await gm.post(`/api/game-sessions/${session}/communications`, { message: 'Return to base', messageType: 'broadcast', recipientType: 'all' });
    expect(sent.status).toBe(200);
  } finally {
    proto._write = write;
    proto._writev = writev;
    bus.publishAll = publishAll;
    stopListening();
  }

  const reached = log.indexOf('process-wide:new_communication');
  expect(reached).toBeGreaterThan(0);
  // Five sockets (the game master's and three hunters' /ws, one tRPC subscription), each
  // written its two frames in one call (ws.send's header and payload of each: 4 buffers),
  // all before the step went on.
  expect(log.slice(0, reached)).toEqual(Array.from({ length: 5 }, () => 'write:4'));
  expect(log.slice(reached)).toEqual(['process-wide:new_communication', 'process-wide:broadcast:end', 'published']);

  for (const ws of wsSockets) {
    await ws.next((f) => f.type === 'broadcast' && f.message === 'Return to base');
    const types = ws.frames.map((f) => f.type).filter((t) => t === 'new_communication' || t === 'broadcast');
    expect(types).toEqual(['new_communication', 'broadcast']);
  }
  for (let i = 0; i < 300 && !trpc.texts.some((t) => t.includes('Return to base') && t.includes('"broadcast"')); i++) await sleep(10);
  const data = trpc.texts.filter((t) => t.includes('"data"')).map((t) => JSON.parse(t).result.data.json.data.type);
  expect(data).toEqual(['new_communication', 'broadcast']);
  for (const ws of wsSockets) ws.ws.close();
  trpc.ws.close();
});
