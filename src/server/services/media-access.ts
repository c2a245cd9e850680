// Who may download an uploaded media file (/uploads/media/...): the audience of its
// message, by the feed's own rule (communications.ts, decision 713). The session's game
// master (and admins) see every file; a hunter of the session sees files sent to 'all'
// or 'hunters' and their own; nobody else, signed out or outside the session, sees any.
// Files with no message (an upload in progress, a refused one, purged by retention) are
// seen by nobody. Catalogue files (models, mission covers and videos) stay public.
import type { User } from 'lucia';
import type { Db } from '../db/client';
import { prepared } from './prepared';
import { requireSessionAccess } from './session-access';

/** The folder of message media under UPLOADS_DIR (services/media.ts stores there). */
export const MEDIA_URL_PREFIX = '/uploads/media/';

type MediaMessage = { sessionId: number; recipientType: string; senderUserId: string | null };

/** The message that carries the file (one per file: names are server-made UUIDs). */
function messageOf(db: Db, mediaUrl: string): MediaMessage | undefined {
  return prepared(db, 'media-message', (d) =>
    d.$client.prepare<[string], MediaMessage>(
      `SELECT session_id AS sessionId, recipient_type AS recipientType, sender_user_id AS senderUserId
         FROM messages WHERE media_url = ? LIMIT 1`,
    ),
  ).get(mediaUrl);
}

/** True when `user` may download the message media at `mediaUrl` (a path under MEDIA_URL_PREFIX). */
export function mayViewMedia(db: Db, user: User | null, mediaUrl: string): boolean {
  if (!user) return false;
  const message = messageOf(db, mediaUrl);
  if (!message) return false;
  let role: 'owner' | 'admin' | 'player';
  try {
    role = requireSessionAccess({ db, user }, message.sessionId).role;
  } catch {
    return false; // no such session, or not part of it
  }
  if (role !== 'player') return true;
  return message.recipientType === 'all' || message.recipientType === 'hunters' || message.senderUserId === user.id;
}
