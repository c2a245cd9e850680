import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup } from '../../db/backup';
import {
  dinosaurSpecies,
  events,
  gameSessions,
  messages,
  observations,
  sessionDinosaurs,
  sessionPlayers,
  sessionResults,
  users,
} from '../../db/schema';
import type { BusEvent } from '../../realtime/bus';
import { csvCell } from '../../services/admin-exports';
import { createSession, hunterIn, JPEG } from '../../../../test/support/comms-kit';
import { ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

/** Every admin-only REST path (method, path, body). */
const ADMIN_PATHS: [string, string, unknown?][] = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/gamemasters'],
  ['DELETE', '/api/admin/users/some-id'],
  ['POST', '/api/admin/users/some-id/credits', { credits: 5 }],
  ['POST', '/api/admin/users/some-id/suspend'],
  ['POST', '/api/admin/users/some-id/reactivate'],
  ['DELETE', '/api/admin/dinosaur-species/1'],
  ['POST', '/api/dinosaur-species', { name: 'x' }],
  ['PUT', '/api/dinosaur-species/1', { name: 'x' }],
  ['POST', '/api/missions', { name: 'x' }],
  ['PUT', '/api/missions/1', { name: 'x' }],
  ['DELETE', '/api/missions/1'],
  ['GET', '/api/admin/backup'],
  ['GET', '/api/admin/analytics.csv'],
];

