// The built client is sent precompressed (scripts/precompress.ts writes .br and .gz
// beside each text asset): Brotli or gzip as the browser accepts, the plain file otherwise,
// the same bytes once decoded, and client routes (index.html) too.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';
import { startTestServer, type TestServer } from '../../../test/support/harness';

const SCRIPT = `export const greeting = ${JSON.stringify('dinosaur '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><title>Dinohunt</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('precompressed client assets', () => {
  let server: TestServer;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Dinohunt"}');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), SCRIPT);
    fs.writeFileSync(path.join(clientDir, 'assets', 'tiny.js'), 'export {};\n');
    precompress(clientDir);
    server = await startTestServer({ CLIENT_DIR: clientDir });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends Brotli when accepted, and the same bytes once decoded', async () => {
    const res = await get(`${server.url}/assets/app-abc123.js`, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get(`${server.url}/assets/app-abc123.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(`${server.url}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('leaves files too small to gain alone, and compresses the page of a client route', async () => {
    expect(fs.existsSync(path.join(clientDir, 'assets', 'tiny.js.br'))).toBe(false);
    const tiny = await get(`${server.url}/assets/tiny.js`, 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();

    const page = await get(`${server.url}/gamemaster`, 'br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString()).toBe(INDEX);
  });

  it('lets a browser keep hashed assets for good, and revalidate the page, manifest and the rest', async () => {
    for (const encoding of ['br', undefined]) {
      const asset = await get(`${server.url}/assets/app-abc123.js`, encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const manifest = await get(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=0');
    const page = await get(`${server.url}/gamemaster`);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
