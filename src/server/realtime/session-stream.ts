// One session's event stream for one viewer, shared by the tRPC subscription and
// the /ws socket: audience filtering, and catch-up from a last event id with no
// gap and no duplicate. It subscribes to the bus BEFORE reading the backlog, and
// drops live events it has already delivered from the backlog (ids only grow).
// A viewer that falls too far behind is switched back to reading the database,
// which holds every event, so memory stays bounded and nothing is lost.
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { User } from 'lucia';
import { LIVE_SESSION_STATUSES, STREAM_BACKFILL_PAGE, STREAM_MAX_QUEUE } from '../../domain/rules';
import { events } from '../db/schema';
import type { AppDeps } from '../deps';
import { commsAccess } from '../services/comms-access';
import type { BusEvent, EventBus } from './bus';

export type StreamViewer = {
  userId: string;
  /** Owner of the session or admin: receives 'owner' events (positions, headquarters messages). */
  seesOwnerEvents: boolean;
};

/** Throws 404/403 unless the user is the session's owner, an admin or one of its hunters. */
export function streamViewer(ctx: { db: AppDeps['db']; user: User }, sessionId: number): StreamViewer {
  const access = commsAccess(ctx, sessionId);
  return { userId: ctx.user.id, seesOwnerEvents: access.seesAll };
}

const OWNER_AND_USER = 'owner+user:';
const USER = 'user:';

export function canSee(viewer: StreamViewer, event: Pick<BusEvent, 'audience'>): boolean {
  const audience: string = event.audience;
  if (audience === 'all') return true;
  if (audience === 'owner') return viewer.seesOwnerEvents;
  if (audience.startsWith(OWNER_AND_USER)) {
    return viewer.seesOwnerEvents || audience.slice(OWNER_AND_USER.length) === viewer.userId;
  }
  if (audience.startsWith(USER)) return audience.slice(USER.length) === viewer.userId;
  return false;
}

export type StreamOptions = {
  sessionId: number;
  viewer: StreamViewer;
  /** Deliver every event after this id first (a reconnecting client); null/undefined: live events only. */
  lastEventId?: number | null;
  signal?: AbortSignal;
};

export async function* sessionStream(bus: EventBus, opts: StreamOptions): AsyncGenerator<BusEvent, void, undefined> {
  const { sessionId, viewer } = opts;
  yield* filteredStream(bus, {
    accepts: (event) => event.sessionId === sessionId && canSee(viewer, event),
    backlog: (from) => backlog(bus, opts, from),
    lastEventId: opts.lastEventId,
    signal: opts.signal,
  });
}

type Filtered = {
  /** Whether this viewer receives a live event (called for every event on the bus, in order). */
  accepts: (event: BusEvent) => boolean;
  /** Every candidate event after `from`, oldest first (filtered again by `accepts`). */
  backlog: (from: number) => Iterable<BusEvent>;
  lastEventId?: number | null | undefined;
  signal?: AbortSignal | undefined;
};

