// The security headers set once-built (security-headers.ts) are exactly those
// @fastify/helmet sets with the same options.
import helmetPlugin from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { SECURITY_HEADERS } from './security-headers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
  it('match @fastify/helmet with the same options, on REST, tRPC and 404 answers', async () => {
    const reference = Fastify();
    await reference.register(helmetPlugin, SECURITY_HEADERS as never);
    reference.get('/x', async () => ({ ok: true }));
    const expected = (await reference.inject('/x')).headers;
    await reference.close();
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    for (const path of ['/api/config', '/trpc/system.config', '/api/game-sessions/1/time-status', '/nowhere']) {
      const res = await fetch(server.url + path);
      for (const name of HELMET_HEADERS) expect(res.headers.get(name) ?? undefined, `${path} ${name}`).toBe(expected[name]);
    }
  });
});
