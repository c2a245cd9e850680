// /uploads/...: stored files, with their Content-Type, nosniff (helmet) and range requests for
// video. Message media (/uploads/media/) follows its message's audience (services/media-access.ts,
// decision 713): anyone else, signed out or outside the session, gets the same 404 as for a file
// that does not exist, and the answer is `Cache-Control: private, no-cache` (no shared cache keeps
// it; the browser revalidates, so a sign-out or the retention purge takes effect at once). The
// session cookie rides along with <img> and <video> on the same origin. Catalogue files (models,
// mission covers and videos) stay public.
// On local disk (the default) @fastify/static serves the files; with STORAGE_URL (S3) the app serves
// them itself from the bucket (serveFromStore, decision 893), at the same paths, with the same
// headers, access rule, ranges and conditional requests, streamed and never buffered whole.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInOf } from '../context';
import { STORAGE_RETRY_AFTER_SECONDS } from './limits';
import type { AppDeps } from '../deps';
import { MEDIA_URL_PREFIX, mayViewMedia } from '../services/media-access';
import { type ByteRange, type FileInfo, isSafeKey } from '../storage/file-store';
import { STORAGE_UNAVAILABLE } from '../storage/uploads';

/** The media folder as @fastify/static names paths (relative to the uploads root, leading slash). */
const MEDIA_PATH = MEDIA_URL_PREFIX.slice('/uploads'.length);
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-cache';

const noCookie = () => {};

/** The media verdicts of a request, by the path @fastify/static will ask about (see mediaVerdicts). */
const MEDIA_VERDICTS = Symbol('dinohunt.mediaVerdicts');
type WithVerdicts = FastifyRequest & { [MEDIA_VERDICTS]?: Map<string, boolean> };

/**
 * The paths under /uploads that @fastify/static's allowedPath may be asked about for this URL:
 * the raw path normalized (what it asks first) and the decoded one (the file it found), each
 * starting with `/`. allowedPath is synchronous, so the database is asked here, before it.
 */
function candidatePaths(url: string): string[] {
  const end = url.indexOf('?');
  const raw = (end === -1 ? url : url.slice(0, end)).slice('/uploads'.length);
  if (!raw.startsWith('/')) return [];
  const paths = new Set([path.posix.normalize(raw)]);
  try {
    paths.add(path.posix.normalize(decodeURI(raw)));
    paths.add(path.posix.normalize(decodeURIComponent(raw)));
  } catch {
    // Not decodable: only the raw path (the file server refuses it anyway).
  }
  return [...paths];
}

export async function registerUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.addHook('onClose', async () => deps.files.close());
  if (deps.files.kind !== 'local') {
    serveFromStore(app, deps);
    return;
  }
  const uploadsDir = path.resolve(deps.config.UPLOADS_DIR);
  fs.mkdirSync(uploadsDir, { recursive: true });
  const mediaDir = path.join(uploadsDir, MEDIA_PATH.replaceAll('/', '')) + path.sep;
  // A scope of its own: the hook below runs for the file server's routes only.
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request: WithVerdicts) => {
      const media = candidatePaths(request.url).filter((p) => p.startsWith(MEDIA_PATH));
      if (media.length === 0) return;
      // A renewed sign-in's cookie is left to the next API call (this answer may be a 304).
      const { user } = await signInOf(deps, request.headers.cookie, noCookie);
      const verdicts = new Map<string, boolean>();
      for (const p of media) verdicts.set(p, await mayViewMedia(deps.db, user, `/uploads${p}`));
      request[MEDIA_VERDICTS] = verdicts;
    });
    await scope.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      acceptRanges: true, // helmet already sends X-Content-Type-Options: nosniff
      // Media only as decided before (a path not decided there is refused: the same 404 as a missing file).
      allowedPath: (pathName: string, _root: string | undefined, request: FastifyRequest) =>
        !pathName.startsWith(MEDIA_PATH) || (request as WithVerdicts)[MEDIA_VERDICTS]?.get(pathName) === true,
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(mediaDir)) reply.header('cache-control', PRIVATE_MEDIA_CACHE_CONTROL);
      },
    });
  });
}