/** The bus filtered for one viewer, caught up from lastEventId: subscribed before the backlog is read. */
async function* filteredStream(bus: EventBus, opts: Filtered): AsyncGenerator<BusEvent, void, undefined> {
  const { accepts, signal } = opts;
  const queue: BusEvent[] = [];
  let overflowFrom: number | null = null;
  let wake: (() => void) | null = null;

  const unsubscribe = bus.subscribe((event) => {
    if (!accepts(event)) return;
    if (overflowFrom !== null) return;
    if (queue.length >= STREAM_MAX_QUEUE) {
      overflowFrom = queue[0]!.id - 1;
      queue.length = 0;
    } else {
      queue.push(event);
    }
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);

  let last: number | null = opts.lastEventId ?? null;
  try {
    if (last !== null) {
      for (const e of opts.backlog(last)) {
        last = e.id;
        if (accepts(e)) yield e;
        if (signal?.aborted) return;
      }
    }
    while (!signal?.aborted) {
      if (overflowFrom !== null) {
        // Too far behind: read what was missed from the database instead of memory.
        const from: number = last ?? overflowFrom;
        overflowFrom = null;
        last = from;
        for (const e of opts.backlog(from)) {
          last = e.id;
          if (accepts(e)) yield e;
          if (signal?.aborted) return;
        }
        continue;
      }
      const event = queue.shift();
      if (event) {
        if (last !== null && event.id <= last) continue; // already delivered by the backlog
        last = event.id;
        yield event;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Every event of the session after `from`, page by page, oldest first. */
function* backlog(bus: EventBus, opts: StreamOptions, from: number): Generator<BusEvent> {
  let cursor = from;
  for (;;) {
    const page = bus.since(opts.sessionId, cursor, STREAM_BACKFILL_PAGE);
    for (const e of page) {
      cursor = e.id;
      yield e;
    }
    if (page.length < STREAM_BACKFILL_PAGE) return;
  }
}

/**
 * The game sessions a sign-in belongs to, for a socket opened without a sessionId:
 * a guest's own session; the sessions a hunter account has joined and that have not
 * ended; a game master's (or admin's) own live sessions. Sessions joined or created
 * later join the set when their first event arrives: a hunter's own hunter_joined,
 * or any event of a session the game master owns (owners never change).
 */
export class SignInSessions {
  private readonly viewers = new Map<number, StreamViewer>();
  private readonly notOwned = new Set<number>();

  constructor(
    private readonly db: AppDeps['db'],
    private readonly user: User,
    gameSessionId: number | null,
  ) {
    const client = db.$client;
    if (user.isGuest) {
      const row = gameSessionId
        ? client.prepare('SELECT 1 FROM session_players WHERE session_id = ? AND user_id = ?').get(gameSessionId, user.id)
        : undefined;
      if (row && gameSessionId) this.add(gameSessionId, false);
    } else if (user.role === 'hunter') {
      const rows = client
        .prepare(
          `SELECT p.session_id AS id FROM session_players p JOIN game_sessions g ON g.id = p.session_id
           WHERE p.user_id = ? AND g.status <> 'completed'`,
        )
        .all(user.id) as { id: number }[];
      for (const { id } of rows) this.add(id, false);
    } else {
      const live = LIVE_SESSION_STATUSES.map(() => '?').join(', ');
      const rows = client
        .prepare(`SELECT id FROM game_sessions WHERE owner_id = ? AND status IN (${live})`)
        .all(user.id, ...LIVE_SESSION_STATUSES) as { id: number }[];
      for (const { id } of rows) this.add(id, true);
    }
  }

  private add(sessionId: number, seesOwnerEvents: boolean): StreamViewer {
    const viewer = { userId: this.user.id, seesOwnerEvents };
    this.viewers.set(sessionId, viewer);
    return viewer;
  }

  get sessionIds(): number[] {
    return [...this.viewers.keys()].sort((a, b) => a - b);
  }

  /** The only session, when there is exactly one (frames without a sessionId act on it). */
  get single(): number | undefined {
    return this.viewers.size === 1 ? this.sessionIds[0] : undefined;
  }

  private viewerFor(event: BusEvent): StreamViewer | undefined {
    const sessionId = event.sessionId;
    if (sessionId === null) return undefined;
    const known = this.viewers.get(sessionId);
    if (known || this.user.isGuest) return known;
    if (this.user.role === 'hunter') {
      const joined = event.type === 'hunter_joined' && event.payload.userId === this.user.id;
      return joined ? this.add(sessionId, false) : undefined;
    }
    if (this.notOwned.has(sessionId)) return undefined;
    const row = this.db.$client.prepare('SELECT owner_id AS ownerId FROM game_sessions WHERE id = ?').get(sessionId) as
      | { ownerId: string }
      | undefined;
    if (row?.ownerId === this.user.id) return this.add(sessionId, true);
    this.notOwned.add(sessionId);
    return undefined;
  }

  accepts(event: BusEvent): boolean {
    const viewer = this.viewerFor(event);
    return viewer !== undefined && canSee(viewer, event);
  }

  /** The newest event id of these sessions (0 when none): where a reconnect resumes from. */
  latestEventId(): number {
    const ids = this.sessionIds;
    if (ids.length === 0) return 0;
    const row = this.db.$client
      .prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM events WHERE session_id IN (${ids.map(() => '?').join(', ')})`)
      .get(...ids) as { id: number };
    return row.id;
  }

  /** Events of these sessions after `from`, page by page, oldest first. */
  *backlog(from: number): Generator<BusEvent> {
    const ids = this.sessionIds;
    if (ids.length === 0) return;
    let cursor = from;
    for (;;) {
      const page = this.db
        .select()
        .from(events)
        .where(and(inArray(events.sessionId, ids), gt(events.id, cursor)))
        .orderBy(asc(events.id))
        .limit(STREAM_BACKFILL_PAGE)
        .all() as BusEvent[];
      for (const e of page) {
        cursor = e.id;
        yield e;
      }
      if (page.length < STREAM_BACKFILL_PAGE) return;
    }
  }
}

/** Every event of every session of a sign-in (SignInSessions), with the same audience filtering. */
export function signInStream(
  bus: EventBus,
  sessions: SignInSessions,
  opts: { lastEventId?: number | null | undefined; signal?: AbortSignal },
): AsyncGenerator<BusEvent, void, undefined> {
  return filteredStream(bus, {
    accepts: (event) => sessions.accepts(event),
    backlog: (from) => sessions.backlog(from),
    lastEventId: opts.lastEventId,
    signal: opts.signal,
  });
}

/** What subscribers receive (tRPC): the event with its payload, never its audience. */
export type StreamEvent = {
  id: number;
  type: string;
  sessionId: number;
  timestamp: number;
  payload: Record<string, unknown>;
};

export function toStreamEvent(event: BusEvent, sessionId: number): StreamEvent {
  const ts = event.payload.timestamp;
  return {
    id: event.id,
    type: event.type,
    sessionId,
    timestamp: typeof ts === 'number' ? ts : event.createdAt,
    payload: event.payload,
  };
}

/** A /ws frame: `{ ...payload, type, sessionId, timestamp, eventId }`. */
export function toFrame(event: BusEvent, sessionId: number): Record<string, unknown> {
  const ts = event.payload.timestamp;
  return {
    ...event.payload,
    type: event.type,
    sessionId,
    timestamp: typeof ts === 'number' ? ts : event.createdAt,
    eventId: event.id,
  };
}
