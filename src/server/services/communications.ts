// Session communications: sending (text, quick actions, broadcasts, media) and
// the visibility-filtered message list. Procedures, the /ws socket and the
// upload route all call these functions, so the rules are the same at every door.
import type Database from 'better-sqlite3';
import type { User } from 'lucia';
import type { ListMessagesInput, SendMessageInput } from '../../domain/comms-schemas';
import { COMMS_MESSAGES } from '../../domain/comms-schemas';
import {
  COMMS_PAGE_SIZE,
  GAME_MASTER_LABEL,
  type MESSAGE_TYPES,
  QUICK_ACTION_TEXT,
  type QUICK_ACTIONS,
  type RECIPIENT_TYPES,
} from '../../domain/rules';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, forbidden } from '../errors';
import type { Audience, PublishInput } from '../realtime/bus';
import { awardAfterWrite } from './achievements';
import { type CommsAccess, commsAccess, commsWriteAccess } from './comms-access';

export type MessageType = (typeof MESSAGE_TYPES)[number];
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
export type QuickActionName = (typeof QUICK_ACTIONS)[number];

/** A message as the specification names its fields. */
export type MessageDto = {
  id: number;
  /** The sender's label (hunter handle, account username, or GAME MASTER for broadcasts). */
  userId: string;
  username: string;
  senderRole: 'gamemaster' | 'hunter' | 'admin';
  message: string;
  messageType: MessageType;
  mediaType: 'image' | 'video' | null;
  mediaUrl: string | null;
  recipientType: RecipientType;
  quickAction: QuickActionName | null;
  location: { lat: number; lng: number } | null;
  createdAt: string;
  timestamp: number;
};

export type CommsCtx = Pick<AppDeps, 'db' | 'bus' | 'now'> & { user: User };

type MessageRow = {
  id: number;
  senderLabel: string;
  senderRole: string;
  message: string;
  messageType: string;
  mediaType: string | null;
  mediaUrl: string | null;
  recipientType: string;
  quickAction: string | null;
  lat: number | null;
  lng: number | null;
  createdAt: number;
};

const COLUMNS = `id, sender_label AS senderLabel, sender_role AS senderRole, message, message_type AS messageType,
  media_type AS mediaType, media_url AS mediaUrl, recipient_type AS recipientType, quick_action AS quickAction,
  lat, lng, created_at AS createdAt`;

/**
 * Visibility: the owner and admins (@all = 1) see everything; a hunter sees
 * messages to 'all' and 'hunters' and their own. Every statement walks the
 * (session_id, id) index.
 */
const VISIBLE = `session_id = @sessionId AND id > @afterId AND id < @beforeId
  AND (@all = 1 OR recipient_type IN ('all', 'hunters') OR sender_user_id = @userId)`;

type ListParams = { sessionId: number; afterId: number; beforeId: number; all: 0 | 1; userId: string; limit: number };
type InsertParams = Omit<MessageRow, 'id'> & { sessionId: number; senderUserId: string };

type Statements = {
  oldestFirst: Database.Statement<[ListParams], MessageRow>;
  newestFirst: Database.Statement<[ListParams], MessageRow>;
  insert: Database.Statement<[InsertParams], { id: number }>;
};
const cache = new WeakMap<Database.Database, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db.$client);
  if (!s) {
    const c = db.$client;
    s = {
      oldestFirst: c.prepare(`SELECT ${COLUMNS} FROM messages WHERE ${VISIBLE} ORDER BY id ASC LIMIT @limit`),
      newestFirst: c.prepare(`SELECT ${COLUMNS} FROM messages WHERE ${VISIBLE} ORDER BY id DESC LIMIT @limit`),
      insert: c.prepare(
        `INSERT INTO messages (session_id, sender_user_id, sender_label, sender_role, message, message_type, media_type,
           media_url, recipient_type, quick_action, lat, lng, created_at)
         VALUES (@sessionId, @senderUserId, @senderLabel, @senderRole, @message, @messageType, @mediaType, @mediaUrl,
           @recipientType, @quickAction, @lat, @lng, @createdAt)
         RETURNING id`,
      ),
    };
    cache.set(db.$client, s);
  }
  return s;
}

function toDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    userId: row.senderLabel,
    username: row.senderLabel,
    senderRole: row.senderRole as MessageDto['senderRole'],
    message: row.message,
    messageType: row.messageType as MessageType,
    mediaType: row.mediaType as MessageDto['mediaType'],
    mediaUrl: row.mediaUrl,
    recipientType: row.recipientType as RecipientType,
    quickAction: row.quickAction as QuickActionName | null,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    createdAt: new Date(row.createdAt).toISOString(),
    timestamp: row.createdAt,
  };
}

/** Hunters write to 'all' or 'headquarters'; the game master (and admins) to 'all' or 'hunters'. */
export function checkRecipient(access: CommsAccess, recipient: RecipientType | undefined): RecipientType {
  const value = recipient ?? 'all';
  if (access.role === 'player' && value === 'hunters') {
    throw forbidden("Hunters can send to 'all' or 'headquarters' only");
  }
  if (access.role !== 'player' && value === 'headquarters') {
    throw forbidden("The game master can send to 'all' or 'hunters' only");
  }
  return value;
}

/** Who receives the new_communication event: the same rule as the message list. */
function audienceFor(access: CommsAccess, userId: string, recipient: RecipientType): Audience {
  return access.role === 'player' && recipient === 'headquarters' ? `owner+user:${userId}` : 'all';
}

function senderLabel(ctx: CommsCtx, access: CommsAccess): string {
  if (access.player) return access.player.handle;
  return ctx.user.username ?? GAME_MASTER_LABEL;
}

