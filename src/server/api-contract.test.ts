// The third-party contract: the types a generator makes from /api/openapi.json are
// the committed ones (src/server/__snapshots__/openapi-types.d.ts), and a client
// built only from them (openapi-fetch, type-checked by `npm run typecheck`) plays a
// whole hunt. A procedure that changes shape without its document fails here.
import { generateTypes } from '@dinohunt/openapi-typescript';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from './__snapshots__/openapi-types';
import { startTestServer, type TestServer } from './testing/harness';
import { JPEG } from './testing/sample-files';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A generated client that keeps its `dinohunt_session` cookie, as the document's guide shows. */
function dinohunt() {
  let cookie = '';
  const api = createClient<paths>({ baseUrl: `${server.url}/api` });
  api.use({
    onRequest: ({ request }) => {
      if (cookie) request.headers.set('cookie', cookie);
    },
    onResponse: ({ response }) => {
      const set = response.headers.getSetCookie().find((c) => c.startsWith('dinohunt_session='));
      if (set) cookie = set.split(';')[0]!;
    },
  });
  return api;
}

/** The answer's data, or a failure naming the status and the `{ error }` body. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${result.response.url}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

type MediaForm = { media: Blob; message?: string; recipientType?: 'all' | 'headquarters' | 'hunters' };
/** Text parts first: the server checks them before it stores the file part. */
function multipart(body: MediaForm): FormData {
  const form = new FormData();
  if (body.recipientType) form.append('recipientType', body.recipientType);
  if (body.message) form.append('message', body.message);
  form.append('media', body.media, 'photo.jpg');
  return form;
}

