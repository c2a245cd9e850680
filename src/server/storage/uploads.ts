// Upload storage: streams a multipart file to a local temp file (never buffering it whole),
// stops at the size limit, checks the content's real type by its bytes, and
// puts it under a server-made name "<subdir>/<uuid>.<ext>" to the file store (file-store.ts:
// UPLOADS_DIR, or S3 with STORAGE_URL). Photos (JPEG, PNG)
// are decoded and re-encoded by sharp, which writes no metadata: EXIF (GPS,
// camera serial, time), XMP, IPTC and comments are gone; the EXIF orientation is
// applied to the pixels first so the photo still shows the right way up. Decoding is
// bounded (decision 712): a photo of more than MAX_IMAGE_INPUT_PIXELS is refused from
// its header before any pixel is decoded, stored photos are scaled down to fit
// MAX_STORED_IMAGE_SIDE_PX, and at most MAX_CONCURRENT_IMAGE_DECODES run at a time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MAX_STORED_IMAGE_SIDE_PX } from '../../domain/rules';
import { MAX_CONCURRENT_IMAGE_DECODES, MAX_IMAGE_INPUT_PIXELS } from './limits';
import { blankMp4Metadata } from './mp4-metadata';
import { Semaphore } from './semaphore';
import { isStorageFull } from '../db/errors';
import { AppError } from '../errors';
import { type FileStore, isSafeKey, tempFile } from './file-store';

export type UploadKind = 'jpeg' | 'png' | 'mp4' | 'glb' | 'gltf' | 'obj' | 'fbx';

const MIME: Record<UploadKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  fbx: 'application/octet-stream',
};
const EXTENSION: Record<UploadKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  mp4: 'mp4',
  glb: 'glb',
  gltf: 'gltf',
  obj: 'obj',
  fbx: 'fbx',
};

export type StoreOptions = {
  allowed: readonly UploadKind[];
  maxBytes: number;
  /** Folder under UPLOADS_DIR, e.g. "media" or "models". */
  subdir: string;
  /** Error title and detail for a file of the wrong type (REST: `{ error, message }`). */
  typeError: { error: string; message?: string };
  /** Error title and detail for a file over maxBytes (answered with 413). */
  sizeError: { error: string; message?: string };
};

export type StoredFile = {
  kind: UploadKind;
  mime: string;
  bytes: number;
  /** Path relative to UPLOADS_DIR, with forward slashes: "media/abc.jpg". */
  relativePath: string;
  /** Public URL: "/uploads/media/abc.jpg". */
  url: string;
  originalName: string;
};

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Identifies the file's kind from its bytes (text formats by their structure). */
export async function sniffKind(file: string): Promise<UploadKind | null> {
  const detected = await fileTypeFromFile(file);
  if (detected) {
    if (detected.mime === 'image/jpeg') return 'jpeg';
    if (detected.mime === 'image/png') return 'png';
    if (detected.ext === 'mp4' || detected.mime === 'video/mp4') return 'mp4';
    if (detected.ext === 'glb') return 'glb';
    return null;
  }
  const head = await readHead(file, 4096);
  if (head.subarray(0, 18).toString('latin1') === 'Kaydara FBX Binary') return 'fbx';
  const text = head.toString('utf8');
  if (/^\s*;\s*FBX/.test(text)) return 'fbx';
  if (/^\s*\{/.test(text)) {
    try {
      const json = JSON.parse(await fs.promises.readFile(file, 'utf8')) as { asset?: { version?: unknown } };
      if (json.asset && typeof json.asset.version === 'string') return 'gltf';
    } catch {
      return null;
    }
  }
  if (/^(\s*(#.*|o\s.*|g\s.*|v\s+[-\d.eE]+\s+[-\d.eE]+\s+[-\d.eE]+.*|vn\s.*|vt\s.*|mtllib\s.*|usemtl\s.*|s\s.*|f\s.*)?\r?\n)+/.test(text)) {
    if (/^v\s/m.test(text)) return 'obj';
  }
  return null;
}

export async function storeUpload(files: FileStore, file: MultipartFile, opts: StoreOptions): Promise<StoredFile> {
  // Received, checked and stripped on local disk first; only the finished file goes to the store.
  const tmp = await tempFile(files);
  let bytes = 0;
  let tooLarge = false;
  try {
    file.file.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // Stop reading as soon as the limit is passed: nothing more is written.
      if (bytes > opts.maxBytes && !tooLarge) {
        tooLarge = true;
        file.file.destroy(new AppError(413, opts.sizeError.error, detail(opts.sizeError)));
      }
    });
    await pipeline(file.file, fs.createWriteStream(tmp));
    if (file.file.truncated) tooLarge = true;
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    if (tooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, opts.sizeError.error, detail(opts.sizeError));
    }
    throw err;
  }
  if (tooLarge) {
    await fs.promises.rm(tmp, { force: true });
    throw new AppError(413, opts.sizeError.error, detail(opts.sizeError));
  }

  const kind = bytes > 0 ? await sniffKind(tmp) : null;
  if (!kind || !opts.allowed.includes(kind)) {
    await fs.promises.rm(tmp, { force: true });
    throw new AppError(400, opts.typeError.error, detail(opts.typeError));
  }
  const relativePath = `${opts.subdir}/${crypto.randomUUID()}.${EXTENSION[kind]}`;
  let finished = tmp;
  try {
    if (kind === 'jpeg' || kind === 'png') {
      finished = `${tmp}.${EXTENSION[kind]}`;
      try {
        bytes = await reencodeWithoutMetadata(tmp, kind, finished);
      } catch (err) {
        // The disk full while writing the stripped copy: the server's fault (507), not the photo's.
        if (isStorageFull(err)) throw err;
        // Too many pixels: refused as too large (the spec's error), with how large a photo may be.
        if (isPixelLimit(err)) throw new AppError(413, opts.sizeError.error, { message: IMAGE_TOO_LARGE_MESSAGE });
        // Not decodable as the image its first bytes claim: refused like any wrong type.
        throw new AppError(400, opts.typeError.error, detail(opts.typeError));
      }
    } else if (kind === 'mp4') {
      // Videos keep their frames but not where they were shot.
      await blankMp4Metadata(tmp);
    }
    try {
      await files.putFile(relativePath, finished);
    } catch (err) {
      // The local disk full: 507 (http/errors.ts). The bucket unreachable: a clear 503 the client may retry, not a 500.
      if (isStorageFull(err)) throw err;
      throw Object.assign(new AppError(503, STORAGE_UNAVAILABLE), { cause: err });
    }
  } finally {
    await fs.promises.rm(tmp, { force: true });
    if (finished !== tmp) await fs.promises.rm(finished, { force: true });
  }
  return { kind, mime: MIME[kind], bytes, relativePath, url: `/uploads/${relativePath}`, originalName: file.filename };
}

