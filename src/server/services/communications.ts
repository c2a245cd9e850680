// Session communications: sending (text, quick actions, broadcasts, media) and
// the visibility-filtered message list. Procedures, the /ws socket and the
// upload route all call these functions, so the rules are the same at every door.
import { and, asc, desc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
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
import type { Db, Queryable, Tx } from '../db/client';
import { queryPlan } from '../db/query-plan';
import { messages } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { teamOfSession } from '../db/queries/teams';
import { TEAM_MESSAGES } from '../../domain/teams';
import type { Audience, PublishInput } from '../event-bus';
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
  /** recipientType 'team': the team whose channel it is in; null otherwise. */
  teamId: number | null;
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
  teamId: number | null;
  createdAt: number;
};

const COLUMNS = {
  id: messages.id,
  senderLabel: messages.senderLabel,
  senderRole: messages.senderRole,
  message: messages.message,
  messageType: messages.messageType,
  mediaType: messages.mediaType,
  mediaUrl: messages.mediaUrl,
  recipientType: messages.recipientType,
  teamId: messages.teamId,
  quickAction: messages.quickAction,
  lat: messages.lat,
  lng: messages.lng,
  createdAt: messages.createdAt,
};

type ListParams = {
  sessionId: number;
  afterId: number;
  beforeId: number | undefined;
  all: boolean;
  userId: string;
  /** The hunter's team now: its channel is theirs to read (issue 42). */
  teamId: number | null;
  limit: number;
};
type InsertParams = Omit<MessageRow, 'id'> & { sessionId: number; senderUserId: string };

/**
 * Visibility: the owner and admins (`all`) see everything; a hunter sees messages to 'all'
 * and 'hunters', their own, and their team's channel (never another team's). Every query walks
 * the (session_id, id) index.
 */
function visible(params: ListParams): SQL {
  return and(
    eq(messages.sessionId, params.sessionId),
    gt(messages.id, params.afterId),
    params.beforeId === undefined ? undefined : lt(messages.id, params.beforeId),
    params.all
      ? undefined
      : or(
          inArray(messages.recipientType, ['all', 'hunters']),
          eq(messages.senderUserId, params.userId),
          params.teamId === null ? undefined : and(eq(messages.recipientType, 'team'), eq(messages.teamId, params.teamId)),
        ),
  )!;
}

/** One page of the list, oldest or newest first. */
function listQuery(q: Queryable, params: ListParams, order: 'oldest' | 'newest') {
  return q
    .select(COLUMNS)
    .from(messages)
    .where(visible(params))
    .orderBy(order === 'oldest' ? asc(messages.id) : desc(messages.id))
    .limit(params.limit);
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
    teamId: row.teamId,
    createdAt: new Date(row.createdAt).toISOString(),
    timestamp: row.createdAt,
  };
}

/**
 * Hunters write to 'all', 'headquarters' or their team; the game master (and admins) to 'all', 'hunters' or one
 * team. (Whose team: teamChannel.)
 */
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

/**
 * The team whose channel a message to 'team' goes to (null for any other recipient): a hunter's own
 * team (409 in none; another team's id 403); for the game master the named one (400 without it).
 */
export function teamChannel(access: CommsAccess, recipient: RecipientType, teamId: number | undefined): number | null {
  if (recipient !== 'team') return null;
  if (access.player) {
    const own = access.player.teamId;
    if (own === null) throw conflict(TEAM_MESSAGES.notInTeam);
    if (teamId !== undefined && teamId !== own) throw forbidden(COMMS_TEAM_MESSAGES.ownTeamOnly);
    return own;
  }
  if (teamId === undefined) throw badRequest(COMMS_TEAM_MESSAGES.teamIdRequired, { fieldErrors: { teamId: COMMS_TEAM_MESSAGES.teamIdRequired } });
  return teamId;
}

export const COMMS_TEAM_MESSAGES = {
  ownTeamOnly: 'Hunters can write to their own team only',
  teamIdRequired: "teamId is required to write to a team (or write to 'hunters' for every team)",
  markOutsideTeam: 'In a team hunt, a marked location goes to your team or to headquarters only',
} as const;

/** Who receives the new_communication event: the same rule as the message list. */
function audienceFor(access: CommsAccess, userId: string, dto: MessageDto): Audience {
  if (dto.teamId !== null) return `team:${dto.teamId}`;
  return access.role === 'player' && dto.recipientType === 'headquarters' ? `owner+user:${userId}` : 'all';
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
  /** recipientType 'team': the team's channel. */
  teamId?: number | null;
};

/**
 * Stores a message and publishes it (new_communication; broadcasts also publish broadcast), in
 * one transaction with `alsoWrite` (what else the message changes, e.g. a photo count).
 */