describe('a client generated from /api/openapi.json', () => {
  it('is generated from the committed types', async () => {
    const live = await (await fetch(`${server.url}/api/openapi.json`)).json();
    await expect(await generateTypes(live)).toMatchFileSnapshot('./__snapshots__/openapi-types.d.ts');
  });

  it('plays a whole hunt', async () => {
    const gm = dinohunt();
    const suffix = `${process.pid}x${Date.now() % 100_000}`;
    const registered = ok(
      await gm.POST('/auth/register', {
        body: {
          username: `gm${suffix}`,
          email: `gm${suffix}@example.com`,
          password: 'Fossil-Trail-42',
          firstName: 'Grace',
          lastName: 'Master',
          role: 'gamemaster',
        },
      }),
    );
    expect(registered.role).toBe('gamemaster');

    // No payment provider in tests: the plan activates without charge.
    const plans = ok(await gm.GET('/subscription-plans'));
    const plan = plans.find((p) => p.name === 'Professional') ?? plans[0]!;
    ok(await gm.POST('/create-subscription', { body: { planId: plan.id } }));
    expect(ok(await gm.GET('/user/subscription')).status).toBe('active');

    const session = ok(await gm.POST('/game-sessions', { body: { name: `Contract hunt ${suffix}`, password: 'raptor' } }));
    const id = session.id;

    // The game master may send to all or hunters, never to headquarters (that is itself).
    const refused = await gm.POST('/game-sessions/{id}/upload-media', {
      params: { path: { id } },
      body: { media: new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), recipientType: 'headquarters' },
      bodySerializer: multipart,
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe("The game master can send to 'all' or 'hunters' only");

    const species = ok(await gm.GET('/dinosaur-species'));
    const here = { lat: 48.8584, lng: 2.2945 };
    const dinosaur = ok(
      await gm.POST('/game-sessions/{id}/deploy-dinosaur', {
        params: { path: { id } },
        body: { sessionId: id, speciesId: species[0]!.id, latitude: here.lat, longitude: here.lng },
      }),
    );
    ok(await gm.POST('/game-sessions/{id}/start', { params: { path: { id } }, body: {} }));

    // A guest joins with the session id and password alone.
    const guest = dinohunt();
    const joined = ok(
      await guest.POST('/hunter/join-session', { body: { sessionId: id, password: 'raptor', hunterHandle: 'Ada' } }),
    );
    expect(joined).toMatchObject({ sessionId: id, hunterHandle: 'Ada' });
    const visible = ok(await guest.GET('/game-dinosaurs/{sessionId}', { params: { path: { sessionId: id } } }));
    expect(visible.map((d) => d.id)).toContain(dinosaur.id);

    const fix = ok(
      await guest.POST('/game-sessions/{id}/location', {
        params: { path: { id } },
        body: { lat: here.lat + 10 / 111_195, lng: here.lng, accuracy: 5 },
      }),
    );
    expect(fix.accepted).toBe(true);
    const observation = ok(await guest.POST('/hunter/observation', { body: { sessionId: id, dinosaurId: dinosaur.id } }));
    expect(['observed', 'missed']).toContain(observation.outcome);
    expect(ok(await guest.GET('/hunter/stats', { params: { query: { sessionId: id } } })).dartsUsed).toBe(1);

    const photo = ok(
      await guest.POST('/game-sessions/{id}/upload-media', {
        params: { path: { id } },
        body: {
          media: new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }),
          message: 'Found tracks',
          recipientType: 'headquarters',
        },
        bodySerializer: multipart,
      }),
    );
    expect(photo).toMatchObject({ messageType: 'media', mediaType: 'image', message: 'Found tracks' });

    // Headquarters reads the hunters' stats and messages, then ends the hunt.
    const stats = ok(await gm.GET('/game-sessions/{id}/hunter-stats', { params: { path: { id } } }));
    expect(JSON.stringify(stats)).toContain('Ada');
    const messages = ok(await gm.GET('/game-sessions/{id}/communications', { params: { path: { id } } }));
    expect(messages.map((m) => m.id)).toContain(photo.id);
    ok(await gm.POST('/game-sessions/{id}/end', { params: { path: { id } } }));

    const result = ok(await gm.GET('/game-sessions/{id}/result', { params: { path: { id } } }));
    // The dart hits with the species' capture rate: every dinosaur found completes the mission.
    const found = observation.outcome === 'observed';
    expect(result).toMatchObject({
      sessionId: id,
      completionStatus: found ? 'completed' : 'ended',
      totalDinosaurs: 1,
      dinosaursFound: found ? 1 : 0,
    });
    ok(await guest.GET('/game-sessions/{id}/result', { params: { path: { id } } }));
    ok(await gm.POST('/auth/logout'));
    expect((await gm.GET('/auth/user')).response.status).toBe(401);
  });
  it('lists a public expedition, joins it without the password and removes the hunter', async () => {
    const suffix = `${process.pid}y${Date.now() % 100_000}`;
    const gm = dinohunt();
    const account = (role: 'gamemaster' | 'hunter', name: string) => ({
      username: `${name}${suffix}`,
      email: `${name}${suffix}@example.com`,
      password: 'Fossil-Trail-42',
      firstName: 'Exp',
      lastName: 'Lorer',
      role,
    });
    ok(await gm.POST('/auth/register', { body: account('gamemaster', 'egm') }));
    const plans = ok(await gm.GET('/subscription-plans'));
    ok(await gm.POST('/create-subscription', { body: { planId: (plans.find((p) => p.name === 'Professional') ?? plans[0]!).id } }));
    const meetingPoint = { lat: 48.8584, lng: 2.2945 };
    const created = ok(
      await gm.POST('/game-sessions', {
        body: { name: `Open trail ${suffix}`, password: 'raptor', isPublic: true, meetingPoint, meetingNote: 'By the east pillar' },
      }),
    );
    expect(created).toMatchObject({ isPublic: true, meetingPoint, meetingNote: 'By the east pillar' });
    const id = created.id;
    ok(await gm.PUT('/game-sessions/{id}/expedition', { params: { path: { id } }, body: { isPublic: true, meetingPoint, meetingNote: null } }));

    const hunter = dinohunt();
    ok(await hunter.POST('/auth/register', { body: account('hunter', 'eh') }));
    const listed = ok(await hunter.GET('/expeditions', { params: { query: { lat: 48.86, lng: 2.29 } } }));
    const mine = listed.find((e) => e.id === id);
    expect(mine).toMatchObject({ name: `Open trail ${suffix}`, spotsLeft: 25, joined: false });
    expect(mine!.distanceM).toBeGreaterThan(0);
    const joined = ok(await hunter.POST('/expeditions/{id}/join', { params: { path: { id } }, body: {} }));
    expect(joined).toMatchObject({ sessionId: id, hunterHandle: `eh${suffix}` });

    const hunterId = ok(await hunter.GET('/auth/user')).id;
    const removed = ok(await gm.POST('/game-sessions/{id}/hunters/{hunterId}/remove', { params: { path: { id, hunterId } } }));
    expect(removed).toMatchObject({ success: true, hunterHandle: `eh${suffix}`, currentPlayers: 0 });
    const refused = await hunter.GET('/game-sessions/{id}', { params: { path: { id } } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe(`You were removed from "Open trail ${suffix}" by the game master.`);
  });
});
