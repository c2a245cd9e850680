// Uploaded media follows its message's audience (decision 713): a photo for headquarters only
// to the session's game master (and admins) and its sender; a file for all (or for hunters) to
// the session's members. Everyone else, signed out or outside the session, gets 404 like a file
// that does not exist. `Cache-Control: private, no-cache`; range requests work; catalogue files
// stay public; the retention purge still deletes the file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPS_RETENTION_MS } from '../../domain/rules';
import { gameSessions } from '../db/schema';
import { purgeExpiredPositions } from '../services/positions';
import { createSession, hunterIn, JPEG, MP4, PNG, type Signed } from '../../../test/support/comms-kit';
import { type ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';

let server: TestServer;
let gm: Signed;
let admin: ApiClient;
let sender: Signed;
let teammate: Signed;
let outsider: Signed;
let otherGm: Signed;
let session: number;

function form(recipientType: string, file: [Buffer, string]): FormData {
  const fd = new FormData();
  fd.append('recipientType', recipientType);
  fd.append('media', new Blob([new Uint8Array(file[0])]), file[1]);
  return fd;
}

async function send(client: Signed, recipientType: string, file: [Buffer, string] = [JPEG, 'p.jpg']): Promise<string> {
  const res = await client.request('POST', `/api/game-sessions/${session}/upload-media`, form(recipientType, file));
  expect(res.status).toBe(200);
  return res.body.mediaUrl as string;
}

function download(url: string, client: ApiClient | null, headers: Record<string, string> = {}) {
  return fetch(server.url + url, { headers: { ...headers, ...(client?.cookie ? { cookie: client.cookie } : {}) } });
}

async function statusFor(url: string, client: ApiClient | null): Promise<number> {
  const res = await download(url, client);
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  server = await startTestServer();
  gm = (await subscribedGameMaster(server)) as Signed;
  otherGm = (await subscribedGameMaster(server)) as Signed;
  admin = await signInAdmin(server);
  session = await createSession(server, gm.user.id);
  sender = await hunterIn(server, session, 'Shutter');
  teammate = await hunterIn(server, session, 'Mate');
  const other = await createSession(server, otherGm.user.id);
  outsider = await hunterIn(server, other, 'Outsider');
});
afterAll(() => server.close());

describe('/uploads/media/...', () => {
  it("a photo for headquarters: its sender and the session's game master only", async () => {
    const url = await send(sender, 'headquarters');
    const mine = await download(url, sender);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await mine.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await statusFor(url, gm)).toBe(200);
    expect(await statusFor(url, admin)).toBe(200); // admins see every message of a session, as in the feed

    for (const client of [teammate, outsider, otherGm, null]) {
      const res = await download(url, client);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it("a photo for all: the session's hunters and game master, nobody outside it", async () => {
    const url = await send(sender, 'all');
    for (const client of [sender, teammate, gm]) expect(await statusFor(url, client)).toBe(200);
    for (const client of [outsider, otherGm, null]) expect(await statusFor(url, client)).toBe(404);
  });

  it("the game master's video for hunters: members only, with range requests", async () => {
    const url = await send(gm, 'hunters', [MP4, 'clip.mp4']);
    const part = await download(url, teammate, { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-7\//);
    expect(part.headers.get('cache-control')).toBe('private, no-cache');
    expect((await part.arrayBuffer()).byteLength).toBe(8);
    expect((await download(url, outsider, { range: 'bytes=0-7' })).status).toBe(404);
    expect((await download(url, null, { range: 'bytes=0-7' })).status).toBe(404);
  });

  it('revalidates cheaply: a conditional request answers 304 to a member, 404 to others', async () => {
    const url = await send(sender, 'all');
    const first = await download(url, teammate);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch would add `no-cache` to a hand-made conditional request).
    const revalidate = { 'if-none-match': etag!, 'cache-control': 'max-age=0' };
    expect((await download(url, teammate, revalidate)).status).toBe(304);
    expect((await download(url, outsider, revalidate)).status).toBe(404);
  });

  it('cannot be reached by another spelling of the path, and unknown or message-less files are 404', async () => {
    const url = await send(sender, 'headquarters');
    const name = url.slice('/uploads/media/'.length);
    for (const spelling of [
      `/uploads/%6Dedia/${name}`,
      `/uploads/media/../media/${name}`,
      `/uploads/./media/${name}`,
      `/uploads//media/${name}`,
      `/uploads/missions/../media/${name}`,
    ]) {
      // 404, or send's 403 for a path spelt with an empty segment: never the file.
      expect([403, 404], spelling).toContain(await statusFor(spelling, teammate));
    }
    expect(await statusFor('/uploads/media/00000000-0000-4000-8000-000000000000.jpg', gm)).toBe(404);
  });

  it('a signed-out or ended sign-in is refused even with the link', async () => {
    const url = await send(sender, 'all');
    const leaver = await signUp(server, 'hunter');
    expect(await statusFor(url, leaver)).toBe(404);
    const guestCookie = teammate.cookie;
    expect(await statusFor(url, teammate)).toBe(200);
    await teammate.post('/api/auth/logout', {});
    expect(await statusFor(url, { cookie: guestCookie } as ApiClient)).toBe(404);
  });

  it('catalogue files stay public (mission covers)', async () => {
    const fd = new FormData();
    fd.append('name', 'Public cover');
    fd.append('maxPlayers', '10');
    fd.append('coverPhoto', new Blob([new Uint8Array(PNG)]), 'cover.png');
    const created = await admin.request('POST', '/api/missions', fd);
    expect(created.status).toBe(201);
    const cover = await download(created.body.coverPhotoUrl, null);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('cache-control')).not.toContain('private');
  });

  it('the retention purge still deletes the file, which then answers 404 to everyone', async () => {
    const url = await send(sender, 'all');
    expect(await statusFor(url, gm)).toBe(200);
    await server.deps.db.update(gameSessions).set({ status: 'completed', endTime: Date.now() }).where(eq(gameSessions.id, session));
    const purged = await purgeExpiredPositions(server.deps, Date.now() + GPS_RETENTION_MS + 1000);
    expect(purged.mediaFiles).toBeGreaterThan(0);
    expect(await statusFor(url, gm)).toBe(404);
  });
});