describe('permissions', () => {
  it.each(ADMIN_PATHS)('%s %s answers 401 signed out', async (method, p, body) => {
    const res = await new ApiClient(server.url).request(method, p, body);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
  });

  it.each(ADMIN_PATHS)('%s %s answers 403 to a game master and a hunter', async (method, p, body) => {
    for (const role of ['gamemaster', 'hunter'] as const) {
      const user = await signUp(server, role);
      const res = await user.request(method, p, body);
      expect(res.status).toBe(403);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('tRPC admin procedures answer 401 signed out and 403 to non-admins', async () => {
    const calls = (t: ReturnType<ApiClient['trpc']>['trpc']) => [
      () => t.admin.overview.query(),
      () => t.admin.gameMastersList.query(),
      () => t.admin.userDelete.mutate({ id: 'x' }),
      () => t.admin.creditsAdd.mutate({ id: 'x', credits: 5 }),
      () => t.admin.userSuspend.mutate({ id: 'x' }),
      () => t.admin.userReactivate.mutate({ id: 'x' }),
      () => t.admin.speciesDelete.mutate({ id: 1 }),
      () => t.admin.missionDelete.mutate({ id: 1 }),
    ];
    const anon = new ApiClient(server.url).trpc();
    for (const call of calls(anon.trpc)) await expect(call()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    anon.close();
    const gm = (await signUp(server, 'gamemaster')).trpc();
    for (const call of calls(gm.trpc)) await expect(call()).rejects.toMatchObject({ data: { httpStatus: 403 } });
    gm.close();
  });

  it('a guest-free hunter cannot reach the catalogue mutations but can read species and missions', async () => {
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.get('/api/dinosaur-species')).status).toBe(200);
    expect((await hunter.get('/api/missions')).status).toBe(200);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts species, missions, running sessions and accounts for real', async () => {
    const before = (await admin.get('/api/admin/overview')).body;
    const gm = await signUp(server, 'gamemaster');
    const { db } = server.deps;
    await db.insert(gameSessions).values({ ownerId: gm.user.id, name: 'a', password: 'p', maxPlayers: 10, duration: 30, status: 'active' });
    await db.insert(gameSessions).values({ ownerId: gm.user.id, name: 'b', password: 'p', maxPlayers: 10, duration: 30, status: 'completed' });
    await admin.post('/api/missions', { name: 'Counted' });
    const res = await admin.get('/api/admin/overview');
    expect(res.status).toBe(200);
    expect(res.body.speciesCount).toBe((await db.select().from(dinosaurSpecies)).length);
    expect(res.body.speciesCount).toBeGreaterThanOrEqual(8);
    expect(res.body.missionCount).toBe(before.missionCount + 1);
    expect(res.body.activeSessions).toBe(before.activeSessions + 1);
    expect(res.body.totalUsers).toBe(before.totalUsers + 1);
    expect(res.body.gameMasters).toBe(before.gameMasters + 1);
  });
});

describe('GET /api/admin/gamemasters', () => {
  it("lists game masters with the spec fields, and whether their address is confirmed (issue #45)", async () => {
    const gm = await signUp(server, 'gamemaster', { firstName: 'Alan', lastName: 'Grant' });
    await signUp(server, 'hunter');
    const res = await admin.get('/api/admin/gamemasters');
    expect(res.status).toBe(200);
    const row = res.body.find((g: { id: string }) => g.id === gm.user.id);
    expect(row).toEqual({
      id: gm.user.id,
      firstName: 'Alan',
      lastName: 'Grant',
      email: `${gm.user.username}@example.com`,
      username: gm.user.username,
      sessionCredits: 0,
      accountStatus: 'active',
      emailVerified: true, // no SMTP_URL here: new accounts start confirmed (decision 993)
    });
    expect(res.body.every((g: { id: string }) => g.id !== admin.cookie)).toBe(true);
    const roles = await server.deps.db
      .select({ role: users.role })
      .from(users)
      .where(inArray(users.id, res.body.map((g: { id: string }) => g.id)));
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(['gamemaster']));
  });
});

describe('POST /api/admin/users/{id}/credits', () => {
  it('adds positive whole credits and the game master sees them', async () => {
    const gm = await signUp(server, 'gamemaster');
    const res = await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: gm.user.id, sessionCredits: 5, creditsAdded: 5 });
    const again = await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits: '3' });
    expect(again.body.sessionCredits).toBe(8);
    expect((await gm.get('/api/auth/user')).body.sessionCredits).toBe(8);
  });

  it("tells the game master's open HQ live: credits_changed, for the owner only, on each live session", async () => {
    const gm = await subscribedGameMaster(server, 'Starter', 2);
    const live = (await gm.post('/api/game-sessions', { name: `Credits live ${Date.now()}`, password: 'raptor-4821' })).body.id as number;
    const seen: BusEvent[] = [];
    const unsubscribe = server.deps.bus.subscribe((e) => seen.push(e));
    try {
      await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits: 4 });
    } finally {
      unsubscribe();
    }
    const credit = seen.filter((e) => e.type === 'credits_changed');
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({ sessionId: live, audience: 'owner', payload: { sessionId: live, sessionCredits: 6 } });
  });

  it.each([0, -5, 2.5, 'abc', null, 100_000, '0x10', '1e2', 'Infinity'])('refuses credits=%j with 400 and changes nothing', async (credits) => {
    const gm = await signUp(server, 'gamemaster');
    const res = await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Credits must be a positive whole number|At most 10000 credits/);
    expect((await gm.get('/api/auth/user')).body.sessionCredits).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for a non-game-master', async () => {
    expect((await admin.post('/api/admin/users/nobody/credits', { credits: 1 })).status).toBe(404);
    const hunter = await signUp(server, 'hunter');
    const res = await admin.post(`/api/admin/users/${hunter.user.id}/credits`, { credits: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Credits can only be added to game masters');
  });

  it('works over tRPC for the admin', async () => {
    const gm = await signUp(server, 'gamemaster');
    const { trpc, close } = admin.trpc();
    const out = await trpc.admin.creditsAdd.mutate({ id: gm.user.id, credits: 2 });
    close();
    expect(out.sessionCredits).toBe(2);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('ends the live sessions cleanly and leaves nothing orphaned', async () => {
    const gm = await signUp(server, 'gamemaster');
    const { db, bus } = server.deps;
    const [species] = await db.select().from(dinosaurSpecies).limit(1);
    const [live] = await db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: 'live', password: 'p', maxPlayers: 10, duration: 30, status: 'active', startTime: Date.now() })
      .returning();
    const [old] = await db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: 'old', password: 'p', maxPlayers: 10, duration: 30, status: 'completed' })
      .returning();
    const [dino] = await db
      .insert(sessionDinosaurs)
      .values({ sessionId: live!.id, speciesId: species!.id, latitude: 1, longitude: 1, health: 100 })
      .returning();
    const guestId = crypto.randomUUID();
    await db.insert(users).values({ id: guestId, role: 'hunter', isGuest: true, firstName: 'Guest' });
    const [player] = await db.insert(sessionPlayers).values({ sessionId: live!.id, userId: guestId, handle: 'raptor1' }).returning();
    await db
      .insert(observations)
      .values({ sessionId: live!.id, playerId: player!.id, dinosaurId: dino!.id, speciesId: species!.id, success: true, distanceM: 10 });
    const mediaDir = path.join(server.dir, 'uploads', 'media');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, 'photo.jpg'), 'x');
    await db.insert(messages).values({
        sessionId: live!.id,
        senderUserId: guestId,
        senderLabel: 'raptor1',
        senderRole: 'hunter',
        message: 'look',
        messageType: 'media',
        mediaUrl: '/uploads/media/photo.jpg',
        recipientType: 'all',
      });
    await bus.publish(db, { sessionId: old!.id, type: 'session_created', payload: { sessionId: old!.id, timestamp: Date.now(), name: 'Old', status: 'preparing' } });

    const seen: BusEvent[] = [];
    const unsubscribe = bus.subscribe((e) => seen.push(e));
    const res = await admin.delete(`/api/admin/users/${gm.user.id}`);
    unsubscribe();

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: gm.user.id, sessionsEnded: 1, sessionsDeleted: 2 });
    const ended = seen.find((e) => e.type === 'session_ended' && e.sessionId === live!.id);
    expect(ended?.payload).toMatchObject({ sessionId: live!.id, dinosaursFound: 1, totalDinosaurs: 1 });
    expect(seen.filter((e) => e.sessionId === old!.id)).toEqual([]);

    expect(await db.select().from(users).where(inArray(users.id, [gm.user.id, guestId]))).toEqual([]);
    expect(await db.select().from(gameSessions).where(inArray(gameSessions.id, [live!.id, old!.id]))).toEqual([]);
    for (const table of [sessionPlayers, sessionDinosaurs, observations, messages, sessionResults, events]) {
      expect(await db.select().from(table).where(inArray(table.sessionId, [live!.id, old!.id]))).toEqual([]);
    }
    expect(fs.existsSync(path.join(mediaDir, 'photo.jpg'))).toBe(false);
    expect((await gm.get('/api/auth/user')).status).toBe(401);
    expect((await admin.get('/api/admin/gamemasters')).body.some((g: { id: string }) => g.id === gm.user.id)).toBe(false);
  });

  it('answers 404 for an unknown user and refuses admins (including oneself)', async () => {
    expect((await admin.delete('/api/admin/users/nobody')).status).toBe(404);
    const [adminRow] = await server.deps.db.select().from(users).where(eq(users.role, 'admin')).limit(1);
    const res = await admin.delete(`/api/admin/users/${adminRow!.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('You cannot delete your own account');
  });
});

describe('system controls', () => {
  it('GET /api/admin/backup downloads the portable backup: every table but sign-ins, restorable into a fresh database', async () => {
    await admin.post('/api/missions', { name: 'In the backup' });
    const res = await fetch(`${server.url}/api/admin/backup`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="dinohunt-backup-.+\.jsonl\.gz"$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bk-'));
    const file = path.join(dir, 'b.jsonl.gz');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const { header, rows } = await readBackup(file);
    expect(header.tables).not.toContain('auth_sessions');
    expect((rows.get('missions') ?? []).map((m) => m.name)).toContain('In the backup');
    expect((rows.get('dinosaur_species') ?? []).length).toBeGreaterThanOrEqual(8);
    expect((rows.get('users') ?? []).some((u) => u.role === 'admin')).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GET /api/admin/analytics.csv downloads sessions, hunters and observations', async () => {
    const gm = await signUp(server, 'gamemaster');
    const { db } = server.deps;
    const [species] = await db.select().from(dinosaurSpecies).limit(1);
    const [s] = await db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: '=HYPERLINK("x"), "quoted"', password: 'p', maxPlayers: 10, duration: 30, status: 'active' })
      .returning();
    const [dino] = await db
      .insert(sessionDinosaurs)
      .values({ sessionId: s!.id, speciesId: species!.id, latitude: 1, longitude: 1, health: 100 })
      .returning();
    const hunter = await signUp(server, 'hunter');
    const [player] = await db
      .insert(sessionPlayers)
      .values({ sessionId: s!.id, userId: hunter.user.id, handle: 'csv-hunter', dartsUsed: 2 })
      .returning();
    await db
      .insert(observations)
      .values({ sessionId: s!.id, playerId: player!.id, dinosaurId: dino!.id, speciesId: species!.id, success: true, distanceM: 12.34 });

    const res = await fetch(`${server.url}/api/admin/analytics.csv`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/filename="dinohunt-analytics-.+\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]!.startsWith('record,session_id,session_name,session_status')).toBe(true);
    const sessionLine = lines.find((l) => l.startsWith(`session,${s!.id},`))!;
    expect(sessionLine).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
    expect(sessionLine).toContain(',active,');
    expect(lines.some((l) => l.startsWith(`hunter,${s!.id},`) && l.includes('csv-hunter'))).toBe(true);
    const obs = lines.find((l) => l.startsWith(`observation,${s!.id},`))!;
    expect(obs).toContain(species!.name);
    expect(obs).toContain(',true,12.3');
  });

  it('the analytics hunter rows agree with GET /api/hunter/stats: the same hunter id, reports and photos', async () => {
    const gm = await signUp(server, 'gamemaster');
    const sessionId = await createSession(server, gm.user.id);
    const hunter = await hunterIn(server, sessionId, 'analyst');
    expect((await hunter.post(`/api/game-sessions/${sessionId}/communications`, { message: 'Tracks by the lake', recipientType: 'headquarters' })).status).toBe(200);
    const form = new FormData();
    form.append('media', new Blob([JPEG], { type: 'image/jpeg' }), 'lake.jpg');
    form.append('recipientType', 'all');
    expect((await hunter.request('POST', `/api/game-sessions/${sessionId}/upload-media`, form)).status).toBe(200);
    const stats = (await hunter.get(`/api/hunter/stats?sessionId=${sessionId}`)).body;
    expect(stats).toMatchObject({ hunterId: hunter.user.id, reportsSubmitted: 2, photosTaken: 1 });

    const res = await fetch(`${server.url}/api/admin/analytics.csv`, { headers: { cookie: admin.cookie } });
    const [header, ...lines] = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    const columns = header!.split(',');
    const row = lines.map((l) => l.split(',')).find((cells) => cells[0] === 'hunter' && cells.includes('analyst'))!;
    const cell = (name: string) => row[columns.indexOf(name)];
    expect(cell('hunter_id')).toBe(stats.hunterId);
    expect(cell('reports_submitted')).toBe(String(stats.reportsSubmitted));
    expect(cell('photos_taken')).toBe(String(stats.photosTaken));
  });

  it('csvCell escapes quotes, separators, newlines and formula starts', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });
});

describe('OpenAPI document', () => {
  it('describes the admin paths, plain multipart routes included', async () => {
    const doc = (await new ApiClient(server.url).get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/dinosaur-species']).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/dinosaur-species'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(Object.keys(doc.paths['/dinosaur-species/{id}'])).toEqual(['put']);
    expect(Object.keys(doc.paths['/missions/{id}']).sort()).toEqual(['delete', 'put']);
    for (const p of ['/admin/dinosaur-species/{id}', '/admin/gamemasters', '/admin/users/{id}', '/admin/users/{id}/credits', '/admin/overview', '/admin/backup', '/admin/analytics.csv']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
