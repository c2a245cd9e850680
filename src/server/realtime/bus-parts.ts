// What the in-process bus (bus.ts) and the cluster's tailing bus (tailing-bus.ts) share: the
// listeners indexed by game session and how events reach them, the rows a publish stores, and the
// reads of the stored events.
import { AppEvent } from '../../domain/contracts';
import { type Db, isDatabase, type Queryable } from '../db/client';
import { countEventsSince, type EventInsert, eventsSince, type StoredEvent, visibleEventsSince } from '../db/events';
import type { BusEvent, BusListener, EventBus, PublishInput, Viewer } from '../event-bus';

/** The bus's listeners, indexed by game session, and how events reach them (shared with realtime/tailing-bus.ts). */
export type Listeners = {
  everything: Set<BusListener>;
  bySession: Map<number, Set<BusListener>>;
  deliver(listeners: Set<BusListener> | undefined, event: BusEvent): void;
  deliverStep(listeners: Set<BusListener> | undefined, events: BusEvent[]): void;
};

export function createListeners(): Listeners {
  return {
    everything: new Set<BusListener>(),
    bySession: new Map<number, Set<BusListener>>(),
    // Listeners only queue the event and wake their stream (never subscribe synchronously),
    // so iterating the live sets is safe; one that unsubscribes meanwhile is skipped.
    deliver(listeners, event) {
      if (listeners) for (const listener of listeners) listener(event);
    },
    deliverStep(listeners, events) {
      if (!listeners) return;
      const last = events.length - 1;
      for (const listener of listeners) {
        for (let i = 0; i <= last; i++) listener(events[i]!, i === last);
      }
    },
  };
}

/**
 * The rows read back from the events table that are members of the event union, as stored; a row
 * that is not (written by another version of the app in a rolling deploy, or by hand) is logged and
 * skipped, so no listener is handed an event the contract does not describe. Checked where rows
 * enter from outside the process: the cluster's tailer (realtime/tailing-bus.ts), once per event and
 * process. The row itself is handed on, not zod's copy, which would drop payload fields no schema
 * names (so checking can never change what clients receive).
 */
export function membersOf(rows: readonly StoredEvent[], log: Pick<Console, 'warn'>): BusEvent[] {
  const members: BusEvent[] = [];
  for (const row of rows) {
    const checked = AppEvent.safeParse(row);
    if (checked.success) members.push(row as BusEvent);
    else log.warn(`event ${row.id} (${row.type}) is not one of the app's events; skipped: ${checked.error.issues[0]?.message ?? ''}`);
  }
  return members;
}

/** The rows to store for some published events, stamped now. */
export function rowsOf(inputs: PublishInput[], now: () => number) {
  const createdAt = now();
  return inputs.map((input): EventInsert => ({ ...input, audience: input.audience ?? 'all', createdAt }));
}

/** Runs `work` in the caller's transaction, or in one of its own (so the step is queued before its COMMIT). */
const inTransaction = <T>(q: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> =>
  isDatabase(q) ? q.transaction((tx) => work(tx)) : work(q);

/** Stores a publish's events with `tx` and arranges `deliverAll` for once that has committed (each bus its own way). */
export type StoreEvents = (tx: Queryable, inputs: PublishInput[], deliverAll: (events: BusEvent[]) => void) => Promise<BusEvent[]>;

/** publish and publishAll over a bus's own `store`: what reaches whom once a step has committed is the same on every bus. */
export function publishers({ everything, bySession, deliver, deliverStep }: Listeners, store: StoreEvents) {
  return {
    async publish(q: Queryable, input: PublishInput) {
      const [event] = await inTransaction(q, (tx) =>
        store(tx, [input], ([stored]) => {
          if (stored!.sessionId !== null) deliver(bySession.get(stored!.sessionId), stored!);
          deliver(everything, stored!);
        }),
      );
      return event!;
    },
    async publishAll(q: Queryable, inputs: PublishInput[]) {
      const sessionId = inputs[0]?.sessionId ?? null;
      if (inputs.some((input) => input.sessionId !== sessionId)) throw new Error('publishAll: one session per step');
      if (inputs.length === 0) return [];
      return inTransaction(q, (tx) =>
        store(tx, inputs, (events) => {
          if (sessionId !== null) deliverStep(bySession.get(sessionId), events);
          deliverStep(everything, events);
        }),
      );
    },
  } satisfies Partial<EventBus>;
}

/** What every bus does the same way: subscriptions, and reads of the stored events. */
export function commonBusParts(db: Db, { everything, bySession }: Listeners) {
  return {
    subscribe(listener: BusListener) {
      everything.add(listener);
      return () => void everything.delete(listener);
    },
    subscribeSession(sessionId: number, listener: BusListener) {
      const listeners = bySession.get(sessionId) ?? new Set<BusListener>();
      bySession.set(sessionId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && bySession.get(sessionId) === listeners) bySession.delete(sessionId);
      };
    },
    // Replays are read per viewer (a reconnect storm reads the same rows once per socket), so they are not
    // parsed again: every row was written by insertEvents from a typed publish (members only), and the
    // rows a cluster delivers live are checked once by the tailer (membersOf).
    async since(sessionId: number, lastId: number, limit = 500) {
      return (await eventsSince(db, [sessionId], lastId, limit)) as BusEvent[];
    },
    async visibleSince(sessionId: number, lastId: number, viewer: Viewer, limit: number) {
      return (await visibleEventsSince(db, [sessionId], lastId, viewer, limit)) as BusEvent[];
    },
    async moreThan(sessionId: number, lastId: number, max: number) {
      return (await countEventsSince(db, [sessionId], lastId, max + 1)) > max;
    },
  } satisfies Partial<EventBus>;
}
