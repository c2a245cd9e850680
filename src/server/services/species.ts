// The dinosaur species catalogue. Procedures, the multipart routes and tests call
// these directly. Model files live in the file store (UPLOADS_DIR or S3) under their modelPath ("models/x.glb").
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { SpeciesFields, SpeciesUpdateFields } from '../../domain/catalogue-schemas';
import { LIVE_SESSION_STATUSES, SPECIES_DEFAULT_CAPTURE_RATE, SPECIES_DEFAULT_HEALTH } from '../../domain/rules';
import { FILE_EXISTS_CACHE_MS } from '../storage/limits';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, gameSessions, type SpeciesRow, sessionDinosaurs } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { gltfProblem, readGltfJson } from '../storage/model-content';
import { removeUpload, type StoredFile } from '../storage/uploads';
import type { z } from 'zod';
import type { SpeciesSchema } from '../routers/admin/outputs.types';

type Ctx = Pick<AppDeps, 'db' | 'config' | 'bus' | 'now' | 'files'>;

/**
 * Deployed dinosaurs show their species' name and model, in every session: a change to a species
 * publishes `species_changed` (no session; seen by owners) in the transaction of the change, and
 * the polled reads' cache, hearing an event of no session that names none, drops every answer.
 */
const speciesChanged = (ctx: Pick<Ctx, 'bus' | 'now'>, tx: Tx, speciesId: number, change: 'updated' | 'deleted') =>
  ctx.bus.publish(tx, { sessionId: null, type: 'species_changed', audience: 'owner', payload: { speciesId, change, timestamp: ctx.now() } });

/** The answer as the procedure's output schema declares it (one contract: types). */
export type SpeciesOutput = z.infer<typeof SpeciesSchema>;

export const uploadUrl = (relativePath: string | null): string | null => (relativePath ? `/uploads/${relativePath}` : null);

const SERVER_MADE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/i;
const MAX_ORIGINAL_NAME = 200;

/**
 * The name the client gave an uploaded file, made safe to store and show: no
 * folders, no control characters, at most 200 characters (the extension kept).
 */
export function originalFileName(name: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!base) return null;
  if (base.length <= MAX_ORIGINAL_NAME) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return `${base.slice(0, MAX_ORIGINAL_NAME - ext.length - 1)}…${ext}`;
}

/**
 * What to call a stored file: the uploaded name when it was kept, else the
 * stored name unless the server made it up (seeded files keep catalogue names).
 */
export function displayFileName(relativePath: string | null, originalName: string | null): string | null {
  if (!relativePath) return null;
  if (originalName) return originalName;
  const base = relativePath.split('/').pop() ?? '';
  return base && !SERVER_MADE_NAME.test(base) ? base : null;
}

/**
 * The USDZ beside a glb model ("models/x.glb" -> "models/x.usdz") when that
 * file exists: the seed models ship one (scripts/generate-models.ts); an
 * uploaded model has none, so its species offers no AR Quick Look. On S3 the
 * store remembers the answer for FILE_EXISTS_CACHE_MS (decision 895).
 */
async function usdzPathFor(ctx: Pick<AppDeps, 'files'>, modelPath: string | null): Promise<string | null> {
  if (!modelPath || !/\.glb$/i.test(modelPath)) return null;
  const usdz = modelPath.replace(/\.glb$/i, '.usdz');
  return (await ctx.files.exists(usdz, { maxAgeMs: FILE_EXISTS_CACHE_MS })) ? usdz : null;
}

export async function toSpeciesOutput(ctx: Pick<AppDeps, 'files'>, row: SpeciesRow): Promise<SpeciesOutput> {
  return {
    id: row.id,
    name: row.name,
    scientificName: row.scientificName,
    description: row.description,
    rarity: row.rarity,
    dietType: row.dietType,
    locomotionType: row.locomotionType,
    length: row.length,
    weight: row.weight,
    period: row.period,
    fossilSites: row.fossilSites,
    health: row.health,
    captureRate: row.captureRate,
    modelUrl: uploadUrl(row.modelPath),
    modelPath: row.modelPath,
    modelFileName: displayFileName(row.modelPath, row.modelOriginalName),
    usdzUrl: uploadUrl(await usdzPathFor(ctx, row.modelPath)),
  };
}

export async function listSpecies(ctx: Pick<Ctx, 'db' | 'files'>): Promise<SpeciesOutput[]> {
  const rows = await ctx.db.select().from(dinosaurSpecies).orderBy(asc(dinosaurSpecies.name), asc(dinosaurSpecies.id));
  return Promise.all(rows.map((row) => toSpeciesOutput(ctx, row)));
}

