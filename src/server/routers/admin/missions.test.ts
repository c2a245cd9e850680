import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../domain/rules';
import { gameSessions } from '../../db/schema';
import { ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { form, GLB, GPS_LATITUDE_BYTES, JPEG, MP4, PNG, withGpsExif } from '../../../../test/support/sample-files';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const fileOf = (url: string) => path.join(server.dir, 'uploads', url.replace(/^\/uploads\//, ''));

describe('POST /api/missions', () => {
  it('creates a mission with cover photo, briefing video and objectives', async () => {
    const res = await admin.post(
      '/api/missions',
      form(
        {
          name: 'Operation Cretaceous',
          description: 'Find the herd',
          difficulty: 'medium',
          duration: '45',
          maxPlayers: '15',
          objectives: ['Locate the Triceratops', 'Observe from 50 m'],
        },
        { coverPhoto: [PNG, 'cover.png'], briefingVideo: [MP4, 'brief.mp4'] },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Operation Cretaceous',
      description: 'Find the herd',
      difficulty: 'medium',
      duration: 45,
      maxPlayers: 15,
      objectives: ['Locate the Triceratops', 'Observe from 50 m'],
    });
    expect(res.body.coverPhotoUrl).toMatch(/^\/uploads\/missions\/.+\.png$/);
    expect(res.body.briefingVideoUrl).toMatch(/^\/uploads\/missions\/.+\.mp4$/);
    expect(res.body).toMatchObject({ coverPhotoFileName: 'cover.png', briefingVideoFileName: 'brief.mp4' });
    expect(fs.existsSync(fileOf(res.body.coverPhotoUrl))).toBe(true);
    const video = await fetch(server.url + res.body.briefingVideoUrl, { headers: { range: 'bytes=0-7' } });
    expect(video.status).toBe(206);
  });

  it('defaults maxPlayers to 20 and objectives to an empty list; accepts jpeg covers', async () => {
    const res = await admin.post('/api/missions', form({ name: 'Minimal' }, { coverPhoto: [JPEG, 'c.jpeg'] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ maxPlayers: 20, objectives: [], difficulty: null, duration: null, briefingVideoUrl: null });
    expect(res.body.coverPhotoUrl).toMatch(/\.jpg$/);
  });

  it('stores a jpeg cover without its EXIF GPS', async () => {
    const res = await admin.post('/api/missions', form({ name: 'Geotagged' }, { coverPhoto: [withGpsExif(JPEG), 'c.jpg'] }));
    expect(res.status).toBe(201);
    const bytes = fs.readFileSync(fileOf(res.body.coverPhotoUrl));
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.includes(GPS_LATITUDE_BYTES)).toBe(false);
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it.each([
    ['a JSON array string', '["One", "Two"]'],
    ['newline-separated text', 'One\n\nTwo\n'],
  ])('reads objectives from %s', async (_label, objectives) => {
    const res = await admin.post('/api/missions', form({ name: 'Obj', objectives }));
    expect(res.body.objectives).toEqual(['One', 'Two']);
  });

  it('accepts a JSON body', async () => {
    const res = await admin.post('/api/missions', { name: 'Json', maxPlayers: 10, objectives: ['a'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ maxPlayers: 10, objectives: ['a'] });
  });

  it.each([
    [{}, 'name', 'Name is required'],
    [{ name: 'X', maxPlayers: 'many' }, 'maxPlayers', 'Max players must be a whole number between 1 and 100'],
    [{ name: 'X', maxPlayers: '0' }, 'maxPlayers', 'Max players must be a whole number between 1 and 100'],
    [{ name: 'X', difficulty: 'nightmare' }, 'difficulty', 'Difficulty must be one of easy, medium, hard'],
    [{ name: 'X', duration: '-1' }, 'duration', 'Duration must be a whole number of minutes between 1 and 1440'],
  ])('refuses %j (%s: "%s")', async (fields, field, message) => {
    const res = await admin.post('/api/missions', form(fields as Record<string, string>, { coverPhoto: [PNG, 'c.png'] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.data.fieldErrors[field]).toBe(message);
  });

  it('refuses a video that is not mp4 and a cover that is not jpeg/png, storing nothing', async () => {
    const dir = path.join(server.dir, 'uploads', 'missions');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const video = await admin.post('/api/missions', form({ name: 'V' }, { coverPhoto: [PNG, 'c.png'], briefingVideo: [PNG, 'v.mp4'] }));
    expect(video.status).toBe(400);
    expect(video.body).toEqual({ error: 'Invalid file type', message: "The briefing video's content is not an MP4 video" });
    const cover = await admin.post('/api/missions', form({ name: 'C' }, { coverPhoto: [GLB, 'c.jpg'] }));
    expect(cover.status).toBe(400);
    expect(cover.body).toEqual({ error: 'Invalid file type', message: "The cover photo's content is not a JPEG or PNG image" });
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(before);
  });

  it('refuses a cover photo over MAX_IMAGE_BYTES with 413', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG.copy(big);
    const res = await admin.post('/api/missions', form({ name: 'Big' }, { coverPhoto: [big, 'big.png'] }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File too large');
  });
});

describe('GET /api/missions', () => {
  it('lists missions for any signed-in user, 401 signed out', async () => {
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.get('/api/missions');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'briefingVideoFileName',
        'briefingVideoUrl',
        'coverPhotoFileName',
        'coverPhotoUrl',
        'description', 'difficulty', 'duration', 'id', 'maxPlayers', 'name', 'objectives'].sort(),
    );
    expect((await new ApiClient(server.url).get('/api/missions')).status).toBe(401);
  });
});

describe('PUT /api/missions/{id}', () => {
  it('updates sent fields and replaces the cover photo', async () => {
    const created = await admin.post('/api/missions', form({ name: 'Old', difficulty: 'easy' }, { coverPhoto: [PNG, 'c.png'] }));
    const res = await admin.put(
      `/api/missions/${created.body.id}`,
      form({ name: 'New', objectives: 'A\nB' }, { coverPhoto: [JPEG, 'c.jpg'] }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', difficulty: 'easy', objectives: ['A', 'B'] });
    expect(res.body.coverPhotoUrl).toMatch(/\.jpg$/);
    expect(res.body).toMatchObject({ coverPhotoFileName: 'c.jpg', briefingVideoFileName: null });
    expect(fs.existsSync(fileOf(created.body.coverPhotoUrl))).toBe(false);
  });

  it('clears description, difficulty, duration and objectives sent blank', async () => {
    const created = await admin.post('/api/missions', { name: 'Full', description: 'd', difficulty: 'hard', duration: 30, objectives: ['x'] });
    const res = await admin.put(`/api/missions/${created.body.id}`, form({ description: '', difficulty: '', duration: '', objectives: '', maxPlayers: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Full', description: null, difficulty: null, duration: null, objectives: [], maxPlayers: 20 });
  });

  it.each([
    ['no body', undefined],
    ['an empty JSON object', {}],
    ['only unknown multipart fields', form({ foo: 'bar' })],
  ])('answers 200 with the unchanged mission when sent %s', async (_label, body) => {
    const created = await admin.post(
      '/api/missions',
      form({ name: 'Untouched', difficulty: 'hard', duration: '30', objectives: ['x'] }, { coverPhoto: [PNG, 'c.png'] }),
    );
    const res = await admin.put(`/api/missions/${created.body.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    expect(fs.existsSync(fileOf(created.body.coverPhotoUrl))).toBe(true);
  });

  it('answers 404 for an unknown mission and 403 to a game master', async () => {
    expect((await admin.put('/api/missions/99999', form({ name: 'x' }))).status).toBe(404);
    const gm = await signUp(server, 'gamemaster');
    expect((await gm.put('/api/missions/1', form({ name: 'x' }))).status).toBe(403);
    expect((await gm.post('/api/missions', form({ name: 'x' }))).status).toBe(403);
    expect((await new ApiClient(server.url).post('/api/missions', form({ name: 'x' }))).status).toBe(401);
  });
});

describe('DELETE /api/missions/{id}', () => {
  it('answers JSON, removes its files and unties sessions', async () => {
    const created = await admin.post('/api/missions', form({ name: 'Gone' }, { coverPhoto: [PNG, 'c.png'] }));
    const gm = await signUp(server, 'gamemaster');
    const [session] = await server.deps.db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: 'tied', password: 'p', maxPlayers: 10, duration: 30, missionId: created.body.id })
      .returning();
    const res = await admin.delete(`/api/missions/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ success: true, id: created.body.id });
    expect(fs.existsSync(fileOf(created.body.coverPhotoUrl))).toBe(false);
    const [row] = await server.deps.db.select().from(gameSessions).where(eq(gameSessions.id, session!.id)).limit(1);
    expect(row?.missionId).toBeNull();
    expect((await admin.delete(`/api/missions/${created.body.id}`)).status).toBe(404);
  });

  it('keeps a media file that a session still shows', async () => {
    const created = await admin.post('/api/missions', form({ name: 'Shared' }, { briefingVideo: [MP4, 'v.mp4'] }));
    const gm = await signUp(server, 'gamemaster');
    await server.deps.db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: 'copy', password: 'p', maxPlayers: 10, duration: 30, briefingVideoUrl: created.body.briefingVideoUrl });
    expect((await admin.delete(`/api/missions/${created.body.id}`)).status).toBe(200);
    expect(fs.existsSync(fileOf(created.body.briefingVideoUrl))).toBe(true);
  });

  it('answers 403 to non-admins over REST and tRPC', async () => {
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.delete('/api/missions/1')).status).toBe(403);
    const { trpc, close } = hunter.trpc();
    await expect(trpc.admin.missionDelete.mutate({ id: 1 })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    close();
  });
});
