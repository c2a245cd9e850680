// The interface every store of uploads implements (decision 893), with the key rules they share.
// Apart from file-store.ts so that a store (s3-file-store.ts) does not import the module that loads it.
import type { Readable } from 'node:stream';

export type FileInfo = {
  size: number;
  lastModified: Date;
  /** A validator for conditional requests, quoted as HTTP wants it. */
  etag: string;
  contentType: string;
};

/** An inclusive byte range, as in `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

export interface FileStore {
  readonly kind: 'local' | 's3';
  /** For logs and errors: where files go. */
  readonly description: string;
  /** A local folder for files being received and processed before they are put to the store. */
  readonly tempDir: string;
  /** Throws a readable error when the store cannot be used (checked once at start). */
  check(): Promise<void>;
  /** Stores the finished local file under `key` and removes the local file. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Stores a copy of the local file under `key` unless `key` already holds a file; true if it stored it. */
  putCopyIfAbsent(key: string, localPath: string): Promise<boolean>;
  /** Stores a copy of the local file under `key`, replacing what is there. */
  putCopy(key: string, localPath: string): Promise<void>;
  /**
   * Whether `key` holds a file. `maxAgeMs` accepts an answer this process learnt that long ago
   * (S3: no request; local disk always looks), for reads that may lag a change by that much.
   */
  exists(key: string, opts?: { maxAgeMs: number }): Promise<boolean>;
  /** Size, date, validator and type; null when there is no such file. */
  stat(key: string): Promise<FileInfo | null>;
  /** The file's bytes (only `range` when given) as a stream, never buffered whole; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes the file; a file already gone is no error. */
  remove(key: string): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): void;
}

/** A key the app could have made: folders and names of letters, digits, '.', '_' and '-', never '.' or '..'. */
export function isSafeKey(key: string): boolean {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key)) return false;
  return !key.split('/').some((segment) => segment === '.' || segment === '..' || segment.startsWith('.'));
}

export function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/** The Content-Type each stored kind is served with (the same types @fastify/static gives them on local disk). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  fbx: 'application/octet-stream',
  usdz: 'model/vnd.usdz+zip',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
