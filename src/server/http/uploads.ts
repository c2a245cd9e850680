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
