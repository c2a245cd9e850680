// The polled reads' one step (trpc.ts cachedSessionRead, ownedSessionRead; decision 970) checks in the order the
// separate steps did: sign-in before the input (no one gets 401, not 400, for a bad id), a game master's role and
// subscription before the input, the input before access (a bad id is 400 for anyone signed in, not 403 or 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessionWorld } from '../../../test/support/live-session-world';
import type { ApiClient, TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: ApiClient;
let stranger: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, gm, stranger, sessionId } = await liveSessionWorld('Polled read order'));
});
afterAll(() => server.close());

const status = async (client: ApiClient | null, path: string) =>
  (await fetch(server.url + path, { headers: client?.cookie ? { cookie: client.cookie } : {} })).status;

describe('a polled read checks in the chain order', () => {
  // hunter-locations is read by a team's hunters too (issue 42): a hunters' read, not a game master's.
  const hunterReads = [
    '/api/game-sessions/abc/communications',
    '/api/game-sessions/abc/dinosaurs',
    '/api/game-dinosaurs/abc',
    '/api/hunter/stats?sessionId=abc',
    '/api/game-sessions/abc/hunter-locations',
  ];
  const ownerReads = ['/api/game-sessions/abc/hunter-stats'];

  it('answers 401 to no one, whatever the input', async () => {
    for (const path of [...hunterReads, ...ownerReads]) expect(await status(null, path), path).toBe(401);
  });

  it('answers 400 for a bad id to anyone signed in, before access (403) is looked at', async () => {
    for (const path of hunterReads) expect(await status(stranger, path), path).toBe(400);
    expect(await status(stranger, `/api/game-sessions/${sessionId}/communications`)).toBe(403);
  });

  it("checks a game master's role before the input, and the input before ownership", async () => {
    for (const path of ownerReads) {
      expect(await status(stranger, path), path).toBe(403);
      expect(await status(gm, path), path).toBe(400);
    }
    expect(await status(gm, '/api/game-sessions/999999/hunter-stats')).toBe(404);
  });
});
