// Issue #48: the disk under SQLite and the uploads fills. On a small filesystem of its own (tmpfs,
// mounted by this test: it needs root, as CI runs) holding the database and UPLOADS_DIR, a filler
// file takes the last byte. Then: every write (a message over REST and tRPC, a position, a photo
// upload) answers 507 with the message, never a 500; reads keep answering; nothing half-written is
// left (no upload temp file, PRAGMA integrity_check ok). Once the filler is deleted, the same writes
// succeed again without a restart.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../errors';
import { createSession, hunterIn, JPEG, type Signed } from '../../../test/support/comms-kit';
import { startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { rawAll, rawRun } from './raw';
import { runningDialect } from './running-dialect';

const FILESYSTEM_SIZE = '24m';

/** Why this cannot run here, or undefined: it mounts a filesystem (root) and fills SQLite's disk. */
function unavailable(): string | undefined {
  if (runningDialect() !== 'sqlite') return 'runs on SQLite (DATABASE_URL names PostgreSQL)';
  if (process.getuid?.() !== 0) return 'needs root to mount a small tmpfs (CI runs as root)';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount is not allowed here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  } finally {
    fs.rmdirSync(probe);
  }
}

const skip = unavailable();
if (skip) console.warn(`disk-full.faults: skipped: ${skip}`);

let mountDir: string;
let server: TestServer;
let gm: Signed;
let hunter: Signed;
let session: number;

const filler = () => path.join(mountDir, 'filler');

/** Takes every free byte of the filesystem (a file written until ENOSPC). */
function fillDisk(): void {
  const fd = fs.openSync(filler(), 'a');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  }
  // The last, partial page too.
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(512, 1));
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

function photo(message: string): FormData {
  const fd = new FormData();
  fd.append('message', message);
  fd.append('recipientType', 'all');
  fd.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'shot.jpg');
  return fd;
}

describe.skipIf(skip !== undefined)('the disk under SQLite and the uploads fills', () => {
  beforeAll(async () => {
    mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${FILESYSTEM_SIZE}`, 'tmpfs', mountDir]);
    // keepDir: the server leaves the mount point for afterAll to unmount.
    server = await startTestServer({}, { dir: mountDir, keepDir: true });
    gm = (await subscribedGameMaster(server)) as Signed;
    session = await createSession(server, gm.user.id);
    hunter = await hunterIn(server, session, 'Filler');
  });
  afterAll(async () => {
    await server?.close();
    if (mountDir) {
      execFileSync('umount', ['-l', mountDir]);
      fs.rmdirSync(mountDir);
    }
  });

  it('writes answer 507 with a message, reads keep working, and writes succeed once space returns', async () => {
    const messages = `/api/game-sessions/${session}/communications`;
    const before = await hunter.post(messages, { message: 'Before the disk filled', recipientType: 'all' });
    expect(before.status).toBe(200);
    // Every page written so far moved into the database file: the next write must grow the WAL.
    await rawRun(server.deps.db, sql.raw('PRAGMA wal_checkpoint(TRUNCATE)'));
    fillDisk();
    expect(fs.statfsSync(mountDir).bavail).toBe(0);

    // Writes: 507 with the message at every door, never a 500.
    const rest = await hunter.post(messages, { message: 'Disk is full', recipientType: 'all' });
    expect({ status: rest.status, error: rest.body.error }).toEqual({ status: 507, error: STORAGE_FULL_MESSAGE });
    const trpc = await hunter.post('/trpc/comms.send', { json: { id: session, message: 'Disk is full', recipientType: 'all' } });
    expect({ status: trpc.status, message: trpc.body.error.json.message, httpStatus: trpc.body.error.json.data.httpStatus }).toEqual({
      status: 507,
      message: STORAGE_FULL_MESSAGE,
      httpStatus: 507,
    });
    const position = await hunter.post(`/api/game-sessions/${session}/location`, { lat: 48.8584, lng: 2.2945, accuracy: 5 });
    expect({ status: position.status, error: position.body.error }).toEqual({ status: 507, error: STORAGE_FULL_MESSAGE });
    const upload = await hunter.request('POST', `/api/game-sessions/${session}/upload-media`, photo('A photo on a full disk'));
    expect({ status: upload.status, error: upload.body.error }).toEqual({ status: 507, error: STORAGE_FULL_MESSAGE });
    // The refused upload left no temp file behind.
    expect(fs.readdirSync(path.join(mountDir, 'uploads', '.tmp'))).toEqual([]);

    // Reads keep answering.
    const read = await hunter.get(messages);
    expect(read.status).toBe(200);
    expect(read.body.map((m: { message: string }) => m.message)).toContain('Before the disk filled');
    expect((await hunter.get('/api/auth/user')).status).toBe(200);

    // Space returns: the same writes succeed, without a restart.
    fs.rmSync(filler());
    const after = await hunter.post(messages, { message: 'Space is back', recipientType: 'all' });
    expect(after.status).toBe(200);
    expect((await hunter.post(`/api/game-sessions/${session}/location`, { lat: 48.8585, lng: 2.2945, accuracy: 5 })).status).toBe(200);
    const uploaded = await hunter.request('POST', `/api/game-sessions/${session}/upload-media`, photo('A photo with space'));
    expect(uploaded.status).toBe(200);
    expect(fs.existsSync(path.join(mountDir, 'uploads', uploaded.body.mediaUrl.slice('/uploads/'.length)))).toBe(true);
    const texts = (await hunter.get(messages)).body.map((m: { message: string }) => m.message);
    expect(texts).toEqual(expect.arrayContaining(['Before the disk filled', 'Space is back', 'A photo with space']));
    expect(texts).not.toContain('Disk is full');

    // The database is intact.
    expect(await rawAll(server.deps.db, sql.raw('PRAGMA integrity_check'))).toEqual([{ integrity_check: 'ok' }]);
  });
});
