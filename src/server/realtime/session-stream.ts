// One session's event stream for one viewer, shared by the tRPC subscription and
// the /ws socket: audience filtering, and catch-up from a last event id with no
// gap and no duplicate. It subscribes to the bus BEFORE reading the backlog, and
// drops live events it has already delivered from the backlog (ids only grow).
// A viewer that falls too far behind is switched back to reading the database,
// which holds every event, so memory stays bounded and nothing is lost. The bus delivers
// an event only once its transaction has committed, so a page read after hearing it reads it
// too (and a page read while events are heard is followed by what was heard). A replay reads
// only the events its viewer may see (the audience filtered in SQL), a page at a time,
// and one more than STREAM_REPLAY_MAX_EVENTS behind is not replayed at all: the
// subscriber is told to resync (decision 700).
import type { User } from 'lucia';
import type { LiveEvent, StreamEvent } from '../../domain/contracts';
import { STREAM_BACKFILL_PAGE, STREAM_MAX_QUEUE, STREAM_REPLAY_MAX_EVENTS, STREAM_REPLAY_PAGE } from './limits';
import type { AppDeps } from '../deps';
import { commsAccess } from '../services/comms-access';
import type { BusEvent, BusListener, EventBus } from './bus';
import { type SharedText, sharedText } from './frame-fanout';
import { hunterSessionIds, ownedLiveSessionIds, sessionOwnerId, sessionPlayerTeam } from './queries';
import { countEventsSince, latestEventId, visibleEventsSince } from '../db/events';

export type StreamViewer = {
  userId: string;
  /** Owner of the session or admin: receives 'owner' events (positions, headquarters messages). */
  seesOwnerEvents: boolean;
  /** Set once this hunter's own 'hunter_removed' event has been accepted: nothing more of the session follows (decision 836). */
  removed?: boolean;
  /**
   * The hunter's team now (issue 42): they see its 'team:<id>' events. Follows their own team_membership
   * events as the stream carries them, so a switch takes effect from that event on.
   */
  teamId?: number | null;
};

/**
 * Whether a viewer accepts an event it may see, minding removal (decision 836): a hunter's own
 * 'hunter_removed' is the last event of the session their streams carry; after it, none.
 */
function acceptsMindingRemoval(viewer: StreamViewer, event: BusEvent): boolean {
  if (viewer.removed) return false;
  if (event.type === 'hunter_removed' && !viewer.seesOwnerEvents && event.payload.userId === viewer.userId) viewer.removed = true;
  if (event.type === 'team_membership' && event.payload.userId === viewer.userId) viewer.teamId = event.payload.teamId;
  return true;
}

/** The viewer as the event log's SQL filter reads it (db/events.ts visibleTo). */
function sqlViewer(viewer: StreamViewer) {
  return { userId: viewer.userId, seesOwnerEvents: viewer.seesOwnerEvents, teamIds: viewer.teamId ? [viewer.teamId] : [] };
}

/** Throws 404/403 unless the user is the session's owner, an admin or one of its hunters. */
export async function streamViewer(ctx: { db: AppDeps['db']; user: User }, sessionId: number): Promise<StreamViewer> {
  const access = await commsAccess(ctx, sessionId);
  return { userId: ctx.user.id, seesOwnerEvents: access.seesAll, teamId: access.player?.teamId ?? null };
}

const OWNER_AND_USER = 'owner+user:';
const USER = 'user:';
const TEAM = 'team:';

