// The event bus: every state change publishes one event. Events are appended to
// the `events` table first (so a reconnecting client can catch up from its last
// id, even across restarts), then fanned out in process. A multi-process
// deployment would swap the fan-out for PostgreSQL LISTEN/NOTIFY or Redis.
//
// Fan-out is indexed by game session: an event reaches the listeners of its own
// session (and the few process-wide listeners), so its cost grows with the sockets
// of that session, not with every socket of the process.
import type { Db } from '../db/client';
import { realtimeStatements } from './statements';

/**
 * Who may see an event: everyone in the session, its owner (and admins), one user,
 * or the owner (and admins) plus one user (a hunter's message to headquarters).
 */
export type Audience = 'all' | 'owner' | `user:${string}` | `owner+user:${string}`;

export type BusEvent = {
  id: number;
  sessionId: number | null;
  type: string;
  audience: Audience;
  payload: Record<string, unknown>;
  createdAt: number;
};

export type PublishInput = {
  sessionId: number | null;
  type: string;
  audience?: Audience;
  payload: Record<string, unknown>;
};

/**
 * Hears an event. `endOfStep` is true when the listener has now heard every event of a
 * publishAll step, in a row (a socket writes what it holds at once); undefined after a
 * plain publish (what a socket holds is written at the end of the task).
 */
export type BusListener = (event: BusEvent, endOfStep?: boolean) => void;

export interface EventBus {
  publish(event: PublishInput): BusEvent;
  /**
   * The events of one step of one session (a broadcast is new_communication, then broadcast),
   * stored in order; each listener then hears all of them in a row, the last with endOfStep.
   * A socket thus gets the step's frames in one write as soon as its turn comes, instead of
   * every socket waiting for the step's last event to reach every other socket.
   */
  publishAll(events: PublishInput[]): BusEvent[];
  /** Every event of every session (few listeners: tests, sign-ins that may join sessions later). */
  subscribe(listener: BusListener): () => void;
  /** The events of one game session only. */
  subscribeSession(sessionId: number, listener: BusListener): () => void;
  /** Events of one session after `lastId`, oldest first. */
  since(sessionId: number, lastId: number, limit?: number): BusEvent[];
  /** Up to `limit` events of one session after `lastId` that a viewer may see (the audience filtered in SQL), oldest first. */
  visibleSince(sessionId: number, lastId: number, viewer: Viewer, limit: number): BusEvent[];
  /** Whether more than `max` events of the session follow `lastId` (a resume too long to replay). */
  moreThan(sessionId: number, lastId: number, max: number): boolean;
}

/** Who reads (session-stream.ts's StreamViewer). */
export type Viewer = { userId: string; seesOwnerEvents: boolean };

export function createEventBus(db: Db, now: () => number = Date.now): EventBus {
  const everything = new Set<BusListener>();
  const bySession = new Map<number, Set<BusListener>>();
  const statements = realtimeStatements(db);

  // Listeners only queue the event and wake their stream (never subscribe synchronously),
  // so iterating the live sets is safe; one that unsubscribes meanwhile is skipped.
  const deliver = (listeners: Set<BusListener> | undefined, event: BusEvent) => {
    if (listeners) for (const listener of listeners) listener(event);
  };

  const deliverStep = (listeners: Set<BusListener> | undefined, events: BusEvent[]) => {
    if (!listeners) return;
    const last = events.length - 1;
    for (const listener of listeners) {
      for (let i = 0; i <= last; i++) listener(events[i]!, i === last);
    }
  };

  const store = ({ sessionId, type, audience = 'all', payload }: PublishInput): BusEvent => {
    const createdAt = now();
    const { id } = statements.insertEvent.get(sessionId, type, audience, JSON.stringify(payload), createdAt) as { id: number };
    return { id, sessionId, type, audience, payload, createdAt };
  };

  return {
    publish(input) {
      const event = store(input);
      if (event.sessionId !== null) deliver(bySession.get(event.sessionId), event);
      deliver(everything, event);
      return event;
    },
    publishAll(inputs) {
      const sessionId = inputs[0]?.sessionId ?? null;
      if (inputs.some((input) => input.sessionId !== sessionId)) throw new Error('publishAll: one session per step');
      const events = inputs.map(store);
      if (sessionId !== null) deliverStep(bySession.get(sessionId), events);
      deliverStep(everything, events);
      return events;
    },
    subscribe(listener) {
      everything.add(listener);
      return () => void everything.delete(listener);
    },
    subscribeSession(sessionId, listener) {
      const listeners = bySession.get(sessionId) ?? new Set<BusListener>();
      bySession.set(sessionId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && bySession.get(sessionId) === listeners) bySession.delete(sessionId);
      };
    },
    since(sessionId, lastId, limit = 500) {
      return (statements.eventsSince.all(sessionId, lastId, limit) as EventRow[]).map(toBusEvent);
    },
    visibleSince(sessionId, lastId, viewer, limit) {
      const rows = statements.visibleEventsSince.all({
        session: sessionId,
        after: lastId,
        owner: viewer.seesOwnerEvents ? 1 : 0,
        user: viewer.userId,
        limit,
      }) as EventRow[];
      return rows.map(toBusEvent);
    },
    moreThan(sessionId, lastId, max) {
      return (statements.countSince.get(sessionId, lastId, max + 1) as { n: number }).n > max;
    },
  };
}

/** A row of `events` read with realtimeStatements (payload still JSON text). */
export type EventRow = Omit<BusEvent, 'payload'> & { payload: string };

export const toBusEvent = (row: EventRow): BusEvent => ({ ...row, payload: JSON.parse(row.payload) });
