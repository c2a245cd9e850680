// The polled reads' doors (polled-read-doors.ts) answer as the public adapters they stand in front of: the same
// requests sent to the app and to a server of tRPC's Fastify adapter and trpc-to-openapi's alone (same deps, same
// context) get the same status, Content-Type, Vary, Set-Cookie count and body, for every kind of caller, good and
// bad input, single calls and batches.
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFactory } from '../context';
import { liveSessionWorld } from '../../../test/support/live-session-world';
import { openApiDocument } from '../openapi';
import { appRouter } from '../routers';
import type { ApiClient, TestServer } from '../../../test/support/harness';
import { POLLED_READS } from './polled-read-doors';

let server: TestServer;
let adapters: FastifyInstance;
let adaptersUrl: string;
let gm: ApiClient;
let guest: ApiClient;
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, guest, stranger, sessionId } = await liveSessionWorld('Polled read doors'));
  adapters = Fastify();
  const createContext = contextFactory(server.deps);
  await adapters.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router: appRouter, createContext } });
  await adapters.register(fastifyTRPCOpenApiPlugin, { basePath: '/api', router: appRouter, createContext });
  adaptersUrl = await adapters.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await adapters?.close();
  await server.close();
});

type Call = [procedure: string, input: unknown];
const batch = (...calls: Call[]) =>
  `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]))),
  )}`;

async function answer(base: string, client: ApiClient | null, path: string) {
  const res = await fetch(base + path, { headers: client?.cookie ? { cookie: client.cookie } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    cookies: res.headers.getSetCookie().length,
    body: await res.text(),
  };
}

async function expectAsAdapters(client: ApiClient | null, path: string) {
  const viaAdapters = await answer(adaptersUrl, client, path);
  expect(await answer(server.url, client, path), path).toEqual(viaAdapters);
}

describe('the doors answer as the adapters', () => {
  it('REST, for the guest, the game master, a stranger and no one, good and bad input', async () => {
    const s = sessionId;
    const paths = [
      `/api/game-sessions/${s}/communications`,
      `/api/game-sessions/${s}/communications?limit=2&afterId=0`,
      `/api/game-sessions/${s}/communications?limit=abc`,
      `/api/game-sessions/${s}/communications?limit=0&afterId=-1`,
      `/api/game-sessions/${s}/dinosaurs`,
      `/api/game-dinosaurs/${s}`,
      `/api/game-sessions/${s}/time-status`,
      `/api/hunter/stats?sessionId=${s}`,
      `/api/hunter/stats`,
      `/api/hunter/stats?sessionId=x`,
      `/api/hunter/stats?sessionId=${s}&sessionId=${s}`,
      `/api/game-sessions/${s}/hunter-stats`,
      `/api/game-sessions/${s}/hunter-locations`,
      `/api/game-sessions/${s}`,
      `/api/game-sessions/999999/communications`,
      `/api/game-sessions/%31/communications`,
      `/api/game-sessions/01/time-status`,
    ];
    for (const client of [guest, gm, stranger, null]) {
      for (const path of paths) await expectAsAdapters(client, path);
    }
  });

  it('tRPC GET batches, single and several, mixed answers, bad input', async () => {
    const s = sessionId;
    const batches = [
      batch(['comms.list', { id: s }]),
      batch(['sessions.get', { id: s }], ['deploy.list', { id: s }], ['comms.list', { id: s }], ['stats.hunterStats', { sessionId: s }]),
      batch(['stats.sessionHunterStats', { id: s }], ['comms.hunterLocations', { id: s }], ['deploy.listBySession', { sessionId: s }]),
      batch(['sessions.timeStatus', { id: s }], ['comms.list', { id: 999_999 }], ['comms.list', { id: 'x' }]),
      batch(['comms.list', { id: s, limit: 0 }]),
      '/trpc/comms.list?batch=1',
      '/trpc/comms.list?batch=1&input=%7B%7D',
    ];
    for (const client of [guest, gm, stranger, null]) {
      for (const path of batches) await expectAsAdapters(client, path);
    }
  });
});

describe('the doors stay in step with the procedures', () => {
  it('each REST path is its procedure\'s GET in the OpenAPI document', () => {
    const doc = openApiDocument(server.deps.config);
    for (const [procedure, { rest }] of Object.entries(POLLED_READS)) {
      const operation = (doc.paths?.[rest] as { get?: { operationId?: string } } | undefined)?.get;
      expect(operation, `${procedure} GET ${rest}`).toBeDefined();
    }
  });
});
