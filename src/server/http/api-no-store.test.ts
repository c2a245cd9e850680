// Every /api and /trpc answer says `Cache-Control: no-store` (api-no-store.ts): JSON, errors and early
// refusals alike; pages, assets and the API's documentation keep their own caching.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_GET_URL_MAX } from './limits';
import { createSession } from '../../../test/support/sessions';
import { ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { isApiUrl } from './api-no-store';

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-no-store-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Dinohunt</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b3c4d.js'), 'export {};\n');
  server = await startTestServer({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('Cache-Control on the API', () => {
  it('is no-store on every /api and /trpc answer: the owner\'s session with its password, the user, errors, refusals', async () => {
    const gm = await subscribedGameMaster(server);
    const s = await createSession(gm);
    const owned = await gm.get(`/api/game-sessions/${s.id}`);
    expect(owned.status).toBe(200);
    expect(owned.body.password).toBe('raptor-4821');
    expect(owned.headers.get('cache-control')).toBe('no-store');
    expect((await gm.get('/api/auth/user')).headers.get('cache-control')).toBe('no-store');
    const json = { 'content-type': 'application/json' };
    const requests: Array<[string, RequestInit?, number?]> = [
      ['/api/config', undefined, 200],
      ['/trpc/system.config', undefined, 200],
      [`/trpc/sessions.get,system.config?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id: s.id } } }))}`, undefined, 207],
      ['/api/auth/user', undefined, 401],
      ['/api/game-sessions/1/time-status', undefined, 401],
      ['/api/auth/login', { method: 'POST', headers: json, body: '{' }, 400],
      ['/api/auth/login', { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' }, 403],
      ['/api/nowhere', undefined, 404],
      ['/trpc/nowhere.at.all', undefined, 404],
      [`/trpc/system.config?input=${'x'.repeat(TRPC_GET_URL_MAX)}`, undefined, 414],
      ['/api/openapi.json', undefined, 200],
    ];
    for (const [url, init, status] of requests) {
      const res = await fetch(server.url + url, init);
      await res.arrayBuffer();
      const label = `${init?.method ?? 'GET'} ${url.slice(0, 60)}`;
      expect(res.status, label).toBe(status);
      expect(res.headers.get('cache-control'), label).toBe('no-store');
    }
  });

  it('leaves pages, assets and the API documentation their own caching', async () => {
    const asset = await fetch(`${server.url}/assets/app-1a2b3c4d.js`);
    await asset.arrayBuffer();
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${server.url}/`);
    await page.arrayBuffer();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const docs = await new ApiClient(server.url).get('/api/docs');
    expect(docs.headers.get('cache-control')).not.toBe('no-store');
  });

  it('knows the API by its prefixes, not by names that start alike', () => {
    for (const url of ['/api', '/api/', '/api/auth/user', '/api?x=1', '/trpc', '/trpc/a.b', '/trpc?batch=1']) expect(isApiUrl(url), url).toBe(true);
    for (const url of ['/apis', '/trpcx', '/api/docs', '/api/docs/static/index.js', '/uploads/a.png', '/', '/assets/a.js']) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });
});
