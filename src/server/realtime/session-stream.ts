// One session's event stream for one viewer, shared by the tRPC subscription and
// the /ws socket: audience filtering, and catch-up from a last event id with no
// gap and no duplicate. It subscribes to the bus BEFORE reading the backlog, and
// drops live events it has already delivered from the backlog (ids only grow).
// A viewer that falls too far behind is switched back to reading the database,
// which holds every event, so memory stays bounded and nothing is lost.
import type { User } from 'lucia';
import { STREAM_BACKFILL_PAGE, STREAM_MAX_QUEUE } from '../../domain/rules';
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
  const { sessionId, viewer, signal } = opts;
  const queue: BusEvent[] = [];
  let overflowFrom: number | null = null;
  let wake: (() => void) | null = null;

  const unsubscribe = bus.subscribe((event) => {
    if (event.sessionId !== sessionId || !canSee(viewer, event)) return;
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
      for (const e of backlog(bus, opts, last)) {
        last = e.id;
        if (canSee(viewer, e)) yield e;
        if (signal?.aborted) return;
      }
    }
    while (!signal?.aborted) {
      if (overflowFrom !== null) {
        // Too far behind: read what was missed from the database instead of memory.
        const from: number = last ?? overflowFrom;
        overflowFrom = null;
        last = from;
        for (const e of backlog(bus, opts, from)) {
          last = e.id;
          if (canSee(viewer, e)) yield e;
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
