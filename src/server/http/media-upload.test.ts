import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES } from '../../domain/rules';
import { sessionPlayers } from '../db/schema';
import { createSession, hunterIn, JPEG, MP4, PNG, type Signed, sleep } from '../testing/comms-kit';
import { ApiClient, signUp, startTestServer, type TestServer } from '../testing/harness';

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
  gm = (await signUp(server, 'gamemaster')) as Signed;
  session = createSession(server, gm.user.id);
  hunter = await hunterIn(server, session, 'Shutter');
  const other = createSession(server, gm.user.id);
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
    const file = await fetch(server.url + res.body.mediaUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(JPEG)).toBe(true);
    const list = (await gm.get(`/api/game-sessions/${session}/communications`)).body as { mediaUrl: string }[];
    expect(list.map((m) => m.mediaUrl)).toContain(res.body.mediaUrl);
    const player = server.deps.db.select().from(sessionPlayers).where(eq(sessionPlayers.userId, hunter.user.id)).get()!;
    expect(player.photosTaken).toBe(1);
  });

  it('accepts an mp4 video, served as video/mp4 with range requests', async () => {
    const res = await gm.request('POST', upload(session), form({ recipientType: 'hunters' }, [MP4, 'clip.mp4']));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mediaType: 'video', recipientType: 'hunters', userId: gm.user.username });
    expect(res.body.mediaUrl).toMatch(/\.mp4$/);
    const part = await fetch(server.url + res.body.mediaUrl, { headers: { range: 'bytes=0-7' } });
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
    const boundary = '----dinohunt51mb';
    const size = MAX_MEDIA_BYTES + 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="recipientType"\r\n\r\nall\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      yield MP4;
      for (let sent = MP4.length; sent < size; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const before = stored().length;
    // Collect garbage before each sample, so the figures are memory held, not litter
    // (the 51 MB pass through in 64 KB chunks that die young).
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return { rss: m.rss, held: m.heapUsed + m.arrayBuffers };
    };
    const baseline = live();
    let peakRss = baseline.rss;
    let peakHeld = baseline.held;
    // RSS every 5 ms (litter included); memory held after a collection every 100 ms.
    const rssSampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 5);
    const sampler = setInterval(() => {
      peakHeld = Math.max(peakHeld, live().held);
    }, 100);
    let status = 0;
    let answer: unknown;
    try {
      const res = await fetch(server.url + upload(session), {
        method: 'POST',
        headers: { cookie: hunter.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: body() as unknown as BodyInit, // undici streams an async iterable
        duplex: 'half',
      } as RequestInit);
      status = res.status;
      answer = await res.json();
    } finally {
      clearInterval(sampler);
      clearInterval(rssSampler);
    }
    expect(status).toBe(413);
    expect(answer).toEqual({ error: 'File too large', message: 'Files must be under 50MB' });
    const MB = 1024 * 1024;
    const after = live();
    // Client and server share this process, so these bound both together; buffering
    // the body would add 51 MB (measured here: RSS +0-1 MB, held +3-12 MB).
    expect((peakHeld - baseline.held) / MB).toBeLessThan(24);
    expect((peakRss - baseline.rss) / MB).toBeLessThan(32);
    expect((after.rss - baseline.rss) / MB).toBeLessThan(32);
    await sleep(50);
    expect(stored().length).toBe(before);
    expect(tmpFiles()).toEqual([]);
    // The server is still fine.
    expect((await hunter.get(`/api/game-sessions/${session}/communications?limit=1`)).status).toBe(200);
  });
});