export function canSee(viewer: StreamViewer, event: Pick<BusEvent, 'audience'>): boolean {
  const audience: string = event.audience;
  if (audience === 'all') return true;
  if (audience === 'owner') return viewer.seesOwnerEvents;
  if (audience.startsWith(OWNER_AND_USER)) {
    return viewer.seesOwnerEvents || audience.slice(OWNER_AND_USER.length) === viewer.userId;
  }
  if (audience.startsWith(USER)) return audience.slice(USER.length) === viewer.userId;
  if (audience.startsWith(TEAM)) {
    return viewer.seesOwnerEvents || (viewer.teamId != null && audience.slice(TEAM.length) === String(viewer.teamId));
  }
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
  /**
   * Whether this viewer receives an event (called for every event the subscription hears, in
   * order); undefined when that needs the database first (an event of a session the source has
   * not met yet): `learn(event)`, then ask again.
   */
  accepts(event: BusEvent): boolean | undefined;
  /** Reads what `accepts` needs to decide on `event` (only called after it answered undefined). */
  learn?(event: BusEvent): Promise<void>;
  /** Up to `limit` events this viewer may see after `after`, oldest first (the audience filtered in SQL; `accepts` checks again). */
  page(after: number, limit: number): Promise<BusEvent[]>;
  /** Whether more than `max` events of the source's sessions (seen or not) follow `from`. */
  behind(from: number, max: number): Promise<boolean>;
};

/** Why a resume is answered with 'resync' instead of a replay. */
export const RESYNC_REASON = `More than ${STREAM_REPLAY_MAX_EVENTS} events were missed: reload the current state, then follow live events`;

/** Whether a resume from `lastEventId` is too long to replay (more than STREAM_REPLAY_MAX_EVENTS events behind). */
export async function mustResync(source: EventSource, lastEventId: number | null | undefined): Promise<boolean> {
  return lastEventId !== null && lastEventId !== undefined && (await source.behind(lastEventId, STREAM_REPLAY_MAX_EVENTS));
}

/**
 * The 'resync' answer of a subscription (tRPC), tracked with the session's newest event id: the
 * client resumes from there next time, reloads what it shows, and live events follow.
 */
export function resyncEvent(sessionId: number, resumeFrom: number, now: number): StreamEvent {
  return { id: resumeFrom, type: 'resync', sessionId, timestamp: now, payload: { resumeFrom, reason: RESYNC_REASON } };
}

/** Every event the source's viewer may see after `from`, page by page, oldest first (the async stream's backlog). */
async function* backlogOf(source: EventSource, from: number): AsyncGenerator<BusEvent> {
  let cursor = from;
  for (;;) {
    const page = await source.page(cursor, STREAM_BACKFILL_PAGE);
    for (const e of page) {
      cursor = e.id;
      yield e;
    }
    if (page.length < STREAM_BACKFILL_PAGE) return;
  }
}

/** One session's events for one viewer: only that session's events reach it (the bus is indexed by session). */
export function sessionSource(bus: EventBus, sessionId: number, viewer: StreamViewer): EventSource {
  return new SessionSource(bus, sessionId, viewer);
}

