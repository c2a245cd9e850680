// An S3 endpoint that hangs (issue #48, decision 932): the file store's SDK points at a TCP server on
// loopback that accepts connections and never answers. Each request fails within the store's timeouts
// (one retry), never hangs; after S3_BREAKER_FAILURES of them the store fails fast (CircuitOpenError,
// which the upload and file routes answer with 503 "storage unavailable") without connecting.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitOpenError } from '../outbound/circuit-breaker';
import { openS3FileStore, type S3FileStore } from './s3-file-store';

let requests = 0;
const sockets = new Set<net.Socket>();
const bucketHost = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    if (/^(HEAD|GET|PUT|DELETE) /.test(chunk.toString('latin1'))) requests += 1;
  });
});

let store: S3FileStore;
beforeAll(async () => {
  await new Promise<void>((resolve) => bucketHost.listen(0, '127.0.0.1', resolve));
  const { port } = bucketHost.address() as AddressInfo;
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  store = await openS3FileStore(
    { bucket: 'hunts', prefix: '', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true },
    path.join(os.tmpdir(), 'dinohunt-s3-hang'),
  );
});
afterAll(() => {
  store.close();
  for (const s of sockets) s.destroy();
  bucketHost.close();
});

describe('an S3 endpoint that accepts and never answers', () => {
  it('fails each request within the timeouts, then fails fast once the breaker opens', async () => {
    const started = performance.now();
    // Five requests at once (a page of photos): each gives up after its timeout and one retry.
    const outcomes = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((key) => store.stat(`uploads/${key}`).then(() => 'answered', (err: unknown) => err)),
    );
    const took = performance.now() - started;
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(CircuitOpenError);
    }
    expect(took).toBeLessThan(30_000);
    expect(requests).toBe(10); // each tried twice

    const fastStart = performance.now();
    const refused = await store.stat('uploads/f.jpg').catch((err: unknown) => err);
    expect(performance.now() - fastStart).toBeLessThan(200);
    expect(refused).toBeInstanceOf(CircuitOpenError);
    expect((refused as CircuitOpenError).retryAfterSeconds).toBeGreaterThan(10);
    await expect(store.read('uploads/g.mp4')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(requests).toBe(10);
  });
});
