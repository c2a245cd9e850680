// Who may download an uploaded media file (/uploads/media/...): the audience of its
// message, by the feed's own rule (communications.ts, decision 713). The session's game
// master (and admins) see every file; a hunter of the session sees files sent to 'all'
// or 'hunters', their own, and their team's channel's (issue 42: never another team's); nobody else, signed out or outside the session, sees any.
// Files with no message (an upload in progress, a refused one, purged by retention) are
// seen by nobody. Catalogue files (models, mission covers and videos) stay public.
import { eq } from 'drizzle-orm';
import type { User } from 'lucia';
import type { Db } from '../db/client';
import { messages } from '../db/schema';
import { requireSessionAccess } from './session-access';

/** The folder of message media under UPLOADS_DIR (services/media.ts stores there). */
export const MEDIA_URL_PREFIX = '/uploads/media/';

type MediaMessage = { sessionId: number; recipientType: string; senderUserId: string | null; teamId: number | null };

/** The message that carries the file (one per file: names are server-made UUIDs). */
async function messageOf(db: Db, mediaUrl: string): Promise<MediaMessage | undefined> {
  const [row] = await db
    .select({ sessionId: messages.sessionId, recipientType: messages.recipientType, senderUserId: messages.senderUserId, teamId: messages.teamId })
    .from(messages)
    .where(eq(messages.mediaUrl, mediaUrl))
    .limit(1);
  return row;
}

/** True when `user` may download the message media at `mediaUrl` (a path under MEDIA_URL_PREFIX). */
export async function mayViewMedia(db: Db, user: User | null, mediaUrl: string): Promise<boolean> {
  if (!user) return false;
  const message = await messageOf(db, mediaUrl);
  if (!message) return false;
  let access: Awaited<ReturnType<typeof requireSessionAccess>>;
  try {
    access = await requireSessionAccess({ db, user }, message.sessionId);
  } catch {
    return false; // no such session, or not part of it
  }
  if (access.role !== 'player' || message.senderUserId === user.id) return true;
  if (message.recipientType === 'team') return message.teamId !== null && message.teamId === access.player.teamId;
  return message.recipientType === 'all' || message.recipientType === 'hunters';
}
