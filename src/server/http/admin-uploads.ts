// Multipart create/update of species (with a 3D model) and missions (with a cover
// photo and a briefing video). They call the same services as the tRPC
// procedures; JSON bodies (no files) are accepted too, for API clients.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { positiveId } from '../../domain/decimal';
import {
  MissionFields,
  MissionUpdateFields,
  SpeciesFields,
  SpeciesUpdateFields,
} from '../../domain/catalogue-schemas';
import { MAX_IMAGE_BYTES, MAX_MODEL_BYTES, MAX_VIDEO_BYTES } from '../../domain/rules';
import { type Context, createContextInner } from '../context';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, unauthorized } from '../errors';
import { registerOpenApiPaths } from '../openapi';
import { cookieSecurity as security, errorResponses } from './openapi-errors';
import { MissionSchema, SpeciesSchema } from '../routers/admin/types';
import * as missionService from '../services/missions';
import * as speciesService from '../services/species';
import { removeUpload, type StoreOptions, type StoredFile, storeUpload } from '../storage/uploads';

/** The request's context, or a 401 (signed out) / 403 (not an admin). */
export async function requireAdmin(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const ctx = await createContextInner(deps, {
    cookieHeader: request.headers.cookie,
    setCookie: (c) => reply.header('set-cookie', c),
    ip: request.ip,
  });
  if (!ctx.user || !ctx.authSession) throw unauthorized();
  if (ctx.user.role !== 'admin') throw forbidden('You do not have permission to do this');
  return ctx;
}

export const MODEL_UPLOAD: StoreOptions = {
  allowed: ['glb', 'gltf', 'fbx', 'obj'],
  maxBytes: MAX_MODEL_BYTES,
  subdir: 'models',
  // The name the client gives is ignored: only the content is checked, so the message says so.
  typeError: { error: 'Invalid model file', message: "The file's content is not a valid GLB, glTF, FBX or OBJ model" },
  sizeError: { error: 'File too large', message: `Models must be under ${MAX_MODEL_BYTES / 1024 / 1024}MB` },
};
const COVER_UPLOAD: StoreOptions = {
  allowed: ['jpeg', 'png'],
  maxBytes: MAX_IMAGE_BYTES,
  subdir: 'missions',
  typeError: { error: 'Invalid file type', message: "The cover photo's content is not a JPEG or PNG image" },
  sizeError: { error: 'File too large', message: `Cover photos must be under ${MAX_IMAGE_BYTES / 1024 / 1024}MB` },
};
const VIDEO_UPLOAD: StoreOptions = {
  allowed: ['mp4'],
  maxBytes: MAX_VIDEO_BYTES,
  subdir: 'missions',
  typeError: { error: 'Invalid file type', message: "The briefing video's content is not an MP4 video" },
  sizeError: { error: 'File too large', message: `Briefing videos must be under ${MAX_VIDEO_BYTES / 1024 / 1024}MB` },
};

type Parsed = { fields: Record<string, unknown>; files: Record<string, StoredFile> };

/**
 * Reads the body: multipart (fields, and each known file field streamed to
 * storage with its own checks) or JSON. Unknown or repeated file fields are
 * drained and ignored; a file part without a file name (a form's unused file
 * input sends filename="") counts as no file.
 * On failure every file already stored is removed.
 */
async function readBody(
  deps: AppDeps,
  request: FastifyRequest,
  fileFields: Record<string, StoreOptions>,
): Promise<Parsed> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest('Expected a multipart/form-data or JSON object body');
    }
    return { fields: (body as Record<string, unknown> | undefined) ?? {}, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, StoredFile> = {};
  const fileSize = Math.max(...Object.values(fileFields).map((o) => o.maxBytes));
  try {
    for await (const part of request.parts({ limits: { fileSize } })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const prior = fields[part.fieldname];
        // Repeated fields (objectives) become a list.
        fields[part.fieldname] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
        continue;
      }
      const file = part as MultipartFile;
      const options = fileFields[file.fieldname];
      if (!options || files[file.fieldname] || !file.filename) {
        file.file.resume();
        await new Promise((resolve) => file.file.once('end', resolve));
        continue;
      }
      files[file.fieldname] = await storeUpload(deps.files, file, options);
    }
  } catch (err) {
    await Promise.all(Object.values(files).map((f) => removeUpload(deps.files, f.relativePath)));
    throw err;
  }
  return { fields, files };
}