export type MessageDraft = {
  message: string;
  messageType: MessageType;
  recipientType: RecipientType;
  label?: string;
  mediaType?: MessageDto['mediaType'];
  mediaUrl?: string | null;
  quickAction?: QuickActionName | null;
  location?: { lat: number; lng: number } | null;
};

/** Stores a message and publishes it (new_communication; broadcasts also publish broadcast). */
export function postMessage(ctx: CommsCtx, access: CommsAccess, draft: MessageDraft): MessageDto {
  const createdAt = ctx.now();
  const label = draft.label ?? senderLabel(ctx, access);
  const params: InsertParams = {
    sessionId: access.sessionId,
    senderUserId: ctx.user.id,
    senderLabel: label,
    senderRole: ctx.user.role,
    message: draft.message,
    messageType: draft.messageType,
    mediaType: draft.mediaType ?? null,
    mediaUrl: draft.mediaUrl ?? null,
    recipientType: draft.recipientType,
    quickAction: draft.quickAction ?? null,
    lat: draft.location?.lat ?? null,
    lng: draft.location?.lng ?? null,
    createdAt,
  };
  const { id } = statements(ctx.db).insert.get(params)!;
  const dto = toDto({ id, ...params });
  const sessionId = access.sessionId;
  const events: PublishInput[] = [
    {
      sessionId,
      type: 'new_communication',
      audience: audienceFor(access, ctx.user.id, dto.recipientType),
      payload: { ...dto, sessionId, timestamp: createdAt },
    },
  ];
  if (dto.messageType === 'broadcast') {
    events.push({
      sessionId,
      type: 'broadcast',
      audience: 'all',
      payload: { sessionId, timestamp: createdAt, messageId: id, message: dto.message, userId: label, username: label },
    });
  }
  // One step: each socket is written both frames in one go as its turn comes.
  ctx.bus.publishAll(events);
  // A hunter's report or photo may earn an achievement (game masters' messages earn nothing).
  if (access.player) {
    awardAfterWrite(ctx, { id: access.player.id, userId: ctx.user.id, sessionId, handle: access.player.handle });
  }
  return dto;
}

/** POST /api/game-sessions/{id}/communications (and the /ws comms_message and broadcast frames). */
export function sendMessage(ctx: CommsCtx, sessionId: number, input: SendMessageInput): MessageDto {
  const access = commsWriteAccess(ctx, sessionId);
  const quickAction = input.quickAction ?? null;
  const messageType: MessageType = quickAction ? 'quick_action' : (input.messageType ?? input.type ?? 'text');
  if (messageType === 'media') {
    throw badRequest('Media messages are sent with POST /api/game-sessions/{id}/upload-media');
  }
  if (messageType === 'broadcast' && access.role !== 'owner') {
    throw forbidden('Only the game master of this session can broadcast');
  }
  const recipientType = checkRecipient(access, input.recipientType);

  let text = (input.message ?? '').trim();
  if (!text && quickAction) text = QUICK_ACTION_TEXT[quickAction];
  if (!text) throw badRequest(COMMS_MESSAGES.messageRequired, { fieldErrors: { message: COMMS_MESSAGES.messageRequired } });

  let location: MessageDraft['location'] = null;
  if (quickAction === 'mark_location') {
    const p = access.player;
    location =
      input.location ??
      (p && p.lastLat !== null && p.lastLng !== null ? { lat: p.lastLat, lng: p.lastLng } : null);
    if (!location) throw badRequest('Your position is not known yet: wait for a GPS fix before marking a location');
  }

  return postMessage(ctx, access, {
    message: text,
    messageType,
    recipientType,
    quickAction,
    location,
    label: messageType === 'broadcast' ? GAME_MASTER_LABEL : undefined,
  });
}

/**
 * GET /api/game-sessions/{id}/communications: what the caller may see, newest
 * last. Without afterId: the latest `limit` messages (before beforeId when
 * given). With afterId: the first `limit` messages after it (polling for new ones).
 */
export function listMessages(ctx: Pick<CommsCtx, 'db' | 'user'>, sessionId: number, query: ListMessagesInput = {}): MessageDto[] {
  return visibleMessages(ctx, commsAccess(ctx, sessionId), query);
}

/** The page of messages `access` may see (listMessages once the caller's part is known). */
export function visibleMessages(ctx: Pick<CommsCtx, 'db' | 'user'>, access: CommsAccess, query: ListMessagesInput = {}): MessageDto[] {
  const params: ListParams = {
    sessionId: access.sessionId,
    afterId: query.afterId ?? 0,
    beforeId: query.beforeId ?? Number.MAX_SAFE_INTEGER,
    all: access.seesAll ? 1 : 0,
    userId: ctx.user.id,
    limit: query.limit ?? COMMS_PAGE_SIZE,
  };
  const s = statements(ctx.db);
  if (query.afterId !== undefined) return s.oldestFirst.all(params).map(toDto);
  return s.newestFirst.all(params).reverse().map(toDto);
}

/**
 * Who sees the same page of messages: the owner and admins see all (one view), a hunter
 * sees what all hunters see plus their own messages (a view of their own).
 */
export function messagesViewer(ctx: Pick<CommsCtx, 'user'>, access: CommsAccess): string {
  return access.seesAll ? '*' : ctx.user.id;
}

/** For tests and benchmarks: the query plans of the list statements. */
export function explainListQueries(db: Db): string[] {
  const params = { sessionId: 1, afterId: 0, beforeId: 1, all: 0, userId: 'x', limit: 1 };
  return [`SELECT ${COLUMNS} FROM messages WHERE ${VISIBLE} ORDER BY id ASC LIMIT @limit`].flatMap((q) =>
    (db.$client.prepare(`EXPLAIN QUERY PLAN ${q}`).all(params) as { detail: string }[]).map((r) => r.detail),
  );
}