/** The answer when the file store (S3) cannot be reached: the upload, or the download, may be tried again. */
export const STORAGE_UNAVAILABLE = 'File storage is unavailable. Please try again in a moment.';

// Files are read once: libvips' cache would only hold memory.
sharp.cache(false);

/** The detail of a photo refused for its pixel count (the error is the upload's own 'File too large'). */
export const IMAGE_TOO_LARGE_MESSAGE = `Photos must be at most ${MAX_IMAGE_INPUT_PIXELS / 1_000_000} megapixels (for example 8000 x 6000)`;

/** Photo decodes running at once, across all uploads (media and catalogue); the others wait their turn. */
export const imageDecodes = new Semaphore(MAX_CONCURRENT_IMAGE_DECODES);

/** sharp's refusal of an image over limitInputPixels (read from its header, before decoding). */
function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * Writes the photo at `from` to `to` as the same format without any metadata
 * (sharp keeps none unless asked), turned by its EXIF orientation and scaled down
 * to fit MAX_STORED_IMAGE_SIDE_PX (never up). Rejects a file that does not decode
 * or has more than MAX_IMAGE_INPUT_PIXELS pixels. Returns the new size in bytes.
 */
async function reencodeWithoutMetadata(from: string, kind: 'jpeg' | 'png', to: string): Promise<number> {
  return imageDecodes.run(async () => {
    const image = sharp(from, { failOn: 'error', limitInputPixels: MAX_IMAGE_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_STORED_IMAGE_SIDE_PX, height: MAX_STORED_IMAGE_SIDE_PX, fit: 'inside', withoutEnlargement: true });
    const out = kind === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png();
    const info = await out.toFile(to);
    return info.size;
  });
}

/** Deletes a stored file by its relative path, ignoring files that are already gone and paths the app never makes. */
export async function removeUpload(files: FileStore, relativePath: string | null | undefined): Promise<void> {
  if (!relativePath || !isSafeKey(relativePath)) return;
  await files.remove(relativePath);
}

/** The stored file a public URL ("/uploads/media/x.jpg") names, or null for any other URL. */
export function uploadKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length);
  return isSafeKey(key) ? key : null;
}

function detail(e: { message?: string }): Record<string, unknown> | undefined {
  return e.message ? { message: e.message } : undefined;
}