/** Validates fields; on failure removes the stored files and answers 400 like the tRPC door. */
async function validate<T extends z.ZodType>(
  deps: AppDeps,
  schema: T,
  parsed: Parsed,
): Promise<z.output<T>> {
  const result = schema.safeParse(parsed.fields);
  if (result.success) return result.data;
  await Promise.all(Object.values(parsed.files).map((f) => removeUpload(deps.files, f.relativePath)));
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw badRequest(result.error.issues[0]!.message, { data: { fieldErrors } });
}

const IdParam = z.object({ id: positiveId('Invalid id') });

function idFrom(request: FastifyRequest, what: string): number {
  const parsed = IdParam.safeParse(request.params);
  if (!parsed.success) throw badRequest(`Invalid ${what} id`);
  return parsed.data.id;
}

/** Removes stored files when the service refuses (404, bad glTF...). */
async function orCleanup<T>(deps: AppDeps, files: Record<string, StoredFile>, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (err) {
    await Promise.all(Object.values(files).map((f) => removeUpload(deps.files, f.relativePath)));
    throw err;
  }
}

export function adminUploadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const speciesFiles = { modelFile: MODEL_UPLOAD };
  const missionFiles = { coverPhoto: COVER_UPLOAD, briefingVideo: VIDEO_UPLOAD };

  app.post('/api/dinosaur-species', async (request, reply) => {
    const ctx = await requireAdmin(deps, request, reply);
    const parsed = await readBody(deps, request, speciesFiles);
    const fields = await validate(deps, SpeciesFields, parsed);
    const species = await orCleanup(deps, parsed.files, () =>
      speciesService.createSpecies(ctx, fields, parsed.files.modelFile),
    );
    return reply.status(201).send(species);
  });

  app.put('/api/dinosaur-species/:id', async (request, reply) => {
    const ctx = await requireAdmin(deps, request, reply);
    const id = idFrom(request, 'species');
    const parsed = await readBody(deps, request, speciesFiles);
    const fields = await validate(deps, SpeciesUpdateFields, parsed);
    return orCleanup(deps, parsed.files, () => speciesService.updateSpecies(ctx, id, fields, parsed.files.modelFile));
  });

  app.post('/api/missions', async (request, reply) => {
    const ctx = await requireAdmin(deps, request, reply);
    const parsed = await readBody(deps, request, missionFiles);
    const fields = await validate(deps, MissionFields, parsed);
    const mission = await orCleanup(deps, parsed.files, () => missionService.createMission(ctx, fields, parsed.files));
    return reply.status(201).send(mission);
  });

  app.put('/api/missions/:id', async (request, reply) => {
    const ctx = await requireAdmin(deps, request, reply);
    const id = idFrom(request, 'mission');
    const parsed = await readBody(deps, request, missionFiles);
    const fields = await validate(deps, MissionUpdateFields, parsed);
    return orCleanup(deps, parsed.files, () => missionService.updateMission(ctx, id, fields, parsed.files));
  });
}

// --- OpenAPI description of the plain routes ---

const errors = (extra: Record<number, string>) =>
  errorResponses({
    400: 'Validation failed (`data.fieldErrors` names each field), wrong file type, or a body that is neither multipart nor JSON',
    401: 'Not signed in',
    403: 'Not an admin',
    413: 'File too large',
    ...extra,
  });
const file = z.string().meta({ format: 'binary' });

