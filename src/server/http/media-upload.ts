// POST /api/game-sessions/:id/upload-media (multipart: media, message, recipientType, teamId).
// A plain route because tRPC cannot stream files; the rules live in services/media.
// Access is checked before any byte of the file is read; the file is streamed to
// local disk and refused past 50 MB without being buffered, then put to the file store.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId } from '../../domain/decimal';
import { RecipientType } from '../../domain/comms-schemas';
import { MAX_MEDIA_BYTES } from '../../domain/rules';
import { createContextInner } from '../context';
import type { AppDeps } from '../deps';
import { badRequest, unauthorized } from '../errors';
import { registerOpenApiPaths } from '../openapi';
import { cookieSecurity, errorResponse } from './openapi-errors';
import { MessageOutput } from '../routers/comms.types';
import { createMediaMessage, MEDIA_ERRORS, type MediaFields, mediaAccess, parseMediaFields, storeMedia } from '../services/media';
import { withinWriteBudget } from '../services/write-limits';
import { removeUpload, type StoredFile } from '../storage/uploads';

const IdParam = z.object({ id: positiveId('Invalid session id') });

async function drain(file: MultipartFile): Promise<void> {
  file.file.resume();
  await new Promise((resolve) => file.file.once('end', resolve));
}

export function mediaUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/game-sessions/:id/upload-media', async (request, reply) => {
    const ctx = await createContextInner(deps, {
      cookieHeader: request.headers.cookie,
      setCookie: (c) => reply.header('set-cookie', c),
      ip: request.ip,
    });
    if (!ctx.user || !ctx.authSession) throw unauthorized();
    const params = IdParam.safeParse(request.params);
    if (!params.success) throw badRequest('Invalid session id');
    const user = ctx.user;
    const access = await mediaAccess({ db: ctx.db, user, now: ctx.now }, params.data.id);
    if (!request.isMultipart()) throw badRequest(MEDIA_ERRORS.none.error);
    // Only accepted uploads use the budget: a refused one gives its count back.
    return withinWriteBudget(deps.writeLimits, 'upload', user.id, async () => {
      const fields: MediaFields = {};
      let stored: StoredFile | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_MEDIA_BYTES } })) {
          if (part.type === 'field') {
            if (part.fieldname === 'message' || part.fieldname === 'recipientType' || part.fieldname === 'teamId') {
              fields[part.fieldname] = String(part.value);
            }
            continue;
          }
          // Only the first non-empty `media` part counts; a form's unused file input is no file.
          if (part.fieldname !== 'media' || stored || !part.filename) {
            await drain(part);
            continue;
          }
          // Fields that came before the file are checked before its bytes are stored.
          parseMediaFields(access, fields);
          stored = await storeMedia(deps.files, part);
        }
      } catch (err) {
        if (stored) await removeUpload(deps.files, stored.relativePath);
        throw err;
      }
      if (!stored) throw badRequest(MEDIA_ERRORS.none.error);
      return createMediaMessage({ ...ctx, user }, access, stored, fields);
    }, (name, value) => void reply.header(name, value));
  });
}

// --- OpenAPI description ---

registerOpenApiPaths({
  '/game-sessions/{id}/upload-media': {
    post: {
      operationId: 'comms-uploadMedia',
      tags: ['communications'],
      summary: 'Send a photo (jpeg) or video (mp4) as a media message',
      description:
        'multipart/form-data. The file type is judged by its content, not its name. At most 50 MB; larger files are ' +
        'refused while streaming. Hunters send to all, headquarters or their team; the game master to all, hunters or one team. The file is ' +
        'stored with a server-made name and served from /uploads/media/. Photos are re-encoded without their metadata ' +
        '(EXIF: GPS, camera, time); a jpeg that does not decode is an invalid file type. Anyone with a part in the session: 401 without a sign-in, 403 for a recipient the role may not send to, 404 for an unknown session, 400 for no file or a wrong file type, 413 past 50 MB, 429 past UPLOAD_RATE_LIMIT a minute.',
      security: cookieSecurity,
      requestParams: { path: z.object({ id: z.number().int().positive().describe('The game session id') }) },
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              media: z
                .string()
                .meta({ format: 'binary' })
                .describe('File part: the jpeg photo or mp4 video (judged by its bytes, under 50 MB)'),
              message: z.string().optional().describe('Text part: the caption'),
              recipientType: RecipientType.optional().describe(
                "Text part: all (default), headquarters (hunters only), hunters (the game master only) or team (a hunter's " +
                  'own team; the game master names teamId): a team photo is readable by that team and headquarters only',
              ),
              teamId: z.string().optional().describe("Text part: the team of recipientType team (the game master's choice; a hunter's own by default)"),
            }),
            encoding: { media: { contentType: 'image/jpeg, video/mp4' } },
          },
        },
      },
      responses: {
        200: { description: 'The media message', content: { 'application/json': { schema: MessageOutput } } },
        400: errorResponse(
          "'No file selected', or 'Invalid file type' with message 'Only .jpg photos and .mp4 videos are allowed'",
        ),
        401: errorResponse('Not signed in'),
        403: errorResponse('Not part of this session, or recipient not allowed for the role'),
        404: errorResponse('Session not found'),
        413: errorResponse("'File too large' with message 'Files must be under 50MB'"),
        429: errorResponse(
          "'Too many uploads. Please wait a moment and try again.': more than UPLOAD_RATE_LIMIT uploads a minute (default 10); `retryAfterSeconds` says when to retry",
        ),
      },
    },
  },
});
