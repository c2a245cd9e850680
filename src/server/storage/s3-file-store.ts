// Uploads in S3-compatible object storage (STORAGE_URL=s3://..., issue #28, decision 893), through
// the AWS SDK v3 client. Files are put whole from the local temp folder (streamed, with their
// length), read back as streams (a range when asked: video seeks), and deleted by key.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { format } from 'node:util';
// Types only: the SDK itself is imported when a store is opened (openS3FileStore), so neither `tsx`
// nor the compiled bundle (esbuild hoists static imports of packages) loads it without STORAGE_URL:
// about a second and 20 MB of a process's start here.
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { CircuitBreaker } from '../outbound/circuit-breaker';
import { type ByteRange, contentTypeOf, type FileInfo, type FileStore, isSafeKey } from './file-store-interface';
import type { S3Location } from './storage-url';

// The SDK's documented switch for its NodeVersionSupportWarning (Node 20 is supported until it says
// otherwise): without it every process prints a multi-line warning at start. An operator's own
// setting wins.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** No connection to the bucket's server within this: the request fails (and is retried once). */
const S3_CONNECT_TIMEOUT_MS = 3_000;
/** A request whose socket stays silent this long fails: a hung server, never a slow stream (data resets it). */
const S3_IDLE_TIMEOUT_MS = 10_000;
/** The first try and one retry: a hung server costs a request at most about twice S3_IDLE_TIMEOUT_MS. */
const S3_MAX_ATTEMPTS = 2;
/** Requests in a row that found the bucket down (timeout, no connection, a 5xx) before the store fails fast (decision 932). */
const S3_BREAKER_FAILURES = 5;
/** How long it then fails fast (answered 503 by the routes) before one request probes the bucket again. */
const S3_BREAKER_COOL_DOWN_MS = 15_000;

/** What says the bucket's server is down, not that it refused this request (403, 404...). */
const s3IsDown = (err: unknown) => {
  const status = (err as Partial<S3ServiceException> | null)?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
};

const isMissing = (err: unknown) => {
  const e = err as Partial<S3ServiceException> | null;
  return e?.$metadata !== undefined && (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404);
};

/** Loads the AWS SDK and opens a store on the bucket (not yet checked: call check()). */
export async function openS3FileStore(location: S3Location, tempDir: string, log?: Pick<Console, 'warn'>): Promise<S3FileStore> {
  return new S3FileStore(await import('@aws-sdk/client-s3'), location, tempDir, log);
}

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly description: string;
  private readonly client: S3Client;
  /** Which keys exist, as this process last saw them, for exists() with maxAgeMs (the USDZ beside a model). */
  private readonly known = new Map<string, { exists: boolean; at: number }>();
  private readonly breaker: CircuitBreaker;

  constructor(
    private readonly sdk: typeof S3Sdk,
    private readonly location: S3Location,
    readonly tempDir: string,
    log: Pick<Console, 'warn'> = { warn() {} },
  ) {
    this.description = `s3://${location.bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
    this.breaker = new CircuitBreaker({
      name: `file store ${this.description}`,
      failureThreshold: S3_BREAKER_FAILURES,
      coolDownMs: S3_BREAKER_COOL_DOWN_MS,
      isFailure: s3IsDown,
      log,
    });
    this.client = new sdk.S3Client({
      // throwOnRequestTimeout: without it the SDK only warns and the request waits on for ever.
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS, throwOnRequestTimeout: true },
      maxAttempts: S3_MAX_ATTEMPTS,
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      // Checksums only where S3 requires them: S3-compatible servers (s3rver, older MinIO) refuse the
      // SDK's default CRC32 trailers, and the app compares nothing it could not compare by size.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The SDK's warnings (a streamed upload it cannot retry...) go to the app's log, never to the console.
      // Its `error` level reports every failed command, a 404 for a missing file included: the store
      // answers those itself (null, a 503 logged by the route), so they are not repeated here.
      logger: {
        trace() {},
        debug() {},
        info() {},
        warn: (...args: unknown[]) => log.warn(`file store (S3): ${format(...args)}`),
        error() {},
      },
    });
  }

  /** A command through the breaker: while the bucket is down, CircuitOpenError at once (the routes answer 503). */
  private send: S3Client['send'] = ((command: Parameters<S3Client['send']>[0]) =>
    this.breaker.run(() => this.client.send(command))) as S3Client['send'];

  private keyOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return this.location.prefix + key;
  }

  private remember(key: string, exists: boolean): void {
    this.known.set(key, { exists, at: Date.now() });
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.tempDir, { recursive: true });
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
            : (err as Error).message || String(err);
      throw new Error(`STORAGE_URL: ${this.description} cannot be used: ${why}`);
    }
  }

  async putFile(key: string, localPath: string): Promise<void> {
    await this.putCopy(key, localPath);
    await fs.promises.rm(localPath, { force: true });
  }

  async putCopy(key: string, localPath: string): Promise<void> {
    const { size } = await fs.promises.stat(localPath);
    await this.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.keyOf(key),
        Body: fs.createReadStream(localPath),
        ContentLength: size,
        ContentType: contentTypeOf(key),
      }),
    );
    this.remember(key, true);
  }

  async putCopyIfAbsent(key: string, localPath: string): Promise<boolean> {
    // Two processes starting together may both put the same seed file: the same bytes, so no harm.
    if (await this.stat(key)) return false;
    await this.putCopy(key, localPath);
    return true;
  }

  async exists(key: string, opts?: { maxAgeMs: number }): Promise<boolean> {
    const seen = this.known.get(key);
    if (opts && seen && Date.now() - seen.at < opts.maxAgeMs) return seen.exists;
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<FileInfo | null> {
    try {
      const head = await this.send(new this.sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
      this.remember(key, true);
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
        contentType: contentTypeOf(key),
      };
    } catch (err) {
      if (isMissing(err)) {
        this.remember(key, false);
        return null;
      }
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const object = await this.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // On Node the SDK's body is the HTTP response itself: streamed, never buffered.
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      return object.Body;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: nothing to ignore.
    await this.send(new this.sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
    this.remember(key, false);
  }

  close(): void {
    this.client.destroy();
  }
}
