// The third-party contract: the types a generator makes from /api/openapi.json are
// the committed ones (src/server/__snapshots__/openapi-types.d.ts), and a client
// built only from them (openapi-fetch, type-checked by `npm run typecheck`) plays a
// whole hunt. A procedure that changes shape without its document fails here.
import { generateTypes } from '@dinohunt/openapi-typescript';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from './__snapshots__/openapi-types';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { JPEG } from '../../test/support/sample-files';

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

type MediaForm = { media: Blob; message?: string; recipientType?: 'all' | 'headquarters' | 'hunters' | 'team'; teamId?: string };
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

    const session = ok(await gm.POST('/game-sessions', { body: { name: `Contract hunt ${suffix}`, password: 'raptor-4821' } }));
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
    // The play area: set, cleared, set again; a dinosaur outside it is refused.
    const d = 0.001;
    const area = [
      { lat: here.lat - d, lng: here.lng - d },
      { lat: here.lat - d, lng: here.lng + d },
      { lat: here.lat + d, lng: here.lng + d },
      { lat: here.lat + d, lng: here.lng - d },
    ];
    expect(ok(await gm.PUT('/game-sessions/{id}/play-area', { params: { path: { id } }, body: { area } })).playArea).toEqual(area);
    expect(ok(await gm.DELETE('/game-sessions/{id}/play-area', { params: { path: { id } } })).playArea).toBeNull();
    ok(await gm.PUT('/game-sessions/{id}/play-area', { params: { path: { id } }, body: { area, noGoZones: [] } }));
    const outside = await gm.POST('/game-sessions/{id}/deploy-dinosaur', {
      params: { path: { id } },
      body: { sessionId: id, speciesId: species[0]!.id, latitude: here.lat + 2 * d, longitude: here.lng },
    });
    expect(outside.response.status).toBe(400);
    expect(outside.error?.error).toBe('Dinosaurs can be placed only inside the play area');
    const dinosaur = ok(
      await gm.POST('/game-sessions/{id}/deploy-dinosaur', {
        params: { path: { id } },
        body: { sessionId: id, speciesId: species[0]!.id, latitude: here.lat, longitude: here.lng },
      }),
    );
    // HQ's map (issue 26): coordinates typed in the search box, a second dinosaur moved and removed, the last place played.
    const place = ok(await gm.GET('/places/search', { params: { query: { q: `${here.lat}, ${here.lng}` } } }));
    expect(place[0]).toMatchObject({ lat: here.lat, lng: here.lng, source: 'coordinates' });
    const spare = ok(
      await gm.POST('/game-sessions/{id}/dinosaurs', {
        params: { path: { id } },
        body: { sessionId: id, speciesId: species[0]!.id, latitude: here.lat, longitude: here.lng },
      }),
    );
    const moved = ok(
      await gm.PATCH('/game-sessions/{id}/dinosaurs/{dinosaurId}', {
        params: { path: { id, dinosaurId: spare.id } },
        body: { latitude: here.lat + 0.001, longitude: here.lng },
      }),
    );
    expect(Number(moved.latitude)).toBeCloseTo(here.lat + 0.001, 6);
    expect(ok(await gm.DELETE('/game-sessions/{id}/dinosaurs/{dinosaurId}', { params: { path: { id, dinosaurId: spare.id } } }))).toEqual({
      success: true,
      id: spare.id,
    });
    // The session has a play area by now (set above): its centre is where the game master last played.
    expect(ok(await gm.GET('/places/last-played')).place).toMatchObject({ sessionId: id, source: 'area', lat: here.lat });
    ok(await gm.POST('/game-sessions/{id}/start', { params: { path: { id } }, body: {} }));

    // A guest joins with the session id and password alone.
    const guest = dinohunt();
    const joined = ok(
      await guest.POST('/hunter/join-session', { body: { sessionId: id, password: 'raptor-4821', hunterHandle: 'Ada' } }),
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
    const zone = ok(await guest.GET('/game-sessions/{id}/play-area', { params: { path: { id } } }));
    expect(zone.hunters).toEqual([expect.objectContaining({ hunterName: 'Ada', zone: 'inside' })]);
    const observation = ok(await guest.POST('/hunter/observation', { body: { sessionId: id, dinosaurId: dinosaur.id } }));
    expect(['observed', 'missed']).toContain(observation.outcome);
    expect(ok(await guest.GET('/hunter/stats', { params: { query: { sessionId: id } } })).dartsUsed).toBe(1);

    // Achievements: the catalogue for anyone, the hunter's own, the session's for its game master.
    const catalogue = ok(await dinohunt().GET('/achievements'));
    expect(catalogue.map((a) => a.key)).toContain('first_contact');
    const mine = ok(await guest.GET('/hunter/achievements', { params: { query: { sessionId: id } } }));
    // A rare species also earns rare_find: which one species[0] is depends on the catalogue's order.
    if (observation.outcome === 'observed') {
      expect(mine.thisHunt.map((a) => a.key)).toEqual(expect.arrayContaining(['first_contact', 'full_house']));
    } else expect(mine.thisHunt).toEqual([]);
    expect(mine.progress.find((p) => p.key === 'dart_thrower')?.value).toBe(1);

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
    // The photo earned Field Reporter and Wildlife Photographer; the end, Veteran.
    const earned = ok(await gm.GET('/game-sessions/{id}/achievements', { params: { path: { id } } }));
    expect(earned.map((a) => `${a.hunterName} ${a.key}`)).toEqual(
      expect.arrayContaining(['Ada field_reporter', 'Ada photographer', 'Ada veteran']),
    );
    // The guest keeps them with a new hunter account.
    const kept = ok(
      await guest.POST('/hunter/keep-achievements', {
        body: {
          username: `ada${suffix}`,
          email: `ada${suffix}@example.com`,
          password: 'Fossil-Trail-42',
          firstName: 'Ada',
          lastName: 'Hunter',
        },
      }),
    );
    expect(kept.user).toMatchObject({ isGuest: false, role: 'hunter' });
    expect(ok(await guest.GET('/hunter/achievements')).earned.length).toBe(earned.length);

    // Past hunts (issue 26): the replay, the results as CSV, a saved layout and the same hunt run again.
    const replay = ok(await gm.GET('/game-sessions/{id}/replay', { params: { path: { id } } }));
    expect(replay).toMatchObject({ sessionId: id, pathsKept: true });
    expect(replay.hunters.map((h) => h.hunterName)).toEqual(['Ada']);
    expect(replay.hunters[0]!.points.length).toBeGreaterThan(0);
    const csv = await gm.GET('/game-sessions/{id}/results.csv', { params: { path: { id } }, parseAs: 'text' });
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.data).toContain('Ada');
    const layout = ok(await gm.POST('/gamemaster/layouts', { body: { sessionId: id, name: `Contract place ${suffix}` } }));
    expect(layout.dinosaurs).toHaveLength(1);
    expect(ok(await gm.GET('/gamemaster/layouts')).map((l) => l.id)).toContain(layout.id);
    const again = ok(
      await gm.POST('/game-sessions/{id}/run-again', { params: { path: { id } }, body: { name: `Contract again ${suffix}`, password: 'raptor-4821' } }),
    );
    expect(again).toMatchObject({ status: 'preparing', duration: session.duration });
    const applied = ok(
      await gm.POST('/game-sessions/{id}/apply-layout', { params: { path: { id: again.id } }, body: { layoutId: layout.id } }),
    );
    expect(applied).toMatchObject({ sessionId: again.id, dinosaurs: 1 });
    expect(ok(await gm.DELETE('/gamemaster/layouts/{id}', { params: { path: { id: layout.id } } }))).toEqual({ success: true });
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
        body: { name: `Open trail ${suffix}`, password: 'raptor-4821', isPublic: true, meetingPoint, meetingNote: 'By the east pillar' },
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
