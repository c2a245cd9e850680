// The public REST contract: every path of the specification's call tables is in
// the generated OpenAPI document, and the whole document is snapshotted so any
// change to the contract shows in review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
let doc: { paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>> };

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

  it('matches the reviewed contract', async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
