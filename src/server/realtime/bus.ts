// The event bus: every state change publishes one event. Events are appended to
// the `events` table in the transaction of the change they describe (so a
// reconnecting client can catch up from its last id, even across restarts, and an
// event never describes a change that rolled back), then fanned out in process once
// that commits. A multi-process deployment would swap the fan-out for PostgreSQL
// LISTEN/NOTIFY (the cluster issue).
//
// Fan-out is indexed by game session: an event reaches the listeners of its own
// session (and the few process-wide listeners), so its cost grows with the sockets
// of that session, not with every socket of the process.
import { afterCommit, type Db } from '../db/client';
import { countEventsSince, eventsSince, insertEvents, visibleEventsSince } from '../db/events';
import type { BusEvent, BusListener, EventBus, PublishInput } from '../event-bus';

export type { Audience, BusEvent, BusListener, EventBus, PublishInput, Viewer } from '../event-bus';

export function createEventBus(db: Db, now: () => number = Date.now): EventBus {
  const everything = new Set<BusListener>();
  const bySession = new Map<number, Set<BusListener>>();

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

  const rowsOf = (inputs: PublishInput[]) => {
    const createdAt = now();
    return inputs.map(({ sessionId, type, audience = 'all', payload }) => ({ sessionId, type, audience, payload, createdAt }));
  };

  return {
    async publish(q, input) {
      const [event] = (await insertEvents(q, rowsOf([input]))) as BusEvent[];
      afterCommit(q, () => {
        if (event!.sessionId !== null) deliver(bySession.get(event!.sessionId), event!);
        deliver(everything, event!);
      });
      return event!;
    },
    async publishAll(q, inputs) {
      const sessionId = inputs[0]?.sessionId ?? null;
      if (inputs.some((input) => input.sessionId !== sessionId)) throw new Error('publishAll: one session per step');
      const events = (await insertEvents(q, rowsOf(inputs))) as BusEvent[];
      afterCommit(q, () => {
        if (sessionId !== null) deliverStep(bySession.get(sessionId), events);
        deliverStep(everything, events);
      });
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
    async since(sessionId, lastId, limit = 500) {
      return (await eventsSince(db, [sessionId], lastId, limit)) as BusEvent[];
    },
    async visibleSince(sessionId, lastId, viewer, limit) {
      return (await visibleEventsSince(db, [sessionId], lastId, viewer, limit)) as BusEvent[];
    },
    async moreThan(sessionId, lastId, max) {
      return (await countEventsSince(db, [sessionId], lastId, max + 1)) > max;
    },
  };
}
