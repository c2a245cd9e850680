// Issue #28, proof (9): with STORAGE_URL naming an S3-compatible bucket (s3rver, started here), a
// photo uploaded through process A is served through process B (same bytes, same headers and
// access rules), though each process has a local uploads folder of its own; and the retention
// purge removes it from the bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPS_RETENTION_MS } from '../../domain/rules';
import type { Db } from '../db/client';
import { gameSessions, messages } from '../db/schema';
import { eventually, guestJoin, liveSession, signInAdmin, subscribedGameMaster } from '../../../test/support/cluster-clients';
import { openClusterDb } from '../../../test/support/cluster-db';
import { type Cluster, startCluster } from '../../../test/support/cluster-harness';
import { startS3Double, type S3Double } from '../../../test/support/s3-double';
import { JPEG } from '../../../test/support/sample-files';

let cluster: Cluster;
let db: Db;
let closeDb: () => Promise<void>;
let bucket: S3Double;
let s3: S3Client;
const localDirs: string[] = [];

beforeAll(async () => {
  bucket = await startS3Double('dinohunt-cluster');
  s3 = new S3Client({
    endpoint: bucket.endpoint,
    region: bucket.env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.env.AWS_ACCESS_KEY_ID, secretAccessKey: bucket.env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  cluster = await startCluster({
    processes: 2,
    together: true,
    proxy: false,
    env: { STORAGE_URL: bucket.storageUrl, ...bucket.env },
    // Each process its own local folder: only the bucket can carry a file from one to the other.
    envOf: (i) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dinohunt-cluster-uploads-${i}-`));
      localDirs.push(dir);
      return { UPLOADS_DIR: dir };
    },
  });
  ({ db, close: closeDb } = await openClusterDb(cluster.databaseUrl));
});
afterAll(async () => {
  await closeDb?.();
  await cluster?.stop();
  s3?.destroy();
  await bucket?.close();
  for (const dir of localDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/** Every file under a folder, relative (what a process wrote to its own disk). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('uploads in shared object storage', () => {
  it('(9) a photo uploaded through A is served through B, and the purge removes it from the bucket', async () => {
    const admin = await signInAdmin(cluster.urlOf(0));
    const gm = await subscribedGameMaster(cluster.urlOf(0), admin);
    const session = await liveSession(gm);
    const hunter = await guestJoin(cluster.urlOf(0), session.id, session.password, 'Shutter');
    const form = new FormData();
    form.append('message', 'Look!');
    form.append('recipientType', 'all');
    form.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'raptor.jpg');
    const uploaded = await hunter.request('POST', `/api/game-sessions/${session.id}/upload-media`, form);
    expect(uploaded.status).toBe(200);
    const mediaUrl = uploaded.body.mediaUrl as string;
    expect(mediaUrl).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.jpg$/);
    const name = path.basename(mediaUrl);

    // In the bucket, on neither process's disk.
    expect((await objectKeys()).some((key) => key.endsWith(name))).toBe(true);
    expect(localDirs.flatMap(filesUnder).filter((file) => file.endsWith(name))).toEqual([]);

    // Served through B as through A: same status, type, bytes, and the same refusal without a sign-in.
    const cookie = hunter.cookies();
    const [fromA, fromB] = await Promise.all([0, 1].map((p) => fetch(cluster.urlOf(p) + mediaUrl, { headers: { cookie } })));
    expect(fromB!.status).toBe(200);
    expect(fromB!.headers.get('content-type')).toBe(fromA!.headers.get('content-type'));
    expect(fromB!.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(fromB!.headers.get('cache-control')).toBe(fromA!.headers.get('cache-control'));
    const [bytesA, bytesB] = await Promise.all([fromA!.arrayBuffer(), fromB!.arrayBuffer()]);
    expect(Buffer.from(bytesB).length).toBeGreaterThan(0);
    expect(Buffer.from(bytesB).equals(Buffer.from(bytesA))).toBe(true);
    const [anonymousA, anonymousB] = await Promise.all([0, 1].map((p) => fetch(cluster.urlOf(p) + mediaUrl)));
    expect(anonymousA!.status).toBeGreaterThanOrEqual(400);
    expect(anonymousB!.status).toBe(anonymousA!.status);

    // The session ends and its retention runs out (moved back past GPS_RETENTION_MS).
    expect((await gm.post(`/api/game-sessions/${session.id}/end`)).status).toBe(200);
    const longAgo = Date.now() - GPS_RETENTION_MS - 60 * 60_000;
    await db.update(gameSessions).set({ endTime: longAgo, startTime: longAgo - 60 * 60_000 }).where(eq(gameSessions.id, session.id));
    await db.update(messages).set({ createdAt: longAgo }).where(inArray(messages.sessionId, [session.id]));
    // The purge runs when a process starts (and every 10 minutes): stop both, start one.
    await Promise.all([cluster.kill(0, 'SIGTERM'), cluster.kill(1, 'SIGTERM')]);
    await cluster.restart(1);
    await eventually(async () => !(await objectKeys()).some((key) => key.endsWith(name)), 30_000, 'the purge removed the object');
    const [message] = await db.select({ mediaUrl: messages.mediaUrl }).from(messages).where(eq(messages.sessionId, session.id));
    expect(message?.mediaUrl).toBeNull();
    expect((await fetch(cluster.urlOf(1) + mediaUrl, { headers: { cookie: gm.cookies() } })).status).toBe(404);
  });
});