const SpeciesForm = z.object({
  name: z.string().describe('Required on create'),
  scientificName: z.string().optional(),
  description: z.string().optional(),
  rarity: z.enum(['common', 'uncommon', 'rare', 'epic', 'legendary']).optional(),
  dietType: z.enum(['carnivore', 'herbivore', 'omnivore']).optional(),
  locomotionType: z.enum(['bipedal', 'quadrupedal']).optional(),
  length: z.string().optional(),
  weight: z.string().optional(),
  period: z.string().optional().describe('When it lived, e.g. "Late Cretaceous, about 68 to 66 million years ago"'),
  fossilSites: z.string().optional().describe('Where its fossils were found'),
  health: z.number().int().optional().describe('Default 100'),
  captureRate: z.number().min(0).max(1).optional().describe('0 to 1, default 0.5'),
  modelFile: file.optional().describe('glb, gltf (self-contained), fbx or obj; checked by content'),
});
const MissionForm = z.object({
  name: z.string().describe('Required on create'),
  description: z.string().optional(),
  difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
  duration: z.number().int().optional().describe('Minutes'),
  maxPlayers: z.number().int().optional().describe('Default 20'),
  objectives: z
    .array(z.string())
    .optional()
    .describe('Repeated fields, a JSON array string, or newline-separated text'),
  coverPhoto: file.optional().describe('jpg, jpeg or png'),
  briefingVideo: file.optional().describe('mp4'),
});
/** Multipart (text parts and file parts) or, without files, the same text fields as JSON. */
const body = (
  schema: z.ZodObject,
  encoding: Record<string, { contentType: string }>,
) => ({
  required: true,
  content: {
    'multipart/form-data': { schema, encoding },
    'application/json': {
      schema: schema.omit(Object.fromEntries(Object.keys(encoding).map((k) => [k, true])) as Record<string, true>),
    },
  },
});
const speciesEncoding = { modelFile: { contentType: 'model/gltf-binary, model/gltf+json, application/octet-stream' } };
const missionEncoding = { coverPhoto: { contentType: 'image/jpeg, image/png' }, briefingVideo: { contentType: 'video/mp4' } };
const ok = (status: number, schema: z.ZodType, description: string) => ({
  [status]: { description, content: { 'application/json': { schema } } },
});
const idParam = z.object({ id: z.number().int().positive() });

registerOpenApiPaths({
  '/dinosaur-species': {
    post: {
      operationId: 'admin-speciesCreate',
      tags: ['admin'],
      summary: 'Create a species (admin), with an optional 3D model upload',
      description: 'multipart/form-data: each field a text part, `modelFile` a file part; or JSON without a model. Admins only: 401 without a sign-in, 403 for anyone else, 400 for an invalid field or file, 413 for a file too large.',
      security,
      requestBody: body(SpeciesForm, speciesEncoding),
      responses: { ...ok(201, SpeciesSchema, 'The created species'), ...errors({}) },
    },
  },
  '/dinosaur-species/{id}': {
    put: {
      operationId: 'admin-speciesUpdate',
      tags: ['admin'],
      summary: 'Update a species (admin): fields sent replace the stored ones; a new model replaces the old',
      description:
        'multipart/form-data (a new `modelFile` replaces the stored model) or JSON. Admins only: 401 without a sign-in, ' +
        '403 for anyone else, 400 for an invalid field or file, 404 for an unknown species, 413 for a file too large.',
      security,
      requestParams: { path: idParam },
      requestBody: body(SpeciesForm.partial(), speciesEncoding),
      responses: { ...ok(200, SpeciesSchema, 'The updated species'), ...errors({ 404: 'Species not found' }) },
    },
  },
  '/missions': {
    post: {
      operationId: 'admin-missionCreate',
      tags: ['admin'],
      summary: 'Create a mission (admin), with optional cover photo and briefing video',
      description:
        'multipart/form-data: each field a text part (`objectives` repeated), `coverPhoto` and `briefingVideo` file ' +
        'parts; or JSON without files. Admins only: 401 without a sign-in, 403 for anyone else, 400 for an invalid field or file, 413 for a file too large.',
      security,
      requestBody: body(MissionForm, missionEncoding),
      responses: { ...ok(201, MissionSchema, 'The created mission'), ...errors({}) },
    },
  },
  '/missions/{id}': {
    put: {
      operationId: 'admin-missionUpdate',
      tags: ['admin'],
      summary: 'Update a mission (admin): fields sent replace the stored ones',
      description:
        'multipart/form-data (new `coverPhoto` or `briefingVideo` parts replace the stored files) or JSON. Admins only: ' +
        '401 without a sign-in, 403 for anyone else, 400 for an invalid field or file, 404 for an unknown mission, 413 for a file too large.',
      security,
      requestParams: { path: idParam },
      requestBody: body(MissionForm.partial(), missionEncoding),
      responses: { ...ok(200, MissionSchema, 'The updated mission'), ...errors({ 404: 'Mission not found' }) },
    },
  },
});
