// Messages and uploads are limited per account per minute, whichever door they come through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hunterIn, JPEG, PNG, type Signed, WsClient } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let session: number;
const sockets: WsClient[] = [];
const comms = (id: number) => `/api/game-sessions/${id}/communications`;

function photo(): FormData {
  const fd = new FormData();
  fd.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
  return fd;
}

beforeAll(async () => {
  server = await startTestServer({ MESSAGE_RATE_LIMIT: '3', UPLOAD_RATE_LIMIT: '2' });
  const gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await server.close();
});

describe('message limit (MESSAGE_RATE_LIMIT per minute per account)', () => {
  it('refuses the message past the limit with 429, a clear error and when to retry; stores nothing', async () => {
    const rex = await hunterIn(server, session, 'Chatty');
    for (let i = 1; i <= 3; i++) expect((await rex.post(comms(session), { message: `m${i}` })).status).toBe(200);

    const refused = await rex.post(comms(session), { message: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many messages. Please wait a moment and try again.');
    expect(refused.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(60);

    const list = await rex.get(comms(session));
    expect(list.body.map((m: { message: string }) => m.message)).not.toContain('one too many');
  });

  it('counts per account: another hunter still talks', async () => {
    const quiet = await hunterIn(server, session, 'Quiet');
    expect((await quiet.post(comms(session), { message: 'hello' })).status).toBe(200);
  });

  it('counts only accepted messages: refused ones (bad input, no permission) give their count back', async () => {
    const careful = await hunterIn(server, session, 'Careful');
    for (let i = 0; i < 3; i++) expect((await careful.post(comms(session), { message: '   ' })).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      expect((await careful.post(comms(session), { message: 'x', recipientType: 'hunters' })).status).toBe(403);
    }
    for (let i = 1; i <= 3; i++) expect((await careful.post(comms(session), { message: `ok ${i}` })).status).toBe(200);
    expect((await careful.post(comms(session), { message: 'now too many' })).status).toBe(429);
  });

  it('shares one budget across REST, /ws and tRPC', async () => {
    const hunter = await hunterIn(server, session, 'Everywhere');
    expect((await hunter.post(comms(session), { message: 'rest' })).status).toBe(200);

    const ws = WsClient.connect(server, `?sessionId=${session}`, hunter.cookie);
    sockets.push(ws);
    await ws.next((f) => f.type === 'subscribed');
    ws.send({ type: 'comms_message', message: 'socket 1', requestId: 'a' });
    await ws.next((f) => f.type === 'ack' && f.requestId === 'a');
    ws.send({ type: 'comms_message', message: 'socket 2', requestId: 'b' });
    await ws.next((f) => f.type === 'ack' && f.requestId === 'b');
    ws.send({ type: 'comms_message', message: 'socket 3', requestId: 'c' });
    const refusal = await ws.next((f) => f.type === 'error' && f.requestId === 'c');
    expect(refusal).toMatchObject({ status: 429, error: 'Too many messages. Please wait a moment and try again.' });

    const { trpc, close } = hunter.trpc();
    try {
      await expect(trpc.comms.send.mutate({ id: session, message: 'trpc' })).rejects.toMatchObject({
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      });
    } finally {
      close();
    }
  });
});

describe('upload limit (UPLOAD_RATE_LIMIT per minute per account)', () => {
  it('refuses the upload past the limit with 429 before storing it', async () => {
    const shutter = await hunterIn(server, session, 'Shutter');
    const upload = `/api/game-sessions/${session}/upload-media`;
    expect((await shutter.request('POST', upload, photo())).status).toBe(200);
    expect((await shutter.request('POST', upload, photo())).status).toBe(200);

    const refused = await shutter.request('POST', upload, photo());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many uploads. Please wait a moment and try again.');
    const media = (await shutter.get(comms(session))).body.filter((m: { messageType: string }) => m.messageType === 'media');
    expect(media).toHaveLength(2);
  });

  it('counts only accepted uploads', async () => {
    const picky = await hunterIn(server, session, 'Picky');
    const upload = `/api/game-sessions/${session}/upload-media`;
    const png = new FormData();
    png.append('media', new Blob([new Uint8Array(PNG)], { type: 'image/jpeg' }), 'renamed.jpg');
    for (let i = 0; i < 3; i++) expect((await picky.request('POST', upload, png)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await picky.request('POST', upload, new FormData())).status).toBe(400);
    expect((await picky.request('POST', upload, photo())).status).toBe(200);
    expect((await picky.request('POST', upload, photo())).status).toBe(200);
    expect((await picky.request('POST', upload, photo())).status).toBe(429);
  });
});
