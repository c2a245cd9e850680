// Uploads in S3-compatible storage (issue #28, done-when 9; decision 893): with STORAGE_URL, a file
// uploaded through one app process is served by another (a second app on the same database, with a
// local disk of its own), with the same headers, access rule, ranges and conditional requests as on
// local disk, and deletions (purge, species, refused uploads) remove the object. s3rver plays S3.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPS_RETENTION_MS } from '../../domain/rules';
import { loadConfig } from '../config';
import { createDeps } from '../deps';
import { gameSessions } from '../db/schema';
import { purgeExpiredPositions } from '../services/positions';
import { createSession, hunterIn, type Signed } from '../../../test/support/comms-kit';
import { ApiClient, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { startS3Double, type S3Double } from '../../../test/support/s3-double';
import { GLB, JPEG, MP4, withGpsExif } from '../../../test/support/sample-files';
import { openS3FileStore } from './s3-file-store';
import { parseStorageUrl } from './storage-url';

let s3: S3Double;
let a: TestServer;
let b: TestServer;
let local: TestServer;
let gm: Signed;
let hunter: Signed;
let teammate: Signed;
let outsider: Signed;
let adminA: ApiClient;
let session: number;
const savedEnv = { ...process.env };

function mediaForm(recipientType: string, file: [Buffer, string]): FormData {
  const fd = new FormData();
  fd.append('recipientType', recipientType);
  fd.append('media', new Blob([new Uint8Array(file[0])]), file[1]);
  return fd;
}

async function sendThroughA(client: Signed, recipientType: string, file: [Buffer, string]): Promise<string> {
  const res = await client.request('POST', `/api/game-sessions/${session}/upload-media`, mediaForm(recipientType, file));
  expect(res.status).toBe(200);
  return res.body.mediaUrl as string;
}

function fromB(url: string, client: ApiClient | null, init: { method?: string; headers?: Record<string, string> } = {}) {
  const headers = { ...init.headers, ...(client?.cookie ? { cookie: client.cookie } : {}) };
  return fetch(b.url + url, { method: init.method ?? 'GET', headers });
}

async function statusFromB(url: string, client: ApiClient | null): Promise<number> {
  const res = await fromB(url, client);
  await res.arrayBuffer();
  return res.status;
}

/** Files on a server's own disk, outside its temp folder (none with S3). */
function localFiles(server: TestServer): string[] {
  const root = server.deps.config.UPLOADS_DIR;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
  );
}

beforeAll(async () => {
  s3 = await startS3Double();
  Object.assign(process.env, s3.env);
  const env = { STORAGE_URL: s3.storageUrl };
  a = await startTestServer(env, { keepDir: true });
  // B: the same database, a local disk of its own; only the bucket is shared.
  b = await startTestServer({ ...env, UPLOADS_DIR: path.join(a.dir, 'uploads-b') }, { dir: a.dir });
  local = await startTestServer();
  gm = (await subscribedGameMaster(a)) as Signed;
  session = await createSession(a, gm.user.id);
  hunter = await hunterIn(a, session, 'Shutter');
  teammate = await hunterIn(a, session, 'Mate');
  const otherGm = (await subscribedGameMaster(a)) as Signed;
  outsider = await hunterIn(a, await createSession(a, otherGm.user.id), 'Outsider');
  adminA = await signInAdmin(a);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await local?.close();
  await s3?.close();
  process.env = savedEnv;
});

