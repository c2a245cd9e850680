import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MODEL_BYTES, MODEL_TEST_MODELS } from '../../../domain/rules';
import { dinosaurSpecies, gameSessions, sessionDinosaurs } from '../../db/schema';
import { seed } from '../../seed';
import { installSeedUsdz, SEED_MODELS_DIR, seedSpecies } from '../../seed-species';
import { SPECIES_CATALOGUE } from '../../seed/species-catalogue';
import { type ApiClient, signInAdmin, signUp, startTestServer, type TestServer } from '../../../../test/support/harness';
import { form, GLB, GLTF, GLTF_EXTERNAL, GLTF_NO_MESH, GLTF_NO_SCENE, glb, OBJ, PNG } from '../../../../test/support/sample-files';
const MODEL_TEST_FILES = MODEL_TEST_MODELS.map((m) => m.path);

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

const uploads = () => path.join(server.dir, 'uploads');
const fileOf = (modelUrl: string) => path.join(uploads(), modelUrl.replace(/^\/uploads\//, ''));

describe('seeded catalogue', () => {
  it('starts with every catalogue species, each with its glb copied into UPLOADS_DIR/models', async () => {
    const hunter = await signUp(server, 'hunter');
    const res = await hunter.get('/api/dinosaur-species');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(8);
    for (const seedEntry of SPECIES_CATALOGUE) {
      const s = res.body.find((x: { name: string }) => x.name === seedEntry.name);
      expect(s).toMatchObject({
        scientificName: seedEntry.scientificName,
        rarity: seedEntry.rarity,
        dietType: seedEntry.dietType,
        locomotionType: seedEntry.locomotionType,
        health: seedEntry.health,
        captureRate: seedEntry.captureRate,
        modelPath: `models/${seedEntry.modelFile}`,
        modelUrl: `/uploads/models/${seedEntry.modelFile}`,
        modelFileName: seedEntry.modelFile,
      });
      const served = await fetch(server.url + s.modelUrl);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('glTF');
      // The AR Quick Look copy, made by the model generator, installed beside the glb.
      const usdzFile = seedEntry.modelFile.replace(/\.glb$/, '.usdz');
      expect(s.usdzUrl).toBe(`/uploads/models/${usdzFile}`);
      const usdz = await fetch(server.url + s.usdzUrl);
      expect(usdz.status).toBe(200);
      expect(usdz.headers.get('content-type')).toBe('model/vnd.usdz+zip');
      const bytes = Buffer.from(await usdz.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      expect(bytes.equals(fs.readFileSync(path.join(SEED_MODELS_DIR, usdzFile)))).toBe(true);
    }
  });

  it('puts a missing USDZ back beside a seed glb at start (installs older than the USDZ files), never over one', async () => {
    const first = SPECIES_CATALOGUE[0]!;
    const usdzPath = path.join(uploads(), 'models', first.modelFile.replace(/\.glb$/, '.usdz'));
    fs.rmSync(usdzPath);
    const hunter = await signUp(server, 'hunter');
    const without = (await hunter.get('/api/dinosaur-species')).body.find((x: { name: string }) => x.name === first.name);
    expect(without.usdzUrl).toBeNull();
    expect(await installSeedUsdz(server.deps)).toBe(1);
    expect(await installSeedUsdz(server.deps)).toBe(0);
    const back = (await hunter.get('/api/dinosaur-species')).body.find((x: { name: string }) => x.name === first.name);
    expect(back.usdzUrl).toBe(`/uploads/models/${path.basename(usdzPath)}`);
  });

  it('gives Stegosaurus stenops its own size, not that of the largest Stegosaurus specimens (about 9 m)', () => {
    const stegosaurus = SPECIES_CATALOGUE.find((s) => s.scientificName === 'Stegosaurus stenops')!;
    const metres = Number.parseFloat(stegosaurus.length);
    expect(metres).toBeGreaterThanOrEqual(6.5);
    expect(metres).toBeLessThanOrEqual(7);
    expect(stegosaurus.description).toContain('6.5–7 m');
  });

  it('is idempotent: a second seed adds nothing, and an emptied table is not refilled while species exist', async () => {
    const before = (await server.deps.db.select().from(dinosaurSpecies)).length;
    expect(await seedSpecies(server.deps)).toBe(0);
    expect((await server.deps.db.select().from(dinosaurSpecies)).length).toBe(before);
  });
});

describe('GET /api/dinosaur-species', () => {
  it('answers 401 to the signed-out', async () => {
    const res = await new (admin.constructor as typeof ApiClient)(server.url).get('/api/dinosaur-species');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
  });

  it('is readable by game masters and over tRPC', async () => {
    const gm = await signUp(server, 'gamemaster');
    expect((await gm.get('/api/dinosaur-species')).status).toBe(200);
    const { trpc, close } = gm.trpc();
    const list = await trpc.admin.speciesList.query();
    close();
    expect(list[0]).toHaveProperty('modelUrl');
  });
});

describe('POST /api/dinosaur-species', () => {
  it('creates a species with a glb model, stored under UPLOADS_DIR/models', async () => {
    const res = await admin.post(
      '/api/dinosaur-species',
      form(
        {
          name: 'Allosaurus',
          scientificName: 'Allosaurus fragilis',
          description: 'Late Jurassic predator',
          rarity: 'rare',
          dietType: 'carnivore',
          locomotionType: 'bipedal',
          length: '8.5 m',
          weight: '2,300 kg',
          health: '180',
          captureRate: '0.3',
        },
        { modelFile: [GLB, 'allo.glb'] },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Allosaurus',
      scientificName: 'Allosaurus fragilis',
      rarity: 'rare',
      dietType: 'carnivore',
      locomotionType: 'bipedal',
      length: '8.5 m',
      weight: '2,300 kg',
      health: 180,
      captureRate: 0.3,
    });
    expect(res.body.modelUrl).toMatch(/^\/uploads\/models\/[0-9a-f-]+\.glb$/);
    expect(res.body.modelFileName).toBe('allo.glb');
    expect(res.body.usdzUrl).toBeNull(); // an uploaded model has no AR Quick Look copy
    expect(res.body.modelPath).toBe(res.body.modelUrl.replace('/uploads/', ''));
    expect(fs.readFileSync(fileOf(res.body.modelUrl)).equals(GLB)).toBe(true);
    const served = await fetch(server.url + res.body.modelUrl);
    expect(served.headers.get('content-type')).toMatch(/model\/gltf-binary|octet-stream/);
  });

  it('applies the defaults: health 100, captureRate 0.5, no model', async () => {
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Compsognathus' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ health: 100, captureRate: 0.5, modelUrl: null, modelPath: null, modelFileName: null, rarity: null });
  });

  it('accepts JSON bodies too (no model)', async () => {
    const res = await admin.post('/api/dinosaur-species', { name: 'Iguanodon', health: 150, captureRate: 0.6 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Iguanodon', health: 150, captureRate: 0.6 });
  });

  it('accepts self-contained gltf and obj models, checked by content', async () => {
    const gltf = await admin.post('/api/dinosaur-species', form({ name: 'Gltf one' }, { modelFile: [GLTF, 'x.gltf'] }));
    expect(gltf.status).toBe(201);
    expect(gltf.body.modelUrl).toMatch(/\.gltf$/);
    const obj = await admin.post('/api/dinosaur-species', form({ name: 'Obj one' }, { modelFile: [OBJ, 'x.obj'] }));
    expect(obj.status).toBe(201);
    expect(obj.body.modelUrl).toMatch(/\.obj$/);
  });

  it.each([
    ['a PNG renamed .glb', PNG, 'dino.glb'],
    ['a text file named .gltf', Buffer.from('hello world'), 'dino.gltf'],
    ['an empty file', Buffer.alloc(0), 'dino.glb'],
  ])('refuses %s with 400 and stores nothing', async (_label, bytes, name) => {
    const before = fs.readdirSync(path.join(uploads(), 'models')).length;
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Fake' }, { modelFile: [bytes, name] }));
    expect(res.status).toBe(400);
    // The name is fine; the content is what failed, and the message says so.
    expect(res.body).toEqual({ error: 'Invalid model file', message: "The file's content is not a valid GLB, glTF, FBX or OBJ model" });
    expect(fs.readdirSync(path.join(uploads(), 'models')).length).toBe(before);
    const names = (await admin.get('/api/dinosaur-species')).body.map((s: { name: string }) => s.name);
    expect(names).not.toContain('Fake');
  });

  it('refuses a gltf that refers to side files', async () => {
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Ext' }, { modelFile: [GLTF_EXTERNAL, 'x.gltf'] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid model file');
  });

  it.each([
    ['a glTF without a scene', GLTF_NO_SCENE, 'x.gltf'],
    ['a glTF with a scene but no mesh', GLTF_NO_MESH, 'x.gltf'],
    ['a glTF whose default scene does not exist', Buffer.from(JSON.stringify({ ...JSON.parse(GLTF.toString()), scene: 3 })), 'x.gltf'],
    ['a GLB without a scene', glb({ asset: { version: '2.0' } }), 'x.glb'],
    ['a GLB with a scene but no mesh', glb(JSON.parse(GLTF_NO_MESH.toString())), 'x.glb'],
  ])('refuses %s with 400 Invalid model file and stores nothing', async (_label, bytes, name) => {
    const before = fs.readdirSync(path.join(uploads(), 'models')).length;
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Empty model' }, { modelFile: [bytes, name] }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid model file', message: 'A glTF or GLB model must contain at least one scene and one mesh' });
    expect(fs.readdirSync(path.join(uploads(), 'models')).length).toBe(before);
    const created = await admin.post('/api/dinosaur-species', form({ name: 'Keeps its model' }, { modelFile: [GLB, 'k.glb'] }));
    const put = await admin.put(`/api/dinosaur-species/${created.body.id}`, form({}, { modelFile: [bytes, name] }));
    expect(put.status).toBe(400);
    expect(put.body.error).toBe('Invalid model file');
    const list = (await admin.get('/api/dinosaur-species')).body as { id: number; modelUrl: string }[];
    expect(list.find((s) => s.id === created.body.id)?.modelUrl).toBe(created.body.modelUrl);
    expect(fs.existsSync(fileOf(created.body.modelUrl))).toBe(true);
  });

  it('accepts a GLB whose JSON chunk has a scene and a mesh', async () => {
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Tiny glb' }, { modelFile: [glb(JSON.parse(GLTF.toString())), 't.glb'] }));
    expect(res.status).toBe(201);
    expect(res.body.modelUrl).toMatch(/\.glb$/);
  });

  it('refuses a model over MAX_MODEL_BYTES with 413', async () => {
    const big = Buffer.alloc(MAX_MODEL_BYTES + 1024);
    GLB.copy(big);
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Huge' }, { modelFile: [big, 'huge.glb'] }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File too large');
    expect(fs.readdirSync(path.join(uploads(), '.tmp'))).toEqual([]);
  });

  it.each([
    [{ captureRate: '0.5' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'X', health: 'lots' }, 'health', 'Health must be a number'],
    [{ name: 'X', health: '-5' }, 'health', 'Health must be a whole number between 1 and 10000'],
    [{ name: 'X', captureRate: 'high' }, 'captureRate', 'Capture rate must be a number'],
    [{ name: 'X', captureRate: '1.5' }, 'captureRate', 'Capture rate must be between 0 and 1'],
    [{ name: 'X', rarity: 'mythic' }, 'rarity', 'Rarity must be one of common, uncommon, rare, epic, legendary'],
    [{ name: 'X', dietType: 'insects' }, 'dietType', 'Diet must be one of carnivore, herbivore, omnivore'],
    [{ name: 'X', locomotionType: 'flying' }, 'locomotionType', 'Locomotion must be one of bipedal, quadrupedal'],
  ])('refuses %j: %s "%s", and removes an uploaded model', async (fields, field, message) => {
    const before = fs.readdirSync(path.join(uploads(), 'models')).length;
    const res = await admin.post('/api/dinosaur-species', form(fields, { modelFile: [GLB, 'a.glb'] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.data.fieldErrors[field]).toBe(message);
    expect(fs.readdirSync(path.join(uploads(), 'models')).length).toBe(before);
  });

  it.each([
    ['a Windows path', 'C:\\Users\\ellie\\T-rex final.glb', 'T-rex final.glb'],
    ['a Unix path with ..', '../../etc/rex.glb', 'rex.glb'],
    ['control characters', 'rex\u0007\u001b.glb', 'rex.glb'],
    ['a very long name (the extension kept)', `${'a'.repeat(300)}.glb`, `${'a'.repeat(195)}….glb`],
  ])('keeps the uploaded file name for display, made safe: %s', async (_label, name, shown) => {
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Named' }, { modelFile: [GLB, name] }));
    expect(res.status).toBe(201);
    expect(res.body.modelFileName).toBe(shown);
    expect(res.body.modelFileName.length).toBeLessThanOrEqual(200);
    expect(res.body.modelPath).toMatch(/^models\/[0-9a-f-]+\.glb$/);
  });

  it('accepts epic and upper-case enum values', async () => {
    const res = await admin.post('/api/dinosaur-species', form({ name: 'Epic', rarity: 'EPIC', dietType: 'Omnivore' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rarity: 'epic', dietType: 'omnivore' });
  });

  it('answers 401 signed out and 403 to game masters and hunters, storing nothing', async () => {
    const before = fs.readdirSync(path.join(uploads(), 'models')).length;
    const anon = new (admin.constructor as typeof ApiClient)(server.url);
    const anonRes = await anon.post('/api/dinosaur-species', form({ name: 'Nope' }, { modelFile: [GLB, 'a.glb'] }));
    expect(anonRes.status).toBe(401);
    expect(anonRes.body.error).toBe('Unauthorized');
    for (const role of ['gamemaster', 'hunter'] as const) {
      const user = await signUp(server, role);
      const res = await user.post('/api/dinosaur-species', form({ name: 'Nope' }, { modelFile: [GLB, 'a.glb'] }));
      expect(res.status).toBe(403);
      const put = await user.put('/api/dinosaur-species/1', form({ name: 'Nope' }));
      expect(put.status).toBe(403);
    }
    expect(fs.readdirSync(path.join(uploads(), 'models')).length).toBe(before);
  });
});

describe('PUT /api/dinosaur-species/{id}', () => {
  it('updates the fields sent, keeps the others, and replaces the model file', async () => {
    const created = await admin.post(
      '/api/dinosaur-species',
      form({ name: 'Dilophosaurus', rarity: 'uncommon', health: '120' }, { modelFile: [GLB, 'd.glb'] }),
    );
    const oldFile = fileOf(created.body.modelUrl);
    const res = await admin.put(
      `/api/dinosaur-species/${created.body.id}`,
      form({ name: 'Dilophosaurus wetherilli', captureRate: '0.7' }, { modelFile: [OBJ, 'd.obj'] }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, name: 'Dilophosaurus wetherilli', rarity: 'uncommon', health: 120, captureRate: 0.7 });
    expect(res.body.modelUrl).toMatch(/\.obj$/);
    expect(res.body.modelFileName).toBe('d.obj');
    expect(fs.existsSync(oldFile)).toBe(false);
    expect(fs.existsSync(fileOf(res.body.modelUrl))).toBe(true);
  });

  it('keeps the model when no file is sent (an empty file input counts as none)', async () => {
    const created = await admin.post('/api/dinosaur-species', form({ name: 'Keep' }, { modelFile: [GLB, 'k.glb'] }));
    const res = await admin.put(`/api/dinosaur-species/${created.body.id}`, form({ name: 'Kept' }, { modelFile: [Buffer.alloc(0), ''] }));
    expect(res.status).toBe(200);
    expect(res.body.modelUrl).toBe(created.body.modelUrl);
    expect(res.body.modelFileName).toBe('k.glb');
  });

  it.each([
    ['no body', () => undefined],
    ['an empty JSON object', () => ({})],
    ['only unknown multipart fields', () => form({ foo: 'bar' })],
    ['only an empty file input', () => form({}, { modelFile: [Buffer.alloc(0), ''] })],
  ])('answers 200 with the unchanged species when sent %s', async (_label, body) => {
    const created = await admin.post(
      '/api/dinosaur-species',
      form({ name: 'Unchanged', rarity: 'rare', health: '130' }, { modelFile: [GLB, 'u.glb'] }),
    );
    const res = await admin.put(`/api/dinosaur-species/${created.body.id}`, body());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created.body);
    expect(fs.existsSync(fileOf(created.body.modelUrl))).toBe(true);
  });

  it('refuses an out-of-range capture rate or health with the field message, never clamping', async () => {
    const created = await admin.post('/api/dinosaur-species', { name: 'No clamp', health: 150, captureRate: 0.2 });
    for (const [fields, field, message] of [
      [{ captureRate: '1.5' }, 'captureRate', 'Capture rate must be between 0 and 1'],
      [{ captureRate: '-0.1' }, 'captureRate', 'Capture rate must be between 0 and 1'],
      [{ health: '0' }, 'health', 'Health must be a whole number between 1 and 10000'],
      [{ health: '20000' }, 'health', 'Health must be a whole number between 1 and 10000'],
    ] as const) {
      const res = await admin.put(`/api/dinosaur-species/${created.body.id}`, form(fields));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.data.fieldErrors[field]).toBe(message);
    }
    const list = (await admin.get('/api/dinosaur-species')).body as { id: number; health: number; captureRate: number }[];
    expect(list.find((s) => s.id === created.body.id)).toMatchObject({ health: 150, captureRate: 0.2 });
  });

  it('clears optional fields sent blank, keeps name, health and captureRate sent blank', async () => {
    const created = await admin.post('/api/dinosaur-species', { name: 'Clear me', rarity: 'rare', length: '3 m', health: 150, captureRate: 0.2 });
    const res = await admin.put(
      `/api/dinosaur-species/${created.body.id}`,
      form({ name: '', rarity: '', length: '', health: '', captureRate: '' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Clear me', rarity: null, length: null, health: 150, captureRate: 0.2 });
  });

  it('answers 404 for an unknown species and removes the uploaded file', async () => {
    const before = fs.readdirSync(path.join(uploads(), 'models')).length;
    const res = await admin.put('/api/dinosaur-species/999999', form({ name: 'Ghost' }, { modelFile: [GLB, 'g.glb'] }));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Species not found');
    expect(fs.readdirSync(path.join(uploads(), 'models')).length).toBe(before);
  });

  it('answers 400 for an invalid id and for a blank name', async () => {
    expect((await admin.put('/api/dinosaur-species/abc', form({ name: 'x' }))).status).toBe(400);
    const res = await admin.put('/api/dinosaur-species/1', { health: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Health must be a number');
  });
});

describe('DELETE /api/admin/dinosaur-species/{id}', () => {
  async function sessionWith(speciesId: number, status: 'active' | 'paused' | 'preparing' | 'completed') {
    const gm = await signUp(server, 'gamemaster');
    const { db } = server.deps;
    const [s] = await db
      .insert(gameSessions)
      .values({ ownerId: gm.user.id, name: `S${Math.random()}`, password: 'pw', maxPlayers: 10, duration: 60, status })
      .returning();
    await db.insert(sessionDinosaurs).values({ sessionId: s!.id, speciesId, latitude: 1, longitude: 2, health: 100 });
    return s!.id;
  }

  it('deletes the species and its model file', async () => {
    const created = await admin.post('/api/dinosaur-species', form({ name: 'Doomed' }, { modelFile: [GLB, 'x.glb'] }));
    const res = await admin.delete(`/api/admin/dinosaur-species/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: created.body.id });
    expect(fs.existsSync(fileOf(created.body.modelUrl))).toBe(false);
    expect((await admin.delete(`/api/admin/dinosaur-species/${created.body.id}`)).status).toBe(404);
  });

  it.each(['active', 'paused', 'preparing'] as const)('refuses with 409 while a %s session has it deployed', async (status) => {
    const created = await admin.post('/api/dinosaur-species', form({ name: 'Busy' }));
    await sessionWith(created.body.id, status);
    const res = await admin.delete(`/api/admin/dinosaur-species/${created.body.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Species is in use by a live session');
  });

  it('removes its deployed dinosaurs in ended sessions', async () => {
    const created = await admin.post('/api/dinosaur-species', form({ name: 'Fossil' }));
    const sessionId = await sessionWith(created.body.id, 'completed');
    const res = await admin.delete(`/api/admin/dinosaur-species/${created.body.id}`);
    expect(res.status).toBe(200);
    expect(await server.deps.db.select().from(sessionDinosaurs).where(eq(sessionDinosaurs.sessionId, sessionId))).toEqual([]);
  });

  it('answers 403 to a game master over REST and tRPC, and 401 signed out', async () => {
    const gm = await signUp(server, 'gamemaster');
    expect((await gm.delete('/api/admin/dinosaur-species/1')).status).toBe(403);
    const { trpc, close } = gm.trpc();
    await expect(trpc.admin.speciesDelete.mutate({ id: 1 })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    close();
    const anon = new (admin.constructor as typeof ApiClient)(server.url);
    expect((await anon.delete('/api/admin/dinosaur-species/1')).status).toBe(401);
  });
});

describe('/model-test models', () => {
  const served = async (relativePath: string) => {
    const res = await fetch(`${server.url}/uploads/${relativePath}`);
    return { status: res.status, magic: Buffer.from(await res.arrayBuffer()).subarray(0, 4).toString('latin1') };
  };
  const seeded = async (name: string) =>
    (await server.deps.db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.name, name)).limit(1))[0]!;

  it('survive replacing the seeded T. rex model and deleting the seeded Triceratops', async () => {
    for (const file of MODEL_TEST_FILES) expect(await served(file)).toEqual({ status: 200, magic: 'glTF' });
    const rex = await seeded('Tyrannosaurus rex');
    const put = await admin.put(`/api/dinosaur-species/${rex.id}`, form({}, { modelFile: [OBJ, 'rex.obj'] }));
    expect(put.status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), rex.modelPath!))).toBe(false);
    const triceratops = await seeded('Triceratops');
    expect((await admin.delete(`/api/admin/dinosaur-species/${triceratops.id}`)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), triceratops.modelPath!))).toBe(false);
    for (const file of MODEL_TEST_FILES) expect(await served(file)).toEqual({ status: 200, magic: 'glTF' });
  });

  it('are restored by the start-up seed when missing, and never overwritten', async () => {
    const [rexFile, triceratopsFile] = MODEL_TEST_FILES.map((f) => path.join(uploads(), f));
    fs.rmSync(triceratopsFile!);
    fs.writeFileSync(rexFile!, GLB);
    await seed(server.deps);
    expect(await served(MODEL_TEST_FILES[1]!)).toEqual({ status: 200, magic: 'glTF' });
    expect(fs.readFileSync(triceratopsFile!).equals(fs.readFileSync(path.join(SEED_MODELS_DIR, 'triceratops.glb')))).toBe(true);
    expect(fs.readFileSync(rexFile!).equals(GLB)).toBe(true);
  });
});
