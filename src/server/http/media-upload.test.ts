import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../../domain/rules';
import { sessionPlayers } from '../db/schema';
import { createSession, hunterIn, JPEG, MP4, PNG, type Signed, sleep } from '../../../test/support/comms-kit';
import { GPS_LATITUDE_BYTES, MP4_LOCATION, mp4WithLocation, withGpsExif } from '../../../test/support/sample-files';
import { ApiClient, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let server: TestServer;
let gm: Signed;
let hunter: Signed;
let stranger: Signed;
let session: number;
const upload = (id: number) => `/api/game-sessions/${id}/upload-media`;

function form(fields: Record<string, string>, file?: [Buffer, string, string?]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('media', new Blob([new Uint8Array(file[0])], { type: file[2] ?? '' }), file[1]);
  return fd;
}
const mediaDir = () => path.join(server.dir, 'uploads', 'media');
const stored = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()) : []);
const tmpFiles = () => {
  const dir = path.join(server.dir, 'uploads', '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
  hunter = await hunterIn(server, session, 'Shutter');
  const other = await createSession(server, gm.user.id);
  stranger = await hunterIn(server, other, 'Stranger');
});
afterAll(() => server.close());

describe('POST /api/game-sessions/{id}/upload-media', () => {
  it('stores a jpeg under a server-made name, serves it as image/jpeg and posts a media message', async () => {
    const res = await hunter.request('POST', upload(session), form({ message: 'Look!', recipientType: 'all' }, [JPEG, '../../evil name.jpg']));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: 'Shutter',
      message: 'Look!',
      messageType: 'media',
      mediaType: 'image',
      recipientType: 'all',
    });
    expect(res.body.mediaUrl).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.jpg$/);
    const file = await fetch(server.url + res.body.mediaUrl, { headers: { cookie: hunter.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // Photos are re-encoded (metadata stripped): the same picture, not the same bytes.
    const served = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    const list = (await gm.get(`/api/game-sessions/${session}/communications`)).body as { mediaUrl: string }[];
    expect(list.map((m) => m.mediaUrl)).toContain(res.body.mediaUrl);
    const [player] = await server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, hunter.user.id)).limit(1);
    expect(player!.photosTaken).toBe(1);
  });

  it('strips EXIF (GPS, camera) from a photo: the served file has none and still decodes', async () => {
    const withGps = withGpsExif(JPEG);
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await hunter.request('POST', upload(session), form({ message: 'From home' }, [withGps, 'home.jpg']));
    expect(res.status).toBe(200);
    const file = await fetch(server.url + res.body.mediaUrl, { headers: { cookie: hunter.cookie } });
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(bytes.includes(GPS_LATITUDE_BYTES)).toBe(false);
    expect(bytes.includes(Buffer.from('Hunter1', 'latin1'))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 8, height: 6 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const pixels = await sharp(bytes).raw().toBuffer();
    expect(pixels.length).toBe(8 * 6 * 3);
  });

  it('blanks where a video was shot (Android ©xyz, iPhone QuickTime keys, track user data), keeping its size and media', async () => {
    const video = mp4WithLocation();
    const res = await hunter.request('POST', upload(session), form({ message: 'Clip' }, [video, 'clip.mp4']));
    expect(res.status).toBe(200);
    const file = await fetch(server.url + res.body.mediaUrl, { headers: { cookie: hunter.cookie } });
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    // The metadata boxes became zero-filled 'free' boxes: sizes, offsets and media are untouched.
    expect(bytes.length).toBe(video.length);
    expect(bytes.subarray(0, 24)).toEqual(video.subarray(0, 24));
    expect(bytes.subarray(-264)).toEqual(video.subarray(-264));
    expect(bytes.includes(Buffer.from(MP4_LOCATION, 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('com.apple.quicktime.location', 'latin1'))).toBe(false);
    for (const type of ['udta', 'meta', '\u00a9xyz']) expect(bytes.includes(Buffer.from(type, 'latin1'))).toBe(false);
    expect(bytes.includes(Buffer.from('mvhd', 'latin1'))).toBe(true);
  });

  it('refuses a file that starts like a jpeg but does not decode, storing nothing', async () => {
    const before = stored().length;
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]);
    const res = await hunter.request('POST', upload(session), form({}, [fake, 'broken.jpg']));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Invalid file type' });
    expect(stored().length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts an mp4 video, served as video/mp4 with range requests', async () => {
    const res = await gm.request('POST', upload(session), form({ recipientType: 'hunters' }, [MP4, 'clip.mp4']));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mediaType: 'video', recipientType: 'hunters', userId: gm.user.username });
    expect(res.body.mediaUrl).toMatch(/\.mp4$/);
    const part = await fetch(server.url + res.body.mediaUrl, { headers: { range: "bytes=0-7", cookie: gm.cookie } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
  });

  it.each([
    ['a png renamed .jpg', PNG, 'photo.jpg', 'image/jpeg'],
    ['a text file named .mp4', Buffer.from('hello, not a video'), 'movie.mp4', 'video/mp4'],
    ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
  ])('refuses %s by its content', async (_what, bytes, name, type) => {
    const before = stored().length;
    const res = await hunter.request('POST', upload(session), form({ recipientType: 'all' }, [bytes, name, type]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid file type', message: 'Only .jpg photos and .mp4 videos are allowed' });
    expect(stored().length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it("answers 'No file selected' without a file", async () => {
    const none = await hunter.request('POST', upload(session), form({ message: 'no file', recipientType: 'all' }));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: 'No file selected' });
    const emptyInput = new FormData();
    emptyInput.append('media', new Blob([]), '');
    expect((await hunter.request('POST', upload(session), emptyInput)).body.error).toBe('No file selected');
    const json = await hunter.post(upload(session), { message: 'json' });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('No file selected');
  });

  it('applies the recipient rules of the role and removes a refused file', async () => {
    const before = stored().length;
    const hunterToHunters = await hunter.request('POST', upload(session), form({ recipientType: 'hunters' }, [JPEG, 'a.jpg']));
    expect(hunterToHunters.status).toBe(403);
    const hunterLate = new FormData();
    hunterLate.append('media', new Blob([new Uint8Array(JPEG)]), 'a.jpg');
    hunterLate.append('recipientType', 'hunters'); // after the file: checked once the body is read
    expect((await hunter.request('POST', upload(session), hunterLate)).status).toBe(403);
    const gmToHq = await gm.request('POST', upload(session), form({ recipientType: 'headquarters' }, [JPEG, 'a.jpg']));
    expect(gmToHq.status).toBe(403);
    expect((await hunter.request('POST', upload(session), form({ recipientType: 'everyone' }, [JPEG, 'a.jpg']))).status).toBe(400);
    expect(stored().length).toBe(before);
  });

  it('refuses outsiders and signed-out callers before reading the file', async () => {
    const out = await stranger.request('POST', upload(session), form({}, [JPEG, 'a.jpg']));
    expect(out.status).toBe(403);
    expect(out.body.error).toBe('You are not part of this session');
    expect((await new ApiClient(server.url).request('POST', upload(session), form({}, [JPEG, 'a.jpg']))).status).toBe(401);
    expect((await hunter.request('POST', upload(424242), form({}, [JPEG, 'a.jpg']))).status).toBe(404);
  });

  it('refuses a 51 MB upload while streaming, without the server buffering it', async () => {
    const size = MAX_MEDIA_BYTES + 1024 * 1024;
    const before = stored().length;
    const MB = 1024 * 1024;
    // Memory held (heap + buffers) after a full collection, so litter does not count:
    // the 51 MB pass through in 64 KB chunks.
    const held = async () => {
      gc();
      await sleep(50);
      gc();
      const m = process.memoryUsage();
      return { rss: m.rss, held: m.heapUsed + m.arrayBuffers };
    };
    const baseline = await held();
    let peakRss = baseline.rss;
    const rssSampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    // What the server holds during the upload: a full collection, then heap + buffers.
    let peakHeld = baseline.held;
    const heldSampler = setInterval(() => {
      gc();
      const m = process.memoryUsage();
      peakHeld = Math.max(peakHeld, m.heapUsed + m.arrayBuffers);
    }, 100);
    let result: { status?: number; body?: string; error?: string };
    try {
      // The client runs in a child process, so this process's memory is the server's alone.
      result = await streamFromChild(`${server.url}${upload(session)}`, hunter.cookie, size);
    } finally {
      clearInterval(rssSampler);
      clearInterval(heldSampler);
    }
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body!)).toEqual({ error: 'File too large', message: 'Files must be under 50MB' });
    const after = await held();
    // Buffering the body would add 51 MB (measured: peak held +3-10 MB, peak RSS +5-10 MB,
    // held afterwards +0.5 MB, alone or under the full suite's load).
    expect((peakHeld - baseline.held) / MB).toBeLessThan(24);
    expect((after.held - baseline.held) / MB).toBeLessThan(16);
    expect((peakRss - baseline.rss) / MB).toBeLessThan(40);
    await sleep(50);
    expect(stored().length).toBe(before);
    expect(tmpFiles()).toEqual([]);
    // The server is still fine.
    expect((await hunter.get(`/api/game-sessions/${session}/communications?limit=1`)).status).toBe(200);
  });
});