describe('STORAGE_URL=s3://...', () => {
  it('seeds the catalogue models into the bucket and serves them, and their USDZ, through either process', async () => {
    expect(a.deps.files.kind).toBe('s3');
    const species = (await adminA.get('/api/dinosaur-species')).body as { modelUrl: string; usdzUrl: string | null }[];
    const seeded = species.find((s) => s.usdzUrl)!;
    expect(seeded).toBeTruthy();
    for (const url of [seeded.modelUrl, seeded.usdzUrl!]) {
      const res = await fromB(url, null);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // Nothing on either process's own disk: the bucket holds it all.
    expect(localFiles(a)).toEqual([]);
    expect(localFiles(b)).toEqual([]);
  });

  it('a photo uploaded through A is served through B, stripped, with the headers of the local disk', async () => {
    const url = await sendThroughA(hunter, 'all', [withGpsExif(JPEG), 'gps.jpg']);
    const res = await fromB(url, teammate);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false); // re-encoded locally before it was put
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(localFiles(a)).toEqual([]);
  });

  it('keeps the access rule on B: a file for headquarters to its sender and the game master only', async () => {
    const url = await sendThroughA(hunter, 'headquarters', [JPEG, 'hq.jpg']);
    expect(await statusFromB(url, hunter)).toBe(200);
    expect(await statusFromB(url, gm)).toBe(200);
    for (const client of [teammate, outsider, null]) {
      const res = await fromB(url, client);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
    const name = url.slice('/uploads/media/'.length);
    for (const spelling of [`/uploads/%6Dedia/${name}`, `/uploads//media/${name}`, `/uploads/media%2F..%2Fmedia%2F${name}`]) {
      expect([403, 404], spelling).toContain(await statusFromB(spelling, teammate));
    }
    expect(await statusFromB('/uploads/media/00000000-0000-4000-8000-000000000000.jpg', gm)).toBe(404);
    expect(await statusFromB('/uploads/models/no-such-model.glb', null)).toBe(404);
  });

  it('a video uploaded through A plays through B: ranges, HEAD, 416 and conditional requests', async () => {
    const url = await sendThroughA(gm, 'hunters', [MP4, 'clip.mp4']);
    const whole = await fromB(url, teammate);
    const all = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(all.length).toBe(MP4.length);

    const part = await fromB(url, teammate, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${all.length}`);
    expect(part.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(all.subarray(4, 12));

    const tail = await fromB(url, teammate, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(all.subarray(all.length - 10));
    const open = await fromB(url, teammate, { headers: { range: `bytes=${all.length - 3}-` } });
    expect(Buffer.from(await open.arrayBuffer())).toEqual(all.subarray(all.length - 3));

    const beyond = await fromB(url, teammate, { headers: { range: `bytes=${all.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${all.length}`);
    await beyond.arrayBuffer();

    const head = await fromB(url, teammate, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(all.length);

    const etag = whole.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await fromB(url, teammate, { headers: revalidate })).status).toBe(304);
    expect((await fromB(url, outsider, { headers: revalidate })).status).toBe(404);
    expect((await fromB(url, null, { headers: { range: 'bytes=0-7' } })).status).toBe(404);
  });

  it('a model uploaded through A is served through B (public), and deleting the species removes the object', async () => {
    const fd = new FormData();
    fd.append('name', 'Bucketosaurus');
    fd.append('modelFile', new Blob([new Uint8Array(GLB)]), 'bucket.glb');
    const created = await adminA.request('POST', '/api/dinosaur-species', fd);
    expect(created.status).toBe(201);
    expect(created.body.usdzUrl).toBeNull();
    const res = await fromB(created.body.modelUrl, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('model/gltf-binary');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0');
    expect(Buffer.from(await res.arrayBuffer()).equals(GLB)).toBe(true);

    const adminB = await signInAdmin(b);
    expect((await adminB.delete(`/api/admin/dinosaur-species/${created.body.id}`)).status).toBe(200);
    expect(await a.deps.files.exists(created.body.modelPath)).toBe(false);
    expect(await statusFromB(created.body.modelUrl, null)).toBe(404);
  });

  it('a refused model (no scene) is checked in the bucket and removed from it', async () => {
    const fd = new FormData();
    fd.append('name', 'Emptyosaurus');
    fd.append('modelFile', new Blob([Buffer.from(JSON.stringify({ asset: { version: '2.0' } }))]), 'empty.gltf');
    const refused = await adminA.request('POST', '/api/dinosaur-species', fd);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A glTF or GLB model must contain at least one scene and one mesh');
    const keys = fs.readdirSync(s3.dir, { recursive: true }) as string[];
    expect(keys.filter((k) => k.endsWith('.gltf') || k.endsWith('.gltf._S3rver_object'))).toEqual([]);
  });

  it('serves a catalogue file with the same headers as the local disk does', async () => {
    const model = 'models/model-test/triceratops.glb';
    const [fromLocal, fromBucket] = await Promise.all([fetch(`${local.url}/uploads/${model}`), fromB(`/uploads/${model}`, null)]);
    for (const name of ['content-type', 'cache-control', 'accept-ranges', 'x-content-type-options', 'content-security-policy', 'content-length']) {
      expect(fromBucket.headers.get(name), name).toBe(fromLocal.headers.get(name));
    }
    const size = Number(fromLocal.headers.get('content-length'));
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(Buffer.from(await fromLocal.arrayBuffer()))).toBe(true);
    // The same answers to ranges, HEAD and revalidation (each with its own validator).
    const variants: { method?: string; headers?: Record<string, string> }[] = [
      { headers: { range: 'bytes=0-9' } },
      { headers: { range: `bytes=${size - 5}-` } },
      { headers: { range: `bytes=${size}-` } },
      { headers: { range: 'bytes=0-1,4-5' } },
      { headers: { range: 'items=0-1' } },
      { method: 'HEAD' },
      { headers: { 'if-none-match': 'etag', 'cache-control': 'max-age=0' } },
      { headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString(), 'cache-control': 'max-age=0' } },
    ];
    for (const variant of variants) {
      const etags = [fromLocal.headers.get('etag')!, fromBucket.headers.get('etag')!];
      const answers = await Promise.all(
        [`${local.url}/uploads/${model}`, `${b.url}/uploads/${model}`].map(async (url, i) => {
          const headers = { ...variant.headers };
          if (headers['if-none-match']) headers['if-none-match'] = etags[i]!;
          const res = await fetch(url, { method: variant.method ?? 'GET', headers });
          const body = Buffer.from(await res.arrayBuffer());
          return { status: res.status, range: res.headers.get('content-range'), length: res.headers.get('content-length'), bytes: body.length };
        }),
      );
      // A 416 names the file's size (RFC 9110), which @fastify/static's error answer leaves out.
      if (answers[1]!.status === 416) expect(answers[1]!.range).toBe(`bytes */${size}`);
      expect({ ...answers[1], range: answers[1]!.status === 416 ? null : answers[1]!.range }, JSON.stringify(variant)).toEqual(answers[0]);
    }
  });

  it('the retention purge (run by B) removes the media objects, which then answer 404 through A and B', async () => {
    const photo = await sendThroughA(hunter, 'all', [JPEG, 'p.jpg']);
    const video = await sendThroughA(gm, 'all', [MP4, 'v.mp4']);
    expect(await statusFromB(photo, gm)).toBe(200);
    await a.deps.db.update(gameSessions).set({ status: 'completed', endTime: Date.now() }).where(eq(gameSessions.id, session));
    const purged = await purgeExpiredPositions(b.deps, Date.now() + GPS_RETENTION_MS + 1000);
    expect(purged.mediaFiles).toBeGreaterThanOrEqual(2);
    for (const url of [photo, video]) {
      expect(await b.deps.files.exists(url.slice('/uploads/'.length))).toBe(false);
      expect(await statusFromB(url, gm)).toBe(404);
      const viaA = await fetch(a.url + url, { headers: { cookie: gm.cookie } });
      expect(viaA.status).toBe(404);
    }
    const left = (fs.readdirSync(s3.dir, { recursive: true }) as string[]).filter((k) => k.includes('media'));
    expect(left.filter((k) => /[0-9a-f-]{36}\.(jpg|mp4)/.test(k))).toEqual([]);
  });
});

describe('account deletion', () => {
  it("deleting a game master (through B) removes their sessions' media objects", async () => {
    const owner = (await subscribedGameMaster(a)) as Signed;
    const theirs = await createSession(a, owner.user.id);
    const sender = await hunterIn(a, theirs, 'Gone');
    const sent = await sender.request('POST', `/api/game-sessions/${theirs}/upload-media`, mediaForm('all', [MP4, 'gone.mp4']));
    expect(sent.status).toBe(200);
    const key = (sent.body.mediaUrl as string).slice('/uploads/'.length);
    expect(await b.deps.files.exists(key)).toBe(true);
    const adminB = await signInAdmin(b);
    expect((await adminB.delete(`/api/admin/users/${owner.user.id}`)).status).toBe(200);
    expect(await a.deps.files.exists(key)).toBe(false);
  });
});

describe('a key prefix', () => {
  it('keeps every key under it, so installations can share a bucket', async () => {
    const at = (url: string) => {
      const parsed = parseStorageUrl(url);
      if (typeof parsed === 'string') throw new Error(parsed);
      return openS3FileStore(parsed, b.deps.files.tempDir);
    };
    const tenant = await at(`s3://${s3.bucket}/tenant-a?endpoint=${encodeURIComponent(s3.endpoint)}`);
    const whole = await at(`s3://${s3.bucket}?endpoint=${encodeURIComponent(s3.endpoint)}`);
    try {
      const source = path.join(a.dir, 'prefix-source.jpg');
      fs.writeFileSync(source, JPEG);
      await tenant.putCopy('media/prefixed.jpg', source);
      expect(await whole.exists('tenant-a/media/prefixed.jpg')).toBe(true);
      expect(await whole.exists('media/prefixed.jpg')).toBe(false);
      expect((await tenant.stat('media/prefixed.jpg'))?.size).toBe(JPEG.length);
      await tenant.remove('media/prefixed.jpg');
      expect(await whole.exists('tenant-a/media/prefixed.jpg')).toBe(false);
      await expect(tenant.putCopy('../escape.jpg', source)).rejects.toThrow(/Not a storage key/);
    } finally {
      tenant.close();
      whole.close();
    }
  });
});

describe('the bucket unreachable while running', () => {
  it('answers 503 with a retry hint to downloads and uploads, and leaves nothing behind', async () => {
    // A session of its own (the one above has ended and been purged).
    const live = await createSession(a, gm.user.id);
    const sender = await hunterIn(a, live, 'Later');
    const sent = await sender.request('POST', `/api/game-sessions/${live}/upload-media`, mediaForm('all', [JPEG, 'later.jpg']));
    expect(sent.status).toBe(200);
    const url = sent.body.mediaUrl as string;
    const working = b.deps.files;
    const location = parseStorageUrl(`s3://${s3.bucket}?endpoint=http://127.0.0.1:1`);
    if (typeof location === 'string') throw new Error(location);
    b.deps.files = await openS3FileStore(location, working.tempDir);
    try {
      const down = await fromB(url, sender);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(down.headers.get('etag')).toBeNull();
      expect(await down.json()).toEqual({ error: 'File storage is unavailable. Please try again in a moment.' });
      const up = await new ApiClient(b.url).request('POST', `/api/game-sessions/${live}/upload-media`, mediaForm('all', [JPEG, 'x.jpg']), {
        headers: { cookie: sender.cookie },
      });
      expect(up.status).toBe(503);
      expect(up.body).toEqual({ error: 'File storage is unavailable. Please try again in a moment.' });
    } finally {
      b.deps.files.close();
      b.deps.files = working;
    }
    expect(fs.readdirSync(working.tempDir)).toEqual([]);
    expect(await statusFromB(url, sender)).toBe(200);
  });
});

describe('STORAGE_URL is checked at start', () => {
  it('refuses a malformed URL with a readable message', () => {
    const bad = (STORAGE_URL: string) => () => loadConfig({ STORAGE_URL });
    expect(bad('http://bucket')).toThrow(/STORAGE_URL: must start with s3:\/\//);
    expect(bad('s3://ab?endpoint=http://x')).toThrow(/bucket "ab" is not a valid S3 bucket name/);
    expect(bad('s3://dinohunt?endpoint=ftp://x')).toThrow(/endpoint "ftp:\/\/x" must be an http\(s\) URL/);
    expect(bad('s3://dinohunt?bucket=x')).toThrow(/unknown parameter "bucket"/);
    expect(bad('s3://key:secret@dinohunt')).toThrow(/must not carry credentials/);
    expect(bad('s3://dinohunt?forcePathStyle=yes')).toThrow(/forcePathStyle must be true or false/);
    expect(loadConfig({ STORAGE_URL: '' }).STORAGE_URL).toBeUndefined();
  });

  it('parses bucket, prefix, endpoint, region and path style', () => {
    expect(parseStorageUrl('s3://media.example-1/dino/hunt?endpoint=http://127.0.0.1:9000/&region=eu-west-3')).toEqual({
      bucket: 'media.example-1',
      prefix: 'dino/hunt/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://dinohunt')).toEqual({ bucket: 'dinohunt', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_PATH: path.join(a.dir, 'never.sqlite'),
      UPLOADS_DIR: path.join(a.dir, 'uploads-c'),
      STORAGE_URL: `s3://no-such-bucket?endpoint=${encodeURIComponent(s3.endpoint)}`,
    });
    await expect(createDeps(config, { info() {}, warn() {}, error() {} })).rejects.toThrow(
      /STORAGE_URL: s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+ cannot be used: the bucket does not exist/,
    );
  });
});
