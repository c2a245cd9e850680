// One session's event stream for one viewer, shared by the tRPC subscription and
// the /ws socket: audience filtering, and catch-up from a last event id with no
// gap and no duplicate. It subscribes to the bus BEFORE reading the backlog, and
// drops live events it has already delivered from the backlog (ids only grow).
// A viewer that falls too far behind is switched back to reading the database,
// which holds every event, so memory stays bounded and nothing is lost.
import type { User } from 'lucia';
import { LIVE_SESSION_STATUSES, STREAM_BACKFILL_PAGE, STREAM_MAX_QUEUE } from '../../domain/rules';
import type { AppDeps } from '../deps';
import { commsAccess } from '../services/comms-access';
import { type BusEvent, type BusListener, type EventBus, type EventRow, toBusEvent } from './bus';
import { type PrebuiltFrame, prebuiltTextFrame } from './frame-fanout';
import { realtimeStatements } from './statements';

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

/** Where a viewer's events come from: live from the bus, and from the database to catch up. */
export type EventSource = {
  subscribe(listener: BusListener): () => void;
  /** Whether this viewer receives an event (called for every event the subscription hears, in order). */
  accepts(event: BusEvent): boolean;
  /** Every candidate event after `from`, oldest first (filtered again by `accepts`). */
  backlog(from: number): Iterable<BusEvent>;
};

/** One session's events for one viewer: only that session's events reach it (the bus is indexed by session). */
export function sessionSource(bus: EventBus, sessionId: number, viewer: StreamViewer): EventSource {
  return new SessionSource(bus, sessionId, viewer);
}

// Kept for a socket's whole life, so its functions are methods, not closures: `npm start` runs
// through tsx, whose esbuild keepNames gives every named closure its own hidden class when it
// is created (an Object.defineProperty of its name), about 250 bytes for each socket.
class SessionSource implements EventSource {
  constructor(
    private readonly bus: EventBus,
    private readonly sessionId: number,
    private readonly viewer: StreamViewer,
  ) {}

  subscribe(listener: BusListener): () => void {
    return this.bus.subscribeSession(this.sessionId, listener);
  }

  accepts(event: BusEvent): boolean {
    return event.sessionId === this.sessionId && canSee(this.viewer, event);
  }

  backlog(from: number): Iterable<BusEvent> {
    return sessionBacklog(this.bus, this.sessionId, from);
  }
}

/** The session's stream as an async generator (the tRPC subscription). */
export function sessionStream(bus: EventBus, opts: StreamOptions): AsyncGenerator<BusEvent, void, undefined> {
  return streamOf(sessionSource(bus, opts.sessionId, opts.viewer), opts);
}

