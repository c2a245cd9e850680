// Media messages: a jpeg photo or an mp4 video (judged by its bytes), at most
// 50 MB, stored as media/<server-made name> (the file store: UPLOADS_DIR or S3), then posted as
// a 'media' message. The upload route reads the multipart body and calls these.
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { COMMS_MESSAGES, MessageText, RecipientType } from '../../domain/comms-schemas';
import { MAX_MEDIA_BYTES, MEDIA_KINDS } from '../../domain/rules';
import { sessionPlayers } from '../db/schema';
import { plus } from '../db/expressions';
import { badRequest } from '../errors';
import type { FileStore } from '../storage/file-store';
import { removeUpload, type StoredFile, storeUpload } from '../storage/uploads';
import { TeamIdField } from '../../domain/team-schemas';
import { checkRecipient, type CommsCtx, type MessageDto, postMessage, teamChannel } from './communications';
import { type CommsAccess, commsWriteAccess } from './comms-access';

export const MEDIA_ERRORS = {
  type: { error: 'Invalid file type', message: 'Only .jpg photos and .mp4 videos are allowed' },
  size: { error: 'File too large', message: 'Files must be under 50MB' },
  none: { error: 'No file selected' },
} as const;

/** Checked before a byte of the file is read: the caller must be part of the session. */
export function mediaAccess(ctx: Pick<CommsCtx, 'db' | 'user' | 'now'>, sessionId: number): Promise<CommsAccess> {
  return commsWriteAccess(ctx, sessionId);
}

/** Streams the file part to the file store with the spec's type and size rules. */
export function storeMedia(files: FileStore, file: MultipartFile): Promise<StoredFile> {
  return storeUpload(files, file, {
    allowed: MEDIA_KINDS,
    maxBytes: MAX_MEDIA_BYTES,
    subdir: 'media',
    typeError: MEDIA_ERRORS.type,
    sizeError: MEDIA_ERRORS.size,
  });
}

export type MediaFields = { message?: string | undefined; recipientType?: string | undefined; teamId?: string | undefined };

/** Validates the text fields; call before storing when they arrive first, and again after. */
export function parseMediaFields(access: CommsAccess, fields: MediaFields) {
  const recipient = RecipientType.optional().safeParse(fields.recipientType || undefined);
  if (!recipient.success) throw badRequest(COMMS_MESSAGES.recipientType);
  const recipientType = checkRecipient(access, recipient.data);
  const typedTeam = TeamIdField().optional().safeParse(fields.teamId || undefined);
  if (!typedTeam.success) throw badRequest('Invalid team id');
  const teamId = teamChannel(access, recipientType, typedTeam.data);
  const raw = fields.message?.trim() ?? '';
  let message = '';
  if (raw) {
    const text = MessageText.safeParse(raw);
    if (!text.success) throw badRequest(text.error.issues[0]!.message);
    message = text.data;
  }
  return { recipientType, teamId, message };
}

/** Posts the stored file as a media message; deletes the file if the message is refused. */
export async function createMediaMessage(
  ctx: CommsCtx & { files: FileStore },
  access: CommsAccess,
  stored: StoredFile,
  fields: MediaFields,
): Promise<MessageDto> {
  try {
    const { recipientType, teamId, message } = parseMediaFields(access, fields);
    const isPhoto = stored.kind === 'jpeg';
    const player = isPhoto ? access.player : null;
    return await postMessage(
      ctx,
      access,
      {
        message: message || (isPhoto ? 'Shared a photo' : 'Shared a video'),
        messageType: 'media',
        recipientType,
        teamId,
        mediaType: isPhoto ? 'image' : 'video',
        mediaUrl: stored.url,
      },
      // A hunter's photo counts in the same transaction as its message.
      player
        ? (tx) =>
            tx
              .update(sessionPlayers)
              .set({ photosTaken: plus(sessionPlayers.photosTaken, 1) })
              .where(eq(sessionPlayers.id, player.id))
        : undefined,
    );
  } catch (err) {
    await removeUpload(ctx.files, stored.relativePath);
    throw err;
  }
}

export function noFile(): never {
  throw badRequest(MEDIA_ERRORS.none.error);
}
