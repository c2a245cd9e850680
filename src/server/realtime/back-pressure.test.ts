// /ws back-pressure: a socket's send buffer is its only queue. Past WS_MAX_BUFFERED_BYTES
// the server closes it with 4008, and the client
// reconnects with lastEventId and reads what it missed from the database, losing nothing.
import type { Socket } from 'node:net';
import { expect, it } from 'vitest';
import { WS_MAX_BUFFERED_BYTES } from './limits';
import { createSession, hunterIn, type Signed, WsClient } from '../../../test/support/comms-kit';
import { numberedEvent } from '../../../test/support/bus-events';
import { startTestServer, subscribedGameMaster } from '../../../test/support/harness';

it('closes a socket too far behind with 4008; reconnecting with lastEventId misses nothing', async () => {
  const server = await startTestServer();
  try {
    const gm = (await subscribedGameMaster(server)) as Signed;
    const session = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, session, 'Slowpoke');
    const ws = WsClient.connect(server, `?sessionId=${session}`, hunter.cookie);
    // The client's TCP socket, from the upgrade answer (ws's public 'upgrade' event).
    const upgraded = new Promise<Socket>((resolve) => ws.ws.once('upgrade', (response) => resolve(response.socket)));
    const subscribed = await ws.next((f) => f.type === 'subscribed');

    // The client stops reading while the events are published (its TCP socket paused): past
    // what the kernel's buffers take (here up to net.ipv4.tcp_wmem's 4 MB on the server side),
    // more than the bound waits in the server for this socket.
    const tcp = await upgraded;
    tcp.pause();
    const filler = 'z'.repeat(64 * 1024);
    const count = Math.ceil((10 * WS_MAX_BUFFERED_BYTES) / filler.length);
    const published: number[] = [];
    for (let i = 0; i < count; i++) {
      published.push((await server.deps.bus.publish(server.deps.db, numberedEvent(session, i, { text: filler }))).id);
    }
    tcp.resume();

    expect((await ws.closed).code).toBe(4008);
    const delivered = ws.frames.filter((f) => f.type === 'broadcast').map((f) => f.eventId as number);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.length).toBeLessThan(count);
    expect(delivered).toEqual(published.slice(0, delivered.length));
    expect(ws.frames.at(-1)).toMatchObject({ type: 'error', code: 4008 });

    // As a client does: reconnect from the last event id received, until caught up (a
    // catch-up larger than the bound is itself cut by 4008 and resumed the same way).
    const received = [...delivered];
    for (let attempt = 0; received.at(-1) !== published.at(-1) && attempt < 20; attempt++) {
      const lastEventId = received.at(-1) ?? subscribed.resumeFrom;
      const again = WsClient.connect(server, `?sessionId=${session}&lastEventId=${lastEventId}`, hunter.cookie);
      // Either it catches up (we close it) or it is cut again by 4008.
      const caughtUp = again
        .next((f) => f.type === 'broadcast' && f.eventId === published.at(-1), 10_000)
        .then(() => again.ws.close())
        .catch(() => {}); // cut before the last event: the loop resumes
      await Promise.race([again.closed, caughtUp]);
      await again.closed;
      received.push(...again.frames.filter((f) => f.type === 'broadcast').map((f) => f.eventId as number));
    }
    expect(received).toEqual(published);
  } finally {
    await server.close();
  }
}, 60_000);
