// The public REST contract: every path of the specification's call tables is in
// the generated OpenAPI document, and the whole document is snapshotted so any
// change to the contract shows in review.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

type Operation = { operationId?: string; security?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };
let server: TestServer;
let doc: { info: { version: string }; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  server = await startTestServer();
  doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
});
afterAll(() => server.close());

/** Section 7 of both specification documents (paths relative to /api). */
const SPEC_CALLS: Array<[string, string]> = [
  ['post', '/auth/login'],
  ['post', '/auth/register'],
  ['get', '/auth/user'],
  ['post', '/auth/logout'],
  ['post', '/hunter/join-session'],
  ['get', '/subscription-plans'],
  ['post', '/create-subscription'],
  ['get', '/user/subscription'],
  ['get', '/dinosaur-species'],
  ['post', '/dinosaur-species'],
  ['put', '/dinosaur-species/{id}'],
  ['delete', '/admin/dinosaur-species/{id}'],
  ['get', '/game-sessions'],
  ['post', '/game-sessions'],
  ['post', '/game-sessions/{id}/join'],
  ['get', '/game-sessions/{id}/time-status'],
  ['get', '/game-sessions/{id}/result'],
  ['get', '/game-sessions/{id}/dinosaurs'],
  ['post', '/game-sessions/{id}/dinosaurs'],
  ['delete', '/game-sessions/{id}/dinosaurs'],
  ['post', '/game-sessions/{id}/deploy-dinosaur'],
  ['get', '/game-dinosaurs/{sessionId}'],
  ['post', '/game-sessions/{id}/start'],
  ['post', '/game-sessions/{id}/pause'],
  ['post', '/game-sessions/{id}/resume'],
  ['post', '/game-sessions/{id}/end'],
  ['get', '/game-sessions/{id}/hunter-stats'],
  ['get', '/game-sessions/{id}/communications'],
  ['post', '/game-sessions/{id}/communications'],
  ['post', '/game-sessions/{id}/upload-media'],
  ['get', '/hunter/stats'],
  ['post', '/hunter/observation'],
  ['get', '/missions'],
  ['post', '/missions'],
  ['put', '/missions/{id}'],
  ['delete', '/missions/{id}'],
  ['get', '/admin/gamemasters'],
  ['delete', '/admin/users/{id}'],
  ['post', '/admin/users/{id}/credits'],
  ['post', '/stripe/webhook'],
];

describe('GET /api/openapi.json', () => {
  it.each(SPEC_CALLS)('documents %s %s with its success response', (method, path) => {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).some((status) => /^2\d\d$/.test(status))).toBe(true);
  });

  it("describes each operation's errors in its own words, and no 401 where no sign-in is needed", () => {
    const responses = (method: string, path: string) =>
      doc.paths[path]?.[method]?.responses as Record<string, { description: string }>;
    expect(responses('post', '/auth/login')['401']?.description).toBe('Invalid username or password');
    expect(responses('post', '/auth/logout')['401']).toBeUndefined();
    expect(responses('get', '/subscription-plans')['401']).toBeUndefined();
    expect(responses('post', '/hunter/join-session')['404']?.description).toBe('Session not found or invalid password');
    expect(responses('post', '/create-subscription')['401']?.description).toBe('Not signed in');
    expect(responses('post', '/game-sessions/{id}/communications')['429']?.description).toContain('Too many messages');
  });

  it('gives every operation a unique operationId, its security and a 4xx answer', () => {
    const all = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, operation })),
    );
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(all.length);
    for (const { at, operation } of all) {
      expect(operation.operationId, at).toBeTruthy();
      expect(operation.security, at).toBeDefined();
      expect(Object.keys(operation.responses ?? {}).some((status) => status.startsWith('4')), at).toBe(true);
    }
  });

  it('says that public operations need no cookie', () => {
    const publicOps: Array<[string, string]> = [
      ['post', '/auth/register'],
      ['post', '/auth/login'],
      ['post', '/auth/logout'],
      ['post', '/hunter/join-session'],
      ['get', '/subscription-plans'],
      ['get', '/payments/config'],
      ['get', '/config'],
      ['post', '/stripe/webhook'],
    ];
    for (const [method, path] of publicOps) expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
    expect(doc.paths['/game-sessions']?.post?.security).toEqual([{ sessionCookie: [] }]);
  });

  it("carries the server's release as info.version", () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(pkg.version);
  });

  it('matches the reviewed contract', async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
