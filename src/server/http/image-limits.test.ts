// Photo decoding is bounded (decision 712): more than MAX_IMAGE_INPUT_PIXELS is refused from
// the header, before any pixel is decoded ('File too large', 413); stored photos are scaled to
// fit MAX_STORED_IMAGE_SIDE_PX; at most MAX_CONCURRENT_IMAGE_DECODES decode at once.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_IMAGE_SIDE_PX } from '../../domain/rules';
import { MAX_CONCURRENT_IMAGE_DECODES, MAX_IMAGE_INPUT_PIXELS } from '../storage/limits';
import { imageDecodes, IMAGE_TOO_LARGE_MESSAGE } from '../storage/uploads';
import { createSession, hunterIn, type Signed, sleep } from '../../../test/support/comms-kit';
import { type ApiClient, signInAdmin, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

let server: TestServer;
let hunter: Signed;
let admin: ApiClient;
let session: number;
/** The attack's picture: 8000 x 8000 (64 megapixels) of one colour, about 370 KB as a JPEG. */
let huge: Buffer;
/** A real camera's photo, larger than the stored maximum: 5000 x 3000 of noise (about 3 MB). */
let wide: Buffer;
/** A PNG "bomb": 10000 x 6000 of one colour, a few hundred KB. */
let bomb: Buffer;

const upload = `/api/game-sessions/`;
function form(bytes: Buffer, name: string, field = 'media'): FormData {
  const fd = new FormData();
  fd.append('recipientType', 'all');
  fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  return fd;
}
const mediaDir = () => path.join(server.dir, 'uploads', 'media');
const stored = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0);

beforeAll(async () => {
  server = await startTestServer();
  const gm = (await subscribedGameMaster(server)) as Signed;
  session = await createSession(server, gm.user.id);
  hunter = await hunterIn(server, session, 'Lens');
  admin = await signInAdmin(server);
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } });
  huge = await solid(8000, 8000).jpeg({ quality: 50 }).toBuffer();
  bomb = await solid(10_000, 6000).png({ compressionLevel: 9 }).toBuffer();
  wide = await sharp({ create: { width: 5000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}, 60_000);
afterAll(() => server.close());

describe('photo uploads', () => {
  it('refuses the 8000 x 8000 picture as too large, without decoding it (memory stays flat)', async () => {
    expect(huge.length).toBeLessThan(MB);
    expect(8000 * 8000).toBeGreaterThan(MAX_IMAGE_INPUT_PIXELS);
    const before = stored();
    gc();
    await sleep(50);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let res: Awaited<ReturnType<ApiClient['request']>>;
    try {
      res = await hunter.request('POST', `${upload}${session}/upload-media`, form(huge, 'huge.jpg'));
    } finally {
      clearInterval(sampler);
    }
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', message: IMAGE_TOO_LARGE_MESSAGE });
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('Photos must be at most 50 megapixels (for example 8000 x 6000)');
    // Decoding it took +390 MB before (issue 24); the goal is under 150 MB.
    expect((peak - baseline) / MB).toBeLessThan(150);
    expect(stored()).toBe(before);
  });

  it('refuses a PNG bomb the same way', async () => {
    expect(bomb.length).toBeLessThan(MB);
    const res = await admin.request('POST', '/api/missions', (() => {
      const fd = form(bomb, 'cover.png', 'coverPhoto');
      fd.append('name', 'Bomb');
      fd.append('maxPlayers', '10');
      return fd;
    })());
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large', message: IMAGE_TOO_LARGE_MESSAGE });
  });

  it('stores a large camera photo scaled down to fit 4096 px on its long side', async () => {
    const res = await hunter.request('POST', `${upload}${session}/upload-media`, form(wide, 'camera.jpg'));
    expect(res.status).toBe(200);
    const file = await fetch(server.url + res.body.mediaUrl, { headers: { cookie: hunter.cookie } });
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MAX_STORED_IMAGE_SIDE_PX, height: Math.round((3000 * 4096) / 5000) });
  });

  it(`decodes at most ${MAX_CONCURRENT_IMAGE_DECODES} photos at a time; the others wait and are stored`, async () => {
    let most = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      const { active, waiting } = imageDecodes.load;
      most = Math.max(most, active);
      queued = Math.max(queued, waiting);
    }, 2);
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => hunter.request('POST', `${upload}${session}/upload-media`, form(wide, `burst${i}.jpg`))),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(MAX_CONCURRENT_IMAGE_DECODES);
    expect(queued).toBeGreaterThan(0);
    expect(imageDecodes.load).toEqual({ active: 0, waiting: 0 });
  });
});
