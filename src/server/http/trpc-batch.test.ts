// A screen that refetches many queries at once sends them as one batched GET whose path
// names every procedure (`/trpc/a.b,c.d,...`). Fastify's default maxParamLength (100)
// answered such batches 414, so a Hunter Terminal going live lost its refetch.
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_BATCH_URL_MAX } from '../../domain/transport';
import type { ApiClient, TestServer } from '../../../test/support/harness';
import { liveSessionWorld } from '../../../test/support/live-session-world';

let server: TestServer;
let guest: ApiClient & { userId: string };
let sessionId: number;

beforeAll(async () => {
  ({ server, guest, sessionId } = await liveSessionWorld('Batch'));
});
afterAll(() => server.close());

function batchUrl(calls: [string, unknown][]): string {
  const input = Object.fromEntries(calls.map(([, value], i) => [i, superjson.serialize(value)]));
  return `/trpc/${calls.map(([procedure]) => procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

describe('batched tRPC reads', () => {
  it("answers the Hunter Terminal's whole refetch in one batch (the path is far over 100 characters)", async () => {
    const calls: [string, unknown][] = [
      ['sessions.timeStatus', { id: sessionId }],
      ['comms.list', { id: sessionId }],
      ['deploy.list', { id: sessionId }],
      ['admin.speciesList', undefined],
      ['sessions.list', {}],
      ['sessions.get', { id: sessionId }],
      ['stats.hunterStats', { sessionId }],
      ['sessions.result', { id: sessionId }],
      ['system.config', undefined],
    ];
    const url = batchUrl(calls);
    expect(url.split('?')[0]!.length).toBeGreaterThan(100);
    expect(url.length).toBeLessThan(TRPC_BATCH_URL_MAX);
    const res = await fetch(server.url + url, { headers: { cookie: guest.cookie! } });
    const body = (await res.json()) as { result?: unknown; error?: { json: { data: { code: string } } } }[];
    expect(body).toHaveLength(calls.length);
    // Each call answers for itself: a result, or its own error (the result of a running session is 409-ish),
    // never a routing failure for the whole batch.
    expect(res.status === 200 || res.status === 207).toBe(true);
    expect(body.filter((r) => r.result !== undefined).length).toBeGreaterThanOrEqual(calls.length - 1);
  });
});
