// The security headers set once-built (security-headers.ts) are exactly those
// @fastify/helmet sets with the same options, on every kind of answer the server sends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmetPlugin from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { SECURITY_HEADERS } from './security-headers';

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  // A built client, so that pages and assets (served by @fastify/static) are checked too.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-headers-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Dinohunt</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'export {};\n');
  server = await startTestServer({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
  'cross-origin-embedder-policy',
];

describe('security headers', () => {
  it('match @fastify/helmet with the same options, on REST, tRPC, pages, assets, uploads, errors and 404 answers', async () => {
    const reference = Fastify();
    await reference.register(helmetPlugin, SECURITY_HEADERS as never);
    reference.get('/x', async () => ({ ok: true }));
    const expected = (await reference.inject('/x')).headers;
    await reference.close();
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    const requests: Array<[string, RequestInit?]> = [
      ['/api/config'],
      ['/trpc/system.config'],
      ['/api/game-sessions/1/time-status'],
      ['/api/auth/user'], // signed out
      ['/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }], // 400
      ['/api/game-sessions/1/upload-media', { method: 'POST' }], // the multipart upload route, refused
      ['/'],
      ['/hunter-mobile'],
      ['/assets/app.js'],
      ['/nowhere'],
    ];
    for (const [url, init] of requests) {
      const res = await fetch(server.url + url, init);
      await res.arrayBuffer();
      const label = `${init?.method ?? 'GET'} ${url} (${res.status})`;
      for (const name of HELMET_HEADERS) expect(res.headers.get(name) ?? undefined, `${label} ${name}`).toBe(expected[name]);
    }
  });
});

describe('Content-Security-Policy', () => {
  it("connects only to this origin (its sockets included) and Stripe's API: no bare ws:/wss:/https: sources", async () => {
    const res = await fetch(`${server.url}/api/config`);
    await res.arrayBuffer();
    const directives = new Map<string, string[]>();
    for (const part of (res.headers.get('content-security-policy') ?? '').split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name) directives.set(name, sources);
    }
    const connect = directives.get('connect-src');
    expect(connect).toEqual(["'self'", 'https://api.stripe.com', 'blob:', 'data:']);
    for (const scheme of ['ws:', 'wss:', 'http:', 'https:', '*']) expect(connect).not.toContain(scheme);
  });
});