async function findSpecies({ db }: Pick<Ctx, 'db'>, id: number): Promise<SpeciesRow> {
  const [row] = await db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.id, id)).limit(1);
  if (!row) throw notFound('Species not found');
  return row;
}

/**
 * A glTF or GLB must have something to show (a scene and a mesh), and a glTF
 * (JSON) file must carry its buffers and images inside (data: URIs): a file
 * referring to side files could never load from a single upload. Refused
 * files are removed.
 */
export async function assertUsableModel(ctx: Ctx, model: StoredFile): Promise<void> {
  if (model.kind !== 'gltf' && model.kind !== 'glb') return;
  const json = await readGltfJson(ctx.files, model.relativePath, model.kind);
  const problem = gltfProblem(json, model.kind);
  if (problem) {
    await removeUpload(ctx.files, model.relativePath);
    throw badRequest('Invalid model file', { message: problem });
  }
}

/** Only the fields that were sent, mapped to columns (undefined = not sent). */
function columns(fields: SpeciesUpdateFields) {
  const out: Partial<typeof dinosaurSpecies.$inferInsert> = {};
  for (const key of [
    'name',
    'scientificName',
    'description',
    'rarity',
    'dietType',
    'locomotionType',
    'length',
    'weight',
    'period',
    'fossilSites',
    'health',
    'captureRate',
  ] as const) {
    if (fields[key] !== undefined) (out as Record<string, unknown>)[key] = fields[key];
  }
  return out;
}

export async function createSpecies(ctx: Ctx, fields: SpeciesFields, model?: StoredFile): Promise<SpeciesOutput> {
  if (model) await assertUsableModel(ctx, model);
  const [row] = await ctx.db
    .insert(dinosaurSpecies)
    .values({
      ...columns(fields),
      name: fields.name,
      health: fields.health ?? SPECIES_DEFAULT_HEALTH,
      captureRate: fields.captureRate ?? SPECIES_DEFAULT_CAPTURE_RATE,
      modelPath: model?.relativePath ?? null,
      modelOriginalName: model ? originalFileName(model.originalName) : null,
    })
    .returning();
  return toSpeciesOutput(ctx, row!);
}

/** Fields that are sent replace the stored ones; a new model replaces (and deletes) the old file. */
export async function updateSpecies(
  ctx: Ctx,
  id: number,
  fields: SpeciesUpdateFields,
  model?: StoredFile,
): Promise<SpeciesOutput> {
  const existing = await findSpecies(ctx, id);
  if (model) await assertUsableModel(ctx, model);
  const changes = {
    ...columns(fields),
    ...(model ? { modelPath: model.relativePath, modelOriginalName: originalFileName(model.originalName) } : {}),
  };
  // Nothing sent (no body, `{}`, only unknown fields, an empty file input): every field is kept (decision 402).
  if (Object.keys(changes).length === 0) return toSpeciesOutput(ctx, existing);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(dinosaurSpecies).set(changes).where(eq(dinosaurSpecies.id, id)).returning();
    // Deleted meanwhile: nothing was changed.
    if (!updated) throw notFound('Species not found');
    await speciesChanged(ctx, tx, id, 'updated');
    return updated;
  });
  if (model && existing.modelPath && existing.modelPath !== model.relativePath) {
    await removeUpload(ctx.files, existing.modelPath);
  }
  return toSpeciesOutput(ctx, row);
}

/**
 * Refused (409) while a live session has the species deployed. Otherwise the
 * species, its deployed dinosaurs in ended sessions and its model file go.
 * Observations keep their species id, so past statistics still add up.
 */
export async function deleteSpecies(ctx: Ctx, id: number): Promise<{ success: true; id: number }> {
  const existing = await findSpecies(ctx, id);
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: sessionDinosaurs.id })
      .from(sessionDinosaurs)
      .innerJoin(gameSessions, eq(gameSessions.id, sessionDinosaurs.sessionId))
      .where(and(eq(sessionDinosaurs.speciesId, id), inArray(gameSessions.status, [...LIVE_SESSION_STATUSES])))
      .limit(1);
    if (live) throw conflict('Species is in use by a live session');
    const ended = tx
      .select({ id: gameSessions.id })
      .from(gameSessions)
      .where(notInArray(gameSessions.status, [...LIVE_SESSION_STATUSES]));
    await tx.delete(sessionDinosaurs).where(and(eq(sessionDinosaurs.speciesId, id), inArray(sessionDinosaurs.sessionId, ended)));
    await tx.delete(dinosaurSpecies).where(eq(dinosaurSpecies.id, id));
    await speciesChanged(ctx, tx, id, 'deleted');
  });
  await removeUpload(ctx.files, existing.modelPath);
  return { success: true, id };
}
