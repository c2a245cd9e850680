// JSON bodies on REST and /trpc are checked before they are parsed (decision 711): larger than
// MAX_JSON_BODY_BYTES -> 413, deeper than MAX_JSON_DEPTH -> 400, both with `{ error }`, and
// neither reaches JSON.parse. The largest body the app sends still passes; multipart and the
// Stripe webhook keep their own limits.
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_CATALOGUE_NAME_LENGTH, MAX_CATALOGUE_TEXT_LENGTH, MAX_MESSAGE_LENGTH, MAX_MISSION_DURATION_MIN, MAX_MISSION_MAX_PLAYERS, MAX_MISSION_OBJECTIVES, MAX_OBJECTIVE_LENGTH } from '../../domain/rules';
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from './limits';
import { type ApiClient, signInAdmin, type TestServer } from '../../../test/support/harness';
import { liveSessionWorld } from '../../../test/support/live-session-world';

let server: TestServer;
let admin: ApiClient;
let guest: ApiClient;
let sessionId: number;

beforeAll(async () => {
  ({ server, guest, sessionId } = await liveSessionWorld('Bodies'));
  admin = await signInAdmin(server);
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

function post(client: ApiClient | null, path: string, body: string, contentType = 'application/json') {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { ...(client?.cookie ? { cookie: client.cookie } : {}), 'content-type': contentType },
    body,
  });
}

/** JSON.parse calls on texts at least this long, while `run` runs (the test server is in this process). */
async function bigParses<T>(minLength: number, run: () => Promise<T>): Promise<{ result: T; parses: number }> {
  const parse = JSON.parse;
  let parses = 0;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.length >= minLength) parses++;
    return parse(text, reviver);
  });
  const result = await run();
  return { result, parses };
}

const MEGABYTE_OF_BRACKETS = '['.repeat(1024 * 1024);
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A mission with every field at its schema maximum: the largest JSON body of the API. */
function largestMission() {
  const text = (n: number, seed: string) => seed.repeat(Math.ceil(n / seed.length)).slice(0, n);
  return {
    name: text(MAX_CATALOGUE_NAME_LENGTH, 'Operation "Raptor" '),
    description: text(MAX_CATALOGUE_TEXT_LENGTH, 'Track the herd along the river,\nthen report. '),
    difficulty: 'hard',
    duration: MAX_MISSION_DURATION_MIN,
    maxPlayers: MAX_MISSION_MAX_PLAYERS,
    objectives: Array.from({ length: MAX_MISSION_OBJECTIVES }, (_, i) => text(MAX_OBJECTIVE_LENGTH, `Objective ${i} – é `)),
  };
}

describe('REST', () => {
  it('refuses a body over the limit with 413 before reading it whole, and never parses it', async () => {
    const { result: res, parses } = await bigParses(MAX_JSON_BODY_BYTES, () =>
      post(guest, `/api/game-sessions/${sessionId}/communications`, MEGABYTE_OF_BRACKETS),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is too large' });
    expect(parses).toBe(0);
  });

  it('refuses a body nested deeper than the limit with 400 without parsing it, signed in or not', async () => {
    const body = `{"message":${deep(MAX_JSON_BODY_BYTES / 4)}}`;
    const { result: res, parses } = await bigParses(1000, () => post(null, '/api/auth/login', body));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'JSON body is nested too deeply' });
    expect(parses).toBe(0);
    const justOver = await post(guest, `/api/game-sessions/${sessionId}/communications`, `{"message":${deep(MAX_JSON_DEPTH)}}`);
    expect(justOver.status).toBe(400);
  });

  it('counts no bracket inside a string: a message full of them is sent', async () => {
    const message = '[{'.repeat(500);
    const res = await guest.post(`/api/game-sessions/${sessionId}/communications`, { message, recipientType: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(message);
  });

  it('accepts the largest body of the API (a mission at every maximum) and the longest message', async () => {
    const mission = largestMission();
    const size = Buffer.byteLength(JSON.stringify(mission));
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(MAX_JSON_BODY_BYTES);
    const created = await admin.post('/api/missions', mission);
    expect(created.status).toBe(201);
    expect(created.body.objectives).toHaveLength(MAX_MISSION_OBJECTIVES);

    const message = 'é"\n'.repeat(MAX_MESSAGE_LENGTH / 3);
    const sent = await guest.post(`/api/game-sessions/${sessionId}/communications`, { message, recipientType: 'all' });
    expect(sent.status).toBe(200);
  });

  it('leaves the Stripe webhook its own limit (its events are larger)', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { lines: 'x'.repeat(64 * 1024) } } });
    const res = await post(null, '/api/stripe/webhook', event);
    expect(res.status).not.toBe(413);
  });
});

describe('/trpc', () => {
  const send = (body: string, procedure = 'comms.send') => post(guest, `/trpc/${procedure}`, body);

  it('refuses a body over the limit with 413 and `{ error }`, never parsed', async () => {
    const { result: res, parses } = await bigParses(MAX_JSON_BODY_BYTES, () => send(MEGABYTE_OF_BRACKETS));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is too large' });
    expect(parses).toBe(0);
  });

  it('refuses a body nested deeper than the limit with 400 and `{ error }`, never parsed (batches too)', async () => {
    const { result: res, parses } = await bigParses(1000, () => send(deep(MAX_JSON_BODY_BYTES / 4)));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'JSON body is nested too deeply' });
    expect(parses).toBe(0);

    const batch = JSON.stringify({ 0: superjson.serialize({ id: sessionId, message: 'hi' }) }).replace(/}$/, `,"1":${deep(40)}}`);
    const batched = await post(guest, '/trpc/comms.send,comms.send?batch=1', batch);
    expect(batched.status).toBe(400);
    expect((await batched.json()).error).toBe('JSON body is nested too deeply');
  });

  it('still answers ordinary mutations and batches', async () => {
    const one = await send(JSON.stringify(superjson.serialize({ id: sessionId, message: '[[[ not nesting ]]]', recipientType: 'all' })));
    expect(one.status).toBe(200);
    const input = superjson.serialize({ id: sessionId, message: 'x'.repeat(MAX_MESSAGE_LENGTH), recipientType: 'all' });
    const batch = await post(guest, '/trpc/comms.send,comms.send?batch=1', JSON.stringify({ 0: input, 1: input }));
    expect(batch.status).toBe(200);
    const answers = (await batch.json()) as { result?: unknown }[];
    expect(answers.every((a) => a.result !== undefined)).toBe(true);
  });
});
