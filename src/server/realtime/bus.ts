// The event bus: every state change publishes one event. Events are appended to
// the `events` table first (so a reconnecting client can catch up from its last
// id, even across restarts), then fanned out in process. A multi-process
// deployment would swap the fan-out for PostgreSQL LISTEN/NOTIFY or Redis.
import { EventEmitter } from 'node:events';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';

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

export interface EventBus {
  publish(event: PublishInput): BusEvent;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Events of one session after `lastId`, oldest first. */
  since(sessionId: number, lastId: number, limit?: number): BusEvent[];
}

export function createEventBus(db: Db, now: () => number = Date.now): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);

  return {
    publish({ sessionId, type, audience = 'all', payload }) {
      const createdAt = now();
      const row = db
        .insert(events)
        .values({ sessionId, type, audience, payload, createdAt })
        .returning({ id: events.id })
        .get();
      const event: BusEvent = { id: row.id, sessionId, type, audience, payload, createdAt };
      emitter.emit('event', event);
      return event;
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    since(sessionId, lastId, limit = 500) {
      return db
        .select()
        .from(events)
        .where(and(eq(events.sessionId, sessionId), gt(events.id, lastId)))
        .orderBy(asc(events.id))
        .limit(limit)
        .all() as BusEvent[];
    },
  };
}
