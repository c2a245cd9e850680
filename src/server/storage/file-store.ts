// Where stored uploads live (issue #28, decision 893): one small interface, two stores.
// - LocalFileStore: UPLOADS_DIR on this machine's disk, the default and today's layout
//   (key "media/x.jpg" is the file UPLOADS_DIR/media/x.jpg), so existing uploads keep working.
// - S3FileStore (s3-file-store.ts): a bucket of S3-compatible object storage (STORAGE_URL), which
//   every process of a cluster shares; loaded only when configured.
// Uploads are received, checked, decoded and stripped in `tempDir` (local disk in both cases) and
// only then put to the store under a server-made key. Keys are relative paths with forward
// slashes, the part of the public URL after /uploads/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { assertKey, type ByteRange, type FileInfo, type FileStore, contentTypeOf } from './file-store-interface';

// The interface and key helpers live apart (no import cycle with s3-file-store); re-exported for the stores' users.
export { type ByteRange, contentTypeOf, type FileInfo, type FileStore, isSafeKey } from './file-store-interface';

/** UPLOADS_DIR on local disk: today's layout. Served by @fastify/static (http/uploads.ts). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly tempDir: string;
  readonly description: string;

  constructor(uploadsDir: string) {
    this.root = path.resolve(uploadsDir);
    this.tempDir = path.join(this.root, '.tmp');
    this.description = `local disk (${this.root})`;
  }

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.tempDir, { recursive: true });
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // tempDir is inside the root: a rename, never a copy.
    await fs.promises.rename(localPath, target);
  }

  async putCopyIfAbsent(key: string, localPath: string): Promise<boolean> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.copyFile(localPath, target, fs.constants.COPYFILE_EXCL);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === 'EEXIST') return false;
      throw err;
    }
  }

  async putCopy(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(localPath, target);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<FileInfo | null> {
    try {
      const s = await fs.promises.stat(this.pathOf(key));
      if (!s.isFile()) return null;
      return { size: s.size, lastModified: s.mtime, etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`, contentType: contentTypeOf(key) };
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR') return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  close(): void {}
}

/** The store STORAGE_URL names (S3), or the local disk at UPLOADS_DIR. Checked by createDeps before use. */
export async function createFileStore(
  config: Pick<Config, 'UPLOADS_DIR' | 'STORAGE_URL'>,
  log: Pick<Console, 'warn'> = { warn() {} },
): Promise<FileStore> {
  if (!config.STORAGE_URL) return new LocalFileStore(config.UPLOADS_DIR);
  // The AWS SDK is loaded only when it is used: a single process on local disk never pays for it.
  const { openS3FileStore } = await import('./s3-file-store');
  return openS3FileStore(config.STORAGE_URL, path.join(path.resolve(config.UPLOADS_DIR), '.tmp'), log);
}

/** A fresh name for a file being received in the store's tempDir. */
export async function tempFile(store: FileStore, suffix = ''): Promise<string> {
  await fs.promises.mkdir(store.tempDir, { recursive: true });
  return path.join(store.tempDir, `${crypto.randomUUID()}${suffix}`);
}

/** Reads a whole (small) stream into memory: model headers and glTF JSON, never media. */
export async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new Error(`More than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