export async function postMessage(
  ctx: CommsCtx,
  access: CommsAccess,
  draft: MessageDraft,
  alsoWrite?: (tx: Tx) => Promise<unknown>,
): Promise<MessageDto> {
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
    teamId: draft.teamId ?? null,
    createdAt,
  };
  const sessionId = access.sessionId;
  const dto = await ctx.db.transaction(async (tx) => {
    // A team's channel: the team must be one of the session's (a hunter's own always is).
    if (params.teamId !== null && !(await teamOfSession(tx, access.sessionId, params.teamId))) throw notFound(TEAM_MESSAGES.teamNotFound);
    const [{ id }] = (await tx.insert(messages).values(params).returning({ id: messages.id })) as [{ id: number }];
    const stored = toDto({ id, ...params });
    await alsoWrite?.(tx);
    // One step: each socket is written both frames in one go as its turn comes.
    await ctx.bus.publishAll(tx, eventsOf(access, ctx.user.id, stored, label));
    return stored;
  });
  // A hunter's report or photo may earn an achievement (game masters' messages earn nothing).
  if (access.player) {
    await awardAfterWrite(ctx, { id: access.player.id, userId: ctx.user.id, sessionId, handle: access.player.handle });
  }
  return dto;
}

/** The events of a new message: new_communication, and broadcast for a broadcast. */
function eventsOf(access: CommsAccess, userId: string, dto: MessageDto, label: string): PublishInput[] {
  const sessionId = access.sessionId;
  const createdAt = dto.timestamp;
  const id = dto.id;
  const events: PublishInput[] = [
    {
      sessionId,
      type: 'new_communication',
      audience: audienceFor(access, userId, dto),
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
  return events;
}

/** POST /api/game-sessions/{id}/communications (and the /ws comms_message and broadcast frames). */
export async function sendMessage(ctx: CommsCtx, sessionId: number, input: SendMessageInput): Promise<MessageDto> {
  const access = await commsWriteAccess(ctx, sessionId);
  const quickAction = input.quickAction ?? null;
  const messageType: MessageType = quickAction ? 'quick_action' : (input.messageType ?? input.type ?? 'text');
  if (messageType === 'media') {
    throw badRequest('Media messages are sent with POST /api/game-sessions/{id}/upload-media');
  }
  if (messageType === 'broadcast' && access.role !== 'owner') {
    throw forbidden('Only the game master of this session can broadcast');
  }
  // A team's hunter's quick action goes to their team unless they name another recipient (issue 42).
  const teamHunter = access.player !== null && access.player.teamId !== null;
  const recipientType = checkRecipient(access, input.recipientType ?? (quickAction && teamHunter ? 'team' : undefined));
  // Children play: in a team hunt, no hunter's marked position reaches another team (decision 974).
  const teamHunt = access.gameSession.teamMode !== 'solo';
  if (teamHunt && access.player && quickAction === 'mark_location' && recipientType !== 'team' && recipientType !== 'headquarters') {
    throw badRequest(COMMS_TEAM_MESSAGES.markOutsideTeam);
  }

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
  } else if (quickAction && recipientType === 'team' && access.player) {
    // Target Spotted, Request Backup...: the teammates get where it happened (the hunter's last fix, when known).
    const p = access.player;
    location = input.location ?? (p.lastLat !== null && p.lastLng !== null ? { lat: p.lastLat, lng: p.lastLng } : null);
  }

  return postMessage(ctx, access, {
    message: text,
    messageType,
    recipientType,
    quickAction,
    location,
    teamId: teamChannel(access, recipientType, input.teamId),
    label: messageType === 'broadcast' ? GAME_MASTER_LABEL : undefined,
  });
}

/**
 * GET /api/game-sessions/{id}/communications: what the caller may see, newest
 * last. Without afterId: the latest `limit` messages (before beforeId when
 * given). With afterId: the first `limit` messages after it (polling for new ones).
 */
export async function listMessages(
  ctx: Pick<CommsCtx, 'db' | 'user'>,
  sessionId: number,
  query: ListMessagesInput = {},
): Promise<MessageDto[]> {
  return visibleMessages(ctx, await commsAccess(ctx, sessionId), query);
}

/** The page of messages `access` may see (listMessages once the caller's part is known). */
export async function visibleMessages(
  ctx: Pick<CommsCtx, 'db' | 'user'>,
  access: CommsAccess,
  query: ListMessagesInput = {},
): Promise<MessageDto[]> {
  const params: ListParams = {
    sessionId: access.sessionId,
    afterId: query.afterId ?? 0,
    beforeId: query.beforeId,
    all: access.seesAll,
    userId: ctx.user.id,
    teamId: access.player?.teamId ?? null,
    limit: query.limit ?? COMMS_PAGE_SIZE,
  };
  if (query.afterId !== undefined) return (await listQuery(ctx.db, params, 'oldest')).map(toDto);
  return (await listQuery(ctx.db, params, 'newest')).reverse().map(toDto);
}

/**
 * Who sees the same page of messages: the owner and admins see all (one view), a hunter
 * sees what all hunters see plus their own messages and their team's (a view of their own, per team).
 */
export function messagesViewer(ctx: Pick<CommsCtx, 'user'>, access: CommsAccess): string {
  return access.seesAll ? '*' : `${ctx.user.id}|team:${access.player?.teamId ?? '-'}`;
}

/** For tests and benchmarks: the query plan of a hunter's list query, a line per step (either dialect's EXPLAIN). */
export async function explainListQueries(db: Db): Promise<string[]> {
  const params: ListParams = { sessionId: 1, afterId: 0, beforeId: 1, all: false, userId: 'x', teamId: 1, limit: 1 };
  return queryPlan(db, listQuery(db, params, 'oldest'));
}