/** The headers describing a file, dropped again when it cannot be sent after all. */
const FILE_HEADERS = ['content-length', 'content-range', 'content-type', 'etag', 'last-modified', 'accept-ranges', 'cache-control'];

/** What @fastify/static sends for a public file (send's default maxAge of 0): the same from the bucket. */
export const PUBLIC_UPLOAD_CACHE_CONTROL = 'public, max-age=0';

/**
 * The one range a `Range: bytes=...` header asks for within `size` bytes: a range, 'unsatisfiable'
 * (416), or null to send the whole file (no header, another unit, a malformed or multi-range header:
 * what @fastify/send does too).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(match[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagMatches = (list: string, etag: string) =>
  list.trim() === '*' || list.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/** 304 for a fresh copy (If-None-Match, else If-Modified-Since), as @fastify/send decides. */
function notModified(request: FastifyRequest, info: FileInfo): boolean {
  if (request.headers['cache-control']?.includes('no-cache')) return false;
  const noneMatch = request.headers['if-none-match'];
  if (typeof noneMatch === 'string') return etagMatches(noneMatch, info.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/** A Range applies unless If-Range names another version. */
function rangeIsFresh(request: FastifyRequest, info: FileInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return etagMatches(ifRange, info.etag);
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= date;
}

/** GET and HEAD /uploads/<key> from the file store (S3): same rules and headers as the local file server. */
function serveFromStore(app: FastifyInstance, deps: AppDeps): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    handler: async (request, reply) => {
      const end = request.url.indexOf('?');
      const raw = (end === -1 ? request.url : request.url.slice(0, end)).slice('/uploads/'.length);
      let key: string;
      try {
        key = decodeURIComponent(raw);
      } catch {
        return reply.callNotFound();
      }
      // Only names the app makes: no "..", no hidden files, no odd characters (the same 404 as a missing file).
      if (!isSafeKey(key)) return reply.callNotFound();
      const media = `/uploads/${key}`.startsWith(MEDIA_URL_PREFIX);
      if (media) {
        // A renewed sign-in's cookie is left to the next API call (this answer may be a 304).
        const { user } = await signInOf(deps, request.headers.cookie, noCookie);
        if (!(await mayViewMedia(deps.db, user, `/uploads/${key}`))) return reply.callNotFound();
      }
      try {
        const info = await deps.files.stat(key);
        if (!info) return reply.callNotFound();
        return await sendStored(request, reply, deps, key, info, media);
      } catch (err) {
        // The bucket unreachable (before any byte was sent): 503, logged for the operator.
        if (reply.sent) throw err;
        request.log.error({ err }, `file store: ${deps.files.description} failed`);
        for (const name of FILE_HEADERS) reply.removeHeader(name);
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
          .send({ error: STORAGE_UNAVAILABLE });
      }
    },
  });
}

async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  key: string,
  info: FileInfo,
  media: boolean,
): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', media ? PRIVATE_MEDIA_CACHE_CONTROL : PUBLIC_UPLOAD_CACHE_CONTROL);
  reply.header('last-modified', info.lastModified.toUTCString());
  reply.header('etag', info.etag);
  if (notModified(request, info)) return reply.code(304).send();
  const range = rangeIsFresh(request, info) ? requestedRange(request.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send({ error: 'Range Not Satisfiable' });
  }
  reply.header('content-type', info.contentType);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('content-length', String(length));
  if (request.method === 'HEAD') return reply.send();
  const body = await deps.files.read(key, range ?? undefined);
  // Deleted between the two requests (the purge): the same 404 as before.
  if (!body) {
    for (const name of FILE_HEADERS) reply.removeHeader(name);
    reply.code(404).callNotFound();
    return reply;
  }
  return reply.send(body);
}
