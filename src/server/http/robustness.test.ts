// Bad input from any client gets a clear 4xx `{ error }`, never a 500: malformed
// multipart and JSON bodies, oversized /ws frames, wrong methods; HEAD works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, WsClient } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
let gm: ApiClient;
let sessionId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  gm = await subscribedGameMaster(server);
  sessionId = (await gm.post('/api/game-sessions', { name: 'Robust', password: 'raptor-4821' })).body.id;
});
afterAll(() => server.close());

function raw(client: ApiClient, method: string, path: string, contentType: string, body: string | Buffer) {
  return fetch(server.url + path, {
    method,
    headers: { cookie: client.cookie, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

describe('malformed multipart bodies', () => {
  it.each([
    ['POST', '/api/dinosaur-species'],
    ['POST', '/api/missions'],
  ])('%s %s without a boundary answers 400', async (method, path) => {
    const res = await raw(admin, method, path, 'multipart/form-data', 'garbage');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBeTruthy();
  });

  it('a truncated upload answers 400 Malformed multipart body and stores nothing', async () => {
    const head = Buffer.from(
      '--XX\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const res = await raw(gm, 'POST', `/api/game-sessions/${sessionId}/upload-media`, 'multipart/form-data; boundary=XX', Buffer.concat([head, JPEG]));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Malformed multipart body' });
  });
});

describe('malformed JSON bodies', () => {
  it('refuses absurdly nested JSON with 400, signed in or not', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await raw(new ApiClient(server.url), 'POST', '/api/auth/login', 'application/json', `{"username":${deep},"password":"x"}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('JSON body is nested too deeply');
  });

  it('still accepts ordinary nesting', async () => {
    const res = await gm.post(`/api/game-sessions/${sessionId}/communications`, { message: 'hello', recipientType: 'all' });
    expect(res.status).toBe(200);
  });
});

describe('methods', () => {
  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${server.url}/api/subscription-plans`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.text()).toBe('');
  });

  it.each([
    ['DELETE', '/api/auth/login', 'POST'],
    ['GET', '/api/auth/logout', 'POST'],
    ['PUT', '/api/game-sessions', 'GET, POST, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const res = await admin.request(method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.body.error).toContain('not allowed');
  });

  it('answers OPTIONS on a known path with 405 and the Allow header', async () => {
    const res = await fetch(`${server.url}/api/game-sessions/${sessionId}/start`, { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error).toContain('not allowed');
    const list = await fetch(`${server.url}/api/game-sessions`, { method: 'OPTIONS', headers: { cookie: admin.cookie } });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, POST, HEAD');
  });

  it('still answers unknown paths with 404', async () => {
    expect((await admin.get('/api/no-such-thing')).status).toBe(404);
  });
});

describe('cookies', () => {
  it('reads a Cookie header it cannot decode as no sign-in, not a 500', async () => {
    const cookie = 'dinohunt_session=%%%';
    const open = await fetch(`${server.url}/api/config`, { headers: { cookie } });
    expect(open.status).toBe(200);
    const closed = await fetch(`${server.url}/api/auth/user`, { headers: { cookie } });
    expect(closed.status).toBe(401);
    expect((await closed.json()).error).toBeTruthy();
    const upload = await fetch(`${server.url}/api/game-sessions/${sessionId}/upload-media`, {
      method: 'POST',
      headers: { cookie },
      body: new FormData(),
    });
    expect(upload.status).toBe(401);
  });
});

describe('/ws frames', () => {
  it('answers an oversized frame with an error frame and keeps the socket open', async () => {
    const socket = WsClient.connect(server, `?sessionId=${sessionId}`, gm.cookie);
    await socket.next((f) => f.type === 'subscribed');
    socket.send({ type: 'comms_message', message: 'x'.repeat(70_000) });
    const error = await socket.next((f) => f.type === 'error');
    expect(error).toMatchObject({ status: 413 });
    expect(String(error.error)).toMatch(/Frame too large/);
    socket.send('not json');
    await socket.next((f) => f.type === 'error' && /Malformed/.test(String(f.error)));
    socket.close();
  });
});

describe('ids', () => {
  const NOT_IDS = ['abc', '0', '-5', '-1', '1.5', '0x1', '1e0', ' 1', '1 ', 'Infinity', '0b1'];

  it.each(NOT_IDS)('GET /api/game-sessions/%j answers 400 Invalid session id', async (id) => {
    const res = await gm.get(`/api/game-sessions/${encodeURIComponent(id)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid session id');
  });

  it.each(['0x1', '1e0', ' 1', '-1', 'abc'])('every id in a path, query or body refuses %j with 400', async (id) => {
    const p = encodeURIComponent(id);
    const expectations: [Promise<{ status: number; body: any }>, string][] = [
      [gm.get(`/api/game-sessions/${p}/time-status`), 'Invalid session id'],
      [gm.post(`/api/game-sessions/${p}/pause`), 'Invalid session id'],
      [gm.get(`/api/game-dinosaurs/${p}`), 'Invalid session id'],
      [gm.get(`/api/hunter/stats?sessionId=${p}`), 'Session Error'],
      [gm.get(`/api/game-sessions/${sessionId}/communications?afterId=${p}`), 'Message ids are positive whole numbers'],
      [admin.request('DELETE', `/api/missions/${p}`), 'Invalid mission id'],
      [admin.request('DELETE', `/api/admin/dinosaur-species/${p}`), 'Invalid species id'],
      [admin.request('PUT', `/api/dinosaur-species/${p}`, { name: 'X' }), 'Invalid species id'],
      [admin.request('PUT', `/api/missions/${p}`, { name: 'X' }), 'Invalid mission id'],
    ];
    for (const [pending, message] of expectations) {
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it.each(['0x1', '1e0', 'Infinity'])('numbers in bodies refuse %j too', async (bad) => {
    const expectations: [Promise<{ status: number; body: any }>, number, string][] = [
      [gm.post(`/api/game-sessions/${sessionId}/dinosaurs`, { speciesId: bad, latitude: 45.5, longitude: -73.5 }), 400, 'Select a Species First'],
      [gm.post(`/api/game-sessions/${sessionId}/dinosaurs`, { speciesId: 1, latitude: bad, longitude: -73.5 }), 400, 'Latitude must be a number between -90 and 90'],
      [gm.post(`/api/game-sessions/${sessionId}/dinosaurs`, { sessionId: bad, speciesId: 1, latitude: 45.5, longitude: -73.5 }), 400, 'sessionId does not match the session in the path'],
      [gm.post('/api/game-sessions', { name: 'N', password: 'raptor-4821', maxPlayers: `${bad}` }), 400, 'Max players must be 10, 15, 20 or 25'],
      [gm.post('/api/game-sessions', { name: 'N', password: 'raptor-4821', missionId: bad }), 400, 'Invalid mission'],
      [new ApiClient(server.url).post('/api/hunter/join-session', { sessionId: bad, password: 'pw', hunterHandle: 'Rexy' }), 404, 'Session not found or invalid password'],
    ];
    for (const [pending, status, message] of expectations) {
      const res = await pending;
      expect(res.status).toBe(status);
      expect(res.body.error).toBe(message);
    }
  });

  it('still takes plain decimal ids, as strings too', async () => {
    expect((await gm.get(`/api/game-sessions/${sessionId}/time-status`)).status).toBe(200);
    expect((await gm.get(`/api/game-dinosaurs/${sessionId}`)).status).toBe(200);
  });
});

describe('ended sessions', () => {
  it('report no time left', async () => {
    const id = (await gm.post('/api/game-sessions', { name: 'Short', password: 'raptor-4821', duration: 45 })).body.id;
    await gm.post(`/api/game-sessions/${id}/start`, { duration: 45 });
    await gm.post(`/api/game-sessions/${id}/end`);
    const res = await gm.get(`/api/game-sessions/${id}/time-status`);
    expect(res.body).toMatchObject({ timeRemaining: 0, hasTimeLimit: true });
  });
});

describe('the OpenAPI error schema', () => {
  it('describes the `error` field every failure carries', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    const schema = doc.components.schemas['error.UNAUTHORIZED'];
    expect(schema.required).toEqual(['error']);
    expect(schema.properties.error.type).toBe('string');
    expect(schema.additionalProperties).toBe(true);
  });
});