/** A source as an async generator, caught up from lastEventId: subscribed before the backlog is read. */
async function* streamOf(
  source: EventSource,
  opts: { lastEventId?: number | null | undefined; signal?: AbortSignal | undefined },
): AsyncGenerator<BusEvent, void, undefined> {
  const { signal } = opts;
  const queue: BusEvent[] = [];
  let overflowFrom: number | null = null;
  let wake: (() => void) | null = null;

  const unsubscribe = source.subscribe((event) => {
    if (!source.accepts(event)) return;
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
      for (const e of source.backlog(last)) {
        last = e.id;
        if (source.accepts(e)) yield e;
        if (signal?.aborted) return;
      }
    }
    while (!signal?.aborted) {
      if (overflowFrom !== null) {
        // Too far behind: read what was missed from the database instead of memory.
        const from: number = last ?? overflowFrom;
        overflowFrom = null;
        last = from;
        for (const e of source.backlog(from)) {
          last = e.id;
          if (source.accepts(e)) yield e;
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

/**
 * Push delivery (the /ws socket): subscribes, hands `deliver` every backlog event after
 * lastEventId, then every live event as it is published, in order, with no gap and no
 * duplicate. All of it runs synchronously (SQLite reads are synchronous), so no event
 * can be published between the subscription and the end of the backlog, and no
 * per-viewer queue, promise or generator is kept. The socket's own send buffer is the
 * queue; the caller bounds it (a socket too far behind is closed and reconnects with
 * lastEventId, reading the database). `deliver` returns false to stop. Returns the way to stop.
 */
export function pushFeed(
  source: EventSource,
  lastEventId: number | null | undefined,
  deliver: (event: BusEvent) => boolean,
  /** Called when a publishAll step has reached this feed (whether or not its events were for it): write now. */
  endOfStep?: () => void,
): () => void {
  let last = lastEventId ?? null;
  let stopped = false;
  // No named closure here (see SessionSource): the feed lives as long as its socket.
  const unsubscribe = source.subscribe((event, stepEnds) => {
    if (stopped) return;
    if (source.accepts(event) && (last === null || event.id > last)) {
      last = event.id;
      if (!deliver(event)) {
        stopped = true;
        unsubscribe();
        return;
      }
    }
    if (stepEnds) endOfStep?.();
  });
  if (lastEventId !== null && lastEventId !== undefined) {
    for (const e of source.backlog(lastEventId)) {
      if (stopped) break;
      last = e.id;
      if (source.accepts(e) && !deliver(e)) {
        stopped = true;
        unsubscribe();
      }
    }
  }
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Every event of the session after `from`, page by page, oldest first. */
function* sessionBacklog(bus: EventBus, sessionId: number, from: number): Generator<BusEvent> {
  let cursor = from;
  for (;;) {
    const page = bus.since(sessionId, cursor, STREAM_BACKFILL_PAGE);
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
    const sql = realtimeStatements(db);
    if (user.isGuest) {
      const row = gameSessionId ? sql.guestPlayer.get(gameSessionId, user.id) : undefined;
      if (row && gameSessionId) this.add(gameSessionId, false);
    } else if (user.role === 'hunter') {
      const rows = sql.hunterSessions.all(user.id) as { id: number }[];
      for (const { id } of rows) this.add(id, false);
    } else {
      const rows = sql.ownedLiveSessions.all(user.id, ...LIVE_SESSION_STATUSES) as { id: number }[];
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
    const row = realtimeStatements(this.db).sessionOwner.get(sessionId) as { ownerId: string } | undefined;
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
    const row = realtimeStatements(this.db).latestEventIdOf.get(JSON.stringify(ids)) as { id: number };
    return row.id;
  }

  /** Events of these sessions after `from`, page by page, oldest first. */
  *backlog(from: number): Generator<BusEvent> {
    const ids = this.sessionIds;
    if (ids.length === 0) return;
    const list = JSON.stringify(ids);
    let cursor = from;
    for (;;) {
      const rows = realtimeStatements(this.db).eventsSinceOf.all(list, cursor, STREAM_BACKFILL_PAGE) as EventRow[];
      const page = rows.map(toBusEvent);
      for (const e of page) {
        cursor = e.id;
        yield e;
      }
      if (page.length < STREAM_BACKFILL_PAGE) return;
    }
  }

  /**
   * These sessions' events. A guest's sessions never change, so it listens to them alone;
   * a hunter account or game master may join or create sessions later, found by their
   * events, so those listen to the whole bus (few sockets: dashboards without a sessionId).
   */
  source(bus: EventBus): EventSource {
    const ids = this.sessionIds;
    const subscribe: EventSource['subscribe'] = !this.user.isGuest
      ? (listener) => bus.subscribe(listener)
      : ids.length === 1
        ? (listener) => bus.subscribeSession(ids[0]!, listener)
        : () => () => {};
    return { subscribe, accepts: (event) => this.accepts(event), backlog: (from) => this.backlog(from) };
  }
}

/** Every event of every session of a sign-in (SignInSessions), with the same audience filtering. */
export function signInStream(
  bus: EventBus,
  sessions: SignInSessions,
  opts: { lastEventId?: number | null | undefined; signal?: AbortSignal },
): AsyncGenerator<BusEvent, void, undefined> {
  return streamOf(sessions.source(bus), opts);
}

/** What subscribers receive (tRPC): the event with its payload, never its audience. */
export type StreamEvent = {
  id: number;
  type: string;
  sessionId: number;
  timestamp: number;
  payload: Record<string, unknown>;
};

const streamEvents = new WeakMap<BusEvent, StreamEvent>();

/** toStreamEvent built once per event and shared by every subscription of its session (read-only). */
export function sharedStreamEvent(event: BusEvent, sessionId: number): StreamEvent {
  if (event.sessionId !== sessionId) return toStreamEvent(event, sessionId);
  let shaped = streamEvents.get(event);
  if (!shaped) {
    shaped = toStreamEvent(event, sessionId);
    streamEvents.set(event, shaped);
  }
  return shaped;
}

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

const frames = new WeakMap<BusEvent, PrebuiltFrame>();

/**
 * The /ws frame of an event, built once per event: its JSON as UTF-8 bytes and the complete
 * WebSocket frame around them. Every socket that may see it (the frame is the same whoever
 * the viewer is) is written the same bytes (sendPrebuilt).
 */
export function eventFrame(event: BusEvent): PrebuiltFrame {
  let frame = frames.get(event);
  if (!frame) {
    frame = prebuiltTextFrame(Buffer.from(JSON.stringify(toFrame(event, event.sessionId ?? 0))));
    frames.set(event, frame);
  }
  return frame;
}

/** The /ws frame's JSON of an event as UTF-8 bytes (eventFrame's payload). */
export function frameBytes(event: BusEvent): Buffer {
  return eventFrame(event).payload;
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
