// Missions: briefing text, cover photo, briefing video and objectives that a game
// master can tie a session to. Media files live in the file store under missions/.
import { asc, eq, or } from 'drizzle-orm';
import type { MissionFields, MissionUpdateFields } from '../../domain/catalogue-schemas';
import { MISSION_DEFAULT_MAX_PLAYERS } from '../../domain/rules';
import type { Queryable } from '../db/client';
import type { AppDeps } from '../deps';
import { gameSessions, type MissionRow, missions } from '../db/schema';
import { notFound } from '../errors';
import { removeUpload, type StoredFile } from '../storage/uploads';
import { displayFileName, originalFileName, uploadUrl } from './species';
import type { z } from 'zod';
import type { MissionSchema } from '../routers/admin/outputs.types';

type Ctx = Pick<AppDeps, 'db' | 'config' | 'files'>;

/** The answer as the procedure's output schema declares it (one contract: types). */
export type MissionOutput = z.infer<typeof MissionSchema>;

export type MissionMedia = { coverPhoto?: StoredFile | undefined; briefingVideo?: StoredFile | undefined };

export function toMissionOutput(row: MissionRow): MissionOutput {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    coverPhotoUrl: uploadUrl(row.coverPhotoPath),
    briefingVideoUrl: uploadUrl(row.briefingVideoPath),
    coverPhotoFileName: displayFileName(row.coverPhotoPath, row.coverPhotoOriginalName),
    briefingVideoFileName: displayFileName(row.briefingVideoPath, row.briefingVideoOriginalName),
    difficulty: row.difficulty,
    duration: row.duration,
    maxPlayers: row.maxPlayers,
    objectives: Array.isArray(row.objectives) ? row.objectives : [],
  };
}

export async function listMissions({ db }: Pick<Ctx, 'db'>): Promise<MissionOutput[]> {
  const rows = await db.select().from(missions).orderBy(asc(missions.name), asc(missions.id));
  return rows.map(toMissionOutput);
}

export async function findMission({ db }: { db: Queryable }, id: number): Promise<MissionRow> {
  const [row] = await db.select().from(missions).where(eq(missions.id, id)).limit(1);
  if (!row) throw notFound('Mission not found');
  return row;
}

function columns(fields: MissionUpdateFields) {
  const out: Partial<typeof missions.$inferInsert> = {};
  for (const key of ['name', 'description', 'difficulty', 'duration', 'maxPlayers', 'objectives'] as const) {
    if (fields[key] !== undefined) (out as Record<string, unknown>)[key] = fields[key];
  }
  return out;
}

/**
 * Sessions copy a mission's media URLs when they are created, so a file still
 * referred to by any session is kept when the mission drops it.
 */
async function removeUnlessShared(ctx: Ctx, relativePath: string | null): Promise<void> {
  if (!relativePath) return;
  const url = uploadUrl(relativePath)!;
  const [inUse] = await ctx.db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(or(eq(gameSessions.briefingVideoUrl, url), eq(gameSessions.coverPhotoUrl, url)))
    .limit(1);
  if (!inUse) await removeUpload(ctx.files, relativePath);
}

export async function createMission(ctx: Ctx, fields: MissionFields, media: MissionMedia = {}): Promise<MissionOutput> {
  const [row] = await ctx.db
    .insert(missions)
    .values({
      ...columns(fields),
      name: fields.name,
      maxPlayers: fields.maxPlayers ?? MISSION_DEFAULT_MAX_PLAYERS,
      objectives: fields.objectives ?? [],
      coverPhotoPath: media.coverPhoto?.relativePath ?? null,
      briefingVideoPath: media.briefingVideo?.relativePath ?? null,
      coverPhotoOriginalName: media.coverPhoto ? originalFileName(media.coverPhoto.originalName) : null,
      briefingVideoOriginalName: media.briefingVideo ? originalFileName(media.briefingVideo.originalName) : null,
    })
    .returning();
  return toMissionOutput(row!);
}

/** Fields that are sent replace the stored ones; a new file replaces the old one. */
export async function updateMission(
  ctx: Ctx,
  id: number,
  fields: MissionUpdateFields,
  media: MissionMedia = {},
): Promise<MissionOutput> {
  const existing = await findMission(ctx, id);
  const changes = {
    ...columns(fields),
    ...(media.coverPhoto
      ? { coverPhotoPath: media.coverPhoto.relativePath, coverPhotoOriginalName: originalFileName(media.coverPhoto.originalName) }
      : {}),
    ...(media.briefingVideo
      ? {
          briefingVideoPath: media.briefingVideo.relativePath,
          briefingVideoOriginalName: originalFileName(media.briefingVideo.originalName),
        }
      : {}),
  };
  // Nothing sent (no body, `{}`, only unknown fields): every field is kept (decision 402).
  if (Object.keys(changes).length === 0) return toMissionOutput(existing);
  const [row] = await ctx.db.update(missions).set(changes).where(eq(missions.id, id)).returning();
  // Deleted meanwhile: nothing was changed.
  if (!row) throw notFound('Mission not found');
  if (media.coverPhoto) await removeUnlessShared(ctx, existing.coverPhotoPath);
  if (media.briefingVideo) await removeUnlessShared(ctx, existing.briefingVideoPath);
  return toMissionOutput(row);
}

/** Sessions tied to the mission keep running; their missionId becomes null (schema: on delete set null). */
export async function deleteMission(ctx: Ctx, id: number): Promise<{ success: true; id: number; message: string }> {
  const existing = await findMission(ctx, id);
  await ctx.db.delete(missions).where(eq(missions.id, id));
  await removeUnlessShared(ctx, existing.coverPhotoPath);
  await removeUnlessShared(ctx, existing.briefingVideoPath);
  return { success: true, id, message: 'Mission deleted' };
}
