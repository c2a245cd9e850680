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

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(event: PublishInput): BusEvent;
  /** Every event of every session (few listeners: tests, sign-ins that may join sessions later). */
  subscribe(listener: BusListener): () => void;
  /** The events of one game session only. */
  subscribeSession(sessionId: number, listener: BusListener): () => void;
  /** Events of one session after `lastId`, oldest first. */
  since(sessionId: number, lastId: number, limit?: number): BusEvent[];
}

export function createEventBus(db: Db, now: () => number = Date.now): EventBus {
  const everything = new Set<BusListener>();
  const bySession = new Map<number, Set<BusListener>>();
  const statements = realtimeStatements(db);

  // Listeners only queue the event and wake their stream (never subscribe synchronously),
  // so iterating the live sets is safe; one that unsubscribes meanwhile is skipped.
  const deliver = (listeners: Set<BusListener> | undefined, event: BusEvent) => {
    if (listeners) for (const listener of listeners) listener(event);
  };

  return {
    publish({ sessionId, type, audience = 'all', payload }) {
      const createdAt = now();
      const { id } = statements.insertEvent.get(sessionId, type, audience, JSON.stringify(payload), createdAt) as { id: number };
      const event: BusEvent = { id, sessionId, type, audience, payload, createdAt };
      if (sessionId !== null) deliver(bySession.get(sessionId), event);
      deliver(everything, event);
      return event;
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
  };
}

/** A row of `events` read with realtimeStatements (payload still JSON text). */
export type EventRow = Omit<BusEvent, 'payload'> & { payload: string };

export const toBusEvent = (row: EventRow): BusEvent => ({ ...row, payload: JSON.parse(row.payload) });