/** A session's events as one viewer may see them: the EventSource of a socket's feed. */
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
    return event.sessionId === this.sessionId && canSee(this.viewer, event) && acceptsMindingRemoval(this.viewer, event);
  }

  page(after: number, limit: number): Promise<BusEvent[]> {
    return this.bus.visibleSince(this.sessionId, after, sqlViewer(this.viewer), limit);
  }

  behind(from: number, max: number): Promise<boolean> {
    return this.bus.moreThan(this.sessionId, from, max);
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
  /** Queued events the source could not decide on when heard (learn, then ask again). */
  const undecided = new Set<BusEvent>();
  /** Undecided events dropped with an overflow, one per session: learnt before the database is read. */
  const toLearn = new Map<number, BusEvent>();
  let overflowFrom: number | null = null;
  let wake: (() => void) | null = null;

  const unsubscribe = source.subscribe((event) => {
    const accepted = source.accepts(event);
    if (accepted === false) return;
    if (overflowFrom !== null) {
      if (accepted === undefined && event.sessionId !== null && !toLearn.has(event.sessionId)) toLearn.set(event.sessionId, event);
      return;
    }
    if (queue.length >= STREAM_MAX_QUEUE) {
      overflowFrom = queue[0]!.id - 1;
      queue.length = 0;
      for (const e of [...undecided, ...(accepted === undefined ? [event] : [])]) {
        if (e.sessionId !== null && !toLearn.has(e.sessionId)) toLearn.set(e.sessionId, e);
      }
      undecided.clear();
    } else {
      queue.push(event);
      if (accepted === undefined) undecided.add(event);
    }
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);

  let last: number | null = opts.lastEventId ?? null;
  try {
    if (last !== null) {
      for await (const e of backlogOf(source, last)) {
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
        // Sessions met while overflowing are looked up first, so the database read covers them.
        for (const e of [...toLearn.values()]) await source.learn?.(e);
        toLearn.clear();
        for await (const e of backlogOf(source, from)) {
          last = e.id;
          if (source.accepts(e)) yield e;
          if (signal?.aborted) return;
        }
        continue;
      }
      const event = queue.shift();
      if (event) {
        if (last !== null && event.id <= last) continue; // already delivered by the backlog
        if (undecided.delete(event)) {
          await source.learn?.(event);
          if (source.accepts(event) !== true) continue;
        }
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
 * Push delivery (both sockets): subscribes, hands `deliver` every event after lastEventId
 * the viewer may see, then every live event as it is published, in order, with no gap and no
 * duplicate. The replay reads STREAM_REPLAY_PAGE events at a time, other requests served
 * in between. While it replays, live events are left to the database (the bus delivers an
 * event once it has committed, so a later page reads it), except those heard while a page is
 * read, which that page may not hold: when the page is the last one (shorter than a full
 * one), the feed switches to live events and hands over those it heard meanwhile that follow
 * the page (more than STREAM_MAX_QUEUE of them: one more page instead). An event of a session
 * the source has not met (a game master's new session) sends the feed back to the database
 * until the source has looked the session up. No per-viewer queue or generator is kept: the
 * socket's own send buffer is the queue; the caller bounds it (a socket too far behind is
 * closed and reconnects with lastEventId). `deliver` returns false to stop. The caller decides
 * beforehand whether the resume is short enough to replay (mustResync). Returns the way to stop.
 */
export function pushFeed(
  source: EventSource,
  lastEventId: number | null | undefined,
  deliver: (event: BusEvent) => boolean,
  /** Called when a publishAll step has reached this feed (whether or not its events were for it): write now. */
  endOfStep?: () => void,
  /** A page could not be read (the feed has stopped): the caller ends the socket or subscription. */
  failed?: (err: unknown) => void,
): () => void {
  const feed = new PushFeed(source, lastEventId ?? null, deliver, endOfStep, failed);
  feed.unsubscribe = source.subscribe((event, stepEnds) => feed.hear(event, stepEnds));
  if (feed.replaying) feed.replay();
  return () => feed.stop();
}

/** One push feed's state: where it is in the session's events, and whether it still replays or has stopped. */
class PushFeed {
  stopped = false;
  replaying: boolean;
  unsubscribe: () => void = noop;
  /** Live events heard while a page is read (null between reads); `overheard` once more than STREAM_MAX_QUEUE came. */
  private heard: BusEvent[] | null = null;
  private overheard = false;

  constructor(
    private readonly source: EventSource,
    /** The last event id handed over (or passed by a page): live events at or before it are dropped. */
    public last: number | null,
    private readonly deliver: (event: BusEvent) => boolean,
    private readonly endOfStep: (() => void) | undefined,
    private readonly failed: ((err: unknown) => void) | undefined,
  ) {
    this.replaying = last !== null;
  }

  hear(event: BusEvent, stepEnds: boolean | undefined): void {
    if (this.stopped) return;
    if (this.replaying) {
      // The database holds this event: a later page reads it. One read now may not: kept for after it.
      if (this.heard) {
        if (this.heard.length < STREAM_MAX_QUEUE) this.heard.push(event);
        else this.overheard = true;
      }
      return;
    }
    const accepted = this.source.accepts(event);
    if (accepted === undefined) {
      // A session the source has not met: back to the database from here until it has looked it up.
      if (this.last === null || this.last < event.id - 1) this.last = event.id - 1;
      this.replaying = true;
      this.replay(event);
      return;
    }
    if (accepted && (this.last === null || event.id > this.last)) {
      this.last = event.id;
      if (!this.deliver(event)) {
        this.stop();
        return;
      }
    }
    if (stepEnds) this.endOfStep?.();
  }

  /** Reads pages until caught up (after learning about `unknown`, when given), then follows live events. */
  replay(unknown?: BusEvent): void {
    void this.replayPages(unknown).catch((err: unknown) => {
      // A page that could not be read ends the feed: the client reconnects with its last event id.
      this.stop();
      this.failed?.(err);
    });
  }

  private async replayPages(unknown: BusEvent | undefined): Promise<void> {
    if (unknown) await this.source.learn?.(unknown);
    while (!this.stopped && (await this.page())) {
      // Other requests are served between pages.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Replays one page; true when more may follow. */
  private async page(): Promise<boolean> {
    this.heard = [];
    this.overheard = false;
    let page: BusEvent[];
    try {
      page = await this.source.page(this.last!, STREAM_REPLAY_PAGE);
    } catch (err) {
      this.heard = null;
      throw err;
    }
    const heard = this.heard ?? [];
    this.heard = null;
    for (const e of page) {
      if (this.stopped) return false;
      this.last = e.id;
      if (this.source.accepts(e) === true && !this.deliver(e)) {
        this.stop();
        return false;
      }
    }
    if (this.stopped) return false;
    if (page.length < STREAM_REPLAY_PAGE && !this.overheard) {
      // Caught up: live events from here on, first those heard while the page was read (the page may not hold them).
      this.replaying = false;
      for (const e of heard) {
        this.hear(e, undefined);
        if (this.stopped || this.replaying) break;
      }
      return false;
    }
    return true;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }
}

function noop(): void {}

/**
 * The game sessions a sign-in belongs to, for a socket opened without a sessionId:
 * a guest's own session; the sessions a hunter account has joined and that have not
 * ended; a game master's (or admin's) own live sessions. Sessions joined or created
 * later join the set when their first event arrives: a hunter's own hunter_joined,
 * or any event of a session the game master owns (owners never change).
 */
export class SignInSessions implements EventSource {
  private readonly viewers = new Map<number, StreamViewer>();
  private bus: EventBus | null = null;
  private readonly notOwned = new Set<number>();

  /** The sign-in's sessions as the database holds them now. */
  static async load(db: AppDeps['db'], user: User, gameSessionId: number | null): Promise<SignInSessions> {
    const sessions = new SignInSessions(db, user);
    if (user.isGuest) {
      const player = gameSessionId ? await sessionPlayerTeam(db, gameSessionId, user.id) : undefined;
      if (gameSessionId && player) sessions.add(gameSessionId, false, player.teamId);
    } else if (user.role === 'hunter') {
      for (const { id, teamId } of await hunterSessionIds(db, user.id)) sessions.add(id, false, teamId);
    } else {
      for (const id of await ownedLiveSessionIds(db, user.id)) sessions.add(id, true);
    }
    return sessions;
  }

  private constructor(
    private readonly db: AppDeps['db'],
    private readonly user: User,
  ) {}

  private add(sessionId: number, seesOwnerEvents: boolean, teamId: number | null = null): StreamViewer {
    const viewer = { userId: this.user.id, seesOwnerEvents, teamId };
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

  /** The viewer of the event's session; null when not one of these sessions; undefined when its owner must be looked up (learn). */
  private viewerFor(event: BusEvent): StreamViewer | null | undefined {
    const sessionId = event.sessionId;
    if (sessionId === null) return null;
    const known = this.viewers.get(sessionId);
    if (known) return known;
    if (this.user.isGuest) return null;
    if (this.user.role === 'hunter') {
      const joined = event.type === 'hunter_joined' && event.payload.userId === this.user.id;
      return joined ? this.add(sessionId, false) : null;
    }
    return this.notOwned.has(sessionId) ? null : undefined;
  }

  accepts(event: BusEvent): boolean | undefined {
    const viewer = this.viewerFor(event);
    if (viewer === undefined) return undefined;
    return viewer !== null && canSee(viewer, event) && acceptsMindingRemoval(viewer, event);
  }

  /** A game master's (or admin's) event of a session not met yet: theirs (followed from now on) or not (ignored). */
  async learn(event: BusEvent): Promise<void> {
    const sessionId = event.sessionId;
    if (sessionId === null || this.viewers.has(sessionId) || this.notOwned.has(sessionId)) return;
    const ownerId = await sessionOwnerId(this.db, sessionId);
    if (this.viewers.has(sessionId) || this.notOwned.has(sessionId)) return; // learnt meanwhile
    if (ownerId === this.user.id) this.add(sessionId, true);
    else this.notOwned.add(sessionId);
  }

  /** The newest event id of these sessions (0 when none): where a reconnect resumes from. */
  latestEventId(): Promise<number> {
    return latestEventId(this.db, this.sessionIds);
  }

  /** Up to `limit` events of these sessions after `after` that this sign-in may see (filtered in SQL), oldest first. */
  async page(after: number, limit: number): Promise<BusEvent[]> {
    // The same viewer for every session of the set: a game master's (or admin's) own sessions, a hunter's joined ones
    // (with the team of each: team ids are unique across sessions).
    const teamIds = [...this.viewers.values()].flatMap((v) => (v.teamId ? [v.teamId] : []));
    const viewer = { userId: this.user.id, seesOwnerEvents: this.seesOwnerEvents, teamIds };
    return (await visibleEventsSince(this.db, this.sessionIds, after, viewer, limit)) as BusEvent[];
  }

  async behind(from: number, max: number): Promise<boolean> {
    return (await countEventsSince(this.db, this.sessionIds, from, max + 1)) > max;
  }

  /** Owners (game masters, admins) see their sessions' owner events; guests and hunter accounts do not. */
  private get seesOwnerEvents(): boolean {
    return !this.user.isGuest && this.user.role !== 'hunter';
  }

  /**
   * These sessions' events. A guest's sessions never change, so it listens to them alone;
   * a hunter account or game master may join or create sessions later, found by their
   * events, so those listen to the whole bus (few sockets: dashboards without a sessionId).
   */
  subscribe(listener: BusListener): () => void {
    const bus = this.bus!;
    if (!this.user.isGuest) return bus.subscribe(listener);
    const ids = this.sessionIds;
    return ids.length === 1 ? bus.subscribeSession(ids[0]!, listener) : noop;
  }

  /** These sessions as an event source (the bus they are heard from). */
  source(bus: EventBus): EventSource {
    this.bus = bus;
    return this;
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

const streamEvents = new WeakMap<BusEvent, LiveEvent>();

/** toStreamEvent built once per event and shared by every subscription of its session (read-only). */
export function sharedStreamEvent(event: BusEvent, sessionId: number): LiveEvent {
  if (event.sessionId !== sessionId) return toStreamEvent(event, sessionId);
  let shaped = streamEvents.get(event);
  if (!shaped) {
    shaped = toStreamEvent(event, sessionId);
    streamEvents.set(event, shaped);
  }
  return shaped;
}

/** What subscribers receive (tRPC): the event with its payload, never its audience (domain/contracts/stream.ts). */
export function toStreamEvent(event: BusEvent, sessionId: number): LiveEvent {
  const ts: unknown = event.payload.timestamp;
  // The type and payload are the event's own pair (TypeScript cannot follow the pair through the fields).
  return {
    id: event.id,
    type: event.type,
    sessionId,
    timestamp: typeof ts === 'number' ? ts : event.createdAt,
    payload: event.payload,
  } as LiveEvent;
}

const frames = new WeakMap<BusEvent, SharedText>();

/**
 * The /ws frame of an event, built once per event: its JSON as UTF-8 bytes. Every socket
 * that may see it (the frame is the same whoever the viewer is) is sent the same bytes (sendShared).
 */
export function eventFrame(event: BusEvent): SharedText {
  let frame = frames.get(event);
  if (!frame) {
    frame = sharedText(JSON.stringify(toFrame(event, event.sessionId ?? 0)));
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
  const ts: unknown = event.payload.timestamp;
  return {
    ...event.payload,
    type: event.type,
    sessionId,
    timestamp: typeof ts === 'number' ? ts : event.createdAt,
    eventId: event.id,
  };
}