/**
 * Streams a multipart body of `size` bytes (an mp4 header, then filler) from a child
 * process, chunk by chunk from a generator, honouring backpressure; answers the status
 * and body the server sent.
 */
function streamFromChild(url: string, cookie: string, size: number): Promise<{ status?: number; body?: string; error?: string }> {
  const script = `
    const http = require('node:http');
    const { url, cookie, size, mp4 } = JSON.parse(process.env.UPLOAD_JOB);
    const boundary = '----dinohunt51mb';
    function* parts() {
      yield Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="recipientType"\\r\\n\\r\\nall\\r\\n' +
        '--' + boundary + '\\r\\nContent-Disposition: form-data; name="media"; filename="huge.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
      const head = Buffer.from(mp4, 'base64');
      yield head;
      const chunk = Buffer.alloc(64 * 1024, 7);
      for (let sent = head.length; sent < size; sent += chunk.length) yield chunk;
      yield Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
    }
    let done = false;
    const finish = (o) => { if (!done) { done = true; process.stdout.write(JSON.stringify(o)); process.exit(0); } };
    const req = http.request(url, { method: 'POST', headers: { cookie, 'content-type': 'multipart/form-data; boundary=' + boundary } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => finish({ status: res.statusCode, body }));
    });
    req.on('error', (e) => setTimeout(() => finish({ error: String(e) }), 200));
    (async () => {
      for (const part of parts()) {
        if (done || req.destroyed) return;
        if (!req.write(part)) await new Promise((r) => { req.once('drain', r); req.once('close', r); });
      }
      req.end();
    })();
  `;
  return new Promise((resolve, reject) => {
    const job = JSON.stringify({ url, cookie, size, mp4: MP4.toString('base64') });
    const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, UPLOAD_JOB: job } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`upload child said: ${out}`));
      }
    });
  });
}
