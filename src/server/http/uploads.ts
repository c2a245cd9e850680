// /uploads/...: stored files, with their Content-Type, nosniff (helmet) and range requests for
// video. Message media (/uploads/media/) follows its message's audience (services/media-access.ts,
// decision 713): anyone else, signed out or outside the session, gets the same 404 as for a file
// that does not exist, and the answer is `Cache-Control: private, no-cache` (no shared cache keeps
// it; the browser revalidates, so a sign-out or the retention purge takes effect at once). The
// session cookie rides along with <img> and <video> on the same origin. Catalogue files (models,
// mission covers and videos) stay public.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInOf } from '../context';
import type { AppDeps } from '../deps';
import { MEDIA_URL_PREFIX, mayViewMedia } from '../services/media-access';

/** The media folder as @fastify/static names paths (relative to the uploads root, leading slash). */
const MEDIA_PATH = MEDIA_URL_PREFIX.slice('/uploads'.length);
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-cache';

const noCookie = () => {};

export async function registerUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const uploadsDir = path.resolve(deps.config.UPLOADS_DIR);
  fs.mkdirSync(uploadsDir, { recursive: true });
  const mediaDir = path.join(uploadsDir, MEDIA_PATH.replaceAll('/', '')) + path.sep;
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    acceptRanges: true, // helmet already sends X-Content-Type-Options: nosniff
    allowedPath: (pathName: string, _root: string | undefined, request: FastifyRequest) => {
      if (!pathName.startsWith(MEDIA_PATH)) return true;
      // A renewed sign-in's cookie is left to the next API call (this answer may be a 304).
      const { user } = signInOf(deps, request.headers.cookie, noCookie);
      return mayViewMedia(deps.db, user, `/uploads${pathName}`);
    },
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(mediaDir)) reply.header('cache-control', PRIVATE_MEDIA_CACHE_CONTROL);
    },
  });
}
