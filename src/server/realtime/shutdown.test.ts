// A server that stops tells its sockets why: 1012 'Server restarting', so clients
// reconnect with their last event id.
import { expect, it } from 'vitest';
import { createSession, hunterIn, type Signed, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster } from '../../../test/support/harness';

it('closes open /ws sockets with 1012 when the server stops', async () => {
  const server = await startTestServer();
  const gm = (await subscribedGameMaster(server)) as Signed;
  const session = await createSession(server, gm.user.id);
  const hunter = await hunterIn(server, session, 'Lastone');
  const ws = WsClient.connect(server, `?sessionId=${session}`, hunter.cookie);
  await ws.next((f) => f.type === 'subscribed');

  await server.close();
  expect(await ws.closed).toEqual({ code: 1012, reason: 'Server restarting' });
});

it('ends subscriptions streamed over HTTP (SSE) so the server can stop while one is open', async () => {
  const server = await startTestServer();
  const gm = (await subscribedGameMaster(server)) as Signed;
  const session = await createSession(server, gm.user.id);
  const hunter = await hunterIn(server, session, 'Streamer');
  const input = encodeURIComponent(JSON.stringify({ json: { sessionId: session } }));
  const response = await fetch(`${server.url}/trpc/comms.events?input=${input}`, {
    headers: { cookie: hunter.cookie, accept: 'text/event-stream' },
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const received = (async () => {
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += new TextDecoder().decode(value);
    }
  })();

  const started = Date.now();
  const closing = server.close();
  const text = await received;
  // The server ends the stream as it begins to stop...
  expect(Date.now() - started).toBeLessThan(3000);
  expect(text).toContain('Server restarting');
  // ...and stops (an open stream would hold this until the test times out). Not timed: on
  // PostgreSQL the harness then drops the test's database, which may wait for its connections to end.
  await closing;
});
