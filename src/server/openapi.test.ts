// The public REST contract: every path of the specification's call tables is in
// the generated OpenAPI document, and the whole document is snapshotted so any
// change to the contract shows in review.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openApiDocument } from './openapi';
import { startTestServer, type TestServer } from '../../test/support/harness';

type Media = { example?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
type Doc = {
  info: { version: string; contact?: { name?: string; email?: string } };
  externalDocs?: { url: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
};
let server: TestServer;
let doc: Doc;

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

  it('describes every operation for a third party: summary, description, operationId and a known tag', () => {
    // Each entry names the operation, so an operation added without them (another
    // issue's, a plain route's) fails here by name.
    const known = new Set(doc.tags.map((tag) => tag.name));
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `${method.toUpperCase()} /api${path}`;
        if (!op.operationId?.trim()) problems.push(`${at}: no operationId`);
        if (!op.summary?.trim()) problems.push(`${at}: no summary`);
        // What it does, who may call it, its failure answers: a sentence or two, not the summary again.
        const description = op.description?.trim() ?? '';
        if (description.length < 60 || description === op.summary?.trim()) {
          problems.push(`${at}: no description (what it does, who may call it, its failure answers) in its meta`);
        }
        if (!op.tags?.length) problems.push(`${at}: no tags`);
        for (const tag of op.tags ?? []) if (!known.has(tag)) problems.push(`${at}: tag '${tag}' is not in openapi-guide.ts TAGS`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives request and answer examples for the calls a third party makes most', () => {
    const calls: Array<[string, string]> = [
      ['post', '/auth/login'],
      ['post', '/hunter/join-session'],
      ['post', '/game-sessions/{id}/join'],
      ['post', '/game-sessions/{id}/location'],
      ['post', '/hunter/observation'],
      ['post', '/game-sessions/{id}/communications'],
      ['get', '/hunter/stats'],
      ['get', '/game-sessions/{id}/hunter-stats'],
    ];
    for (const [method, path] of calls) {
      const op = doc.paths[path]?.[method];
      const at = `${method.toUpperCase()} ${path}`;
      const answer = op?.responses?.['200']?.content?.['application/json']?.example;
      expect(answer, `${at}: answer example`).toBeDefined();
      const body = op?.requestBody?.content?.['application/json']?.example;
      const required = (op?.parameters ?? []).filter((p) => p.in === 'path' || p.name === 'sessionId');
      for (const parameter of required) expect(parameter.example, `${at}: ${parameter.name} example`).toBeDefined();
      if (method === 'post') expect(body, `${at}: request body example`).toBeDefined();
    }
    // The examples are the ones the guide walks through.
    expect(doc.paths['/hunter/join-session']?.post?.requestBody?.content?.['application/json']?.example).toEqual({
      sessionId: 12,
      password: 'raptor',
      hunterHandle: 'Ada',
    });
  });

  it('names the support address as contact, and links the docs only where the public address is known', () => {
    expect(doc.info.contact).toEqual({ name: 'Dinohunt support', email: 'support@dinohunt.app' });
    expect(doc.externalDocs).toBeUndefined();
    const published = openApiDocument(
      loadConfig({ PUBLIC_URL: 'https://hunt.example.com/', SUPPORT_EMAIL: 'help@hunt.example.com' }),
    ) as unknown as Doc & { servers: Array<{ url: string }> };
    expect(published.info.contact?.email).toBe('help@hunt.example.com');
    expect(published.externalDocs?.url).toBe('https://hunt.example.com/api/docs');
    expect(published.servers[0]?.url).toBe('https://hunt.example.com/api');
  });

  it('is clean under Spectral (spectral:oas, warnings included) with a public address too', { timeout: 90_000 }, () => {
    // npm run lint:openapi lints the snapshot (the served document without PUBLIC_URL);
    // this lints the one a deployment serves, with its absolute links.
    const published = openApiDocument(loadConfig({ PUBLIC_URL: 'https://hunt.example.com', SUPPORT_EMAIL: 'help@hunt.example.com' }));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(published));
    const spectral = path.resolve('node_modules/.bin/spectral');
    const output = execFileSync(spectral, ['lint', '--ruleset', '.spectral.yaml', '--fail-severity=warn', file], { encoding: 'utf8' });
    expect(output).toContain('No results with a severity of');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("carries the server's release as info.version", () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(pkg.version);
  });

  it('matches the reviewed contract', async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
