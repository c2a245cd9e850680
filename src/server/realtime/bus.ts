// The event bus: every state change publishes one event. Events are appended to
// the `events` table in the transaction of the change they describe (so a
// reconnecting client can catch up from its last id, even across restarts, and an
// event never describes a change that rolled back), then fanned out in process once
// that commits. That is the whole story with one process (SQLite). On PostgreSQL several
// processes share the log, and every process's bus tails it instead (realtime/tailing-bus.ts,
// decision 881): openEventBus picks.
//
// Fan-out is indexed by game session: an event reaches the listeners of its own
// session (and the few process-wide listeners), so its cost grows with the sockets
// of that session, not with every socket of the process.
//
// Listeners hear events in id order: a feed hands over live events only past the last id
// it handed over (session-stream.ts), so one heard late would be lost. Event-writing
// transactions take turns from their event insert to COMMIT (db/events.ts), but on
// PostgreSQL the work after one's COMMIT may run after the next one's (each answer comes on
// its own connection). So each step of events takes a turn in `pending` when it is stored,
// and is delivered once it and every step before it are settled: committed (delivered in
// order) or rolled back (dropped). A step not yet known to have committed when a later one
// has is settled by the database (PostgreSQL: its id exists or never will; ids are not reused);
// on SQLite the notice of a commit comes before the next writer may start, so a step still
// unsettled when the next is stored rolled back (events-delivery-order.test.ts). (The app's
// PostgreSQL bus is the tailing one, which reads the log in id order instead; these rules remain for
// this in-process bus, whichever database it is given.)
import { commitsMayBeNoticedOutOfOrder, sharedByProcesses } from '../db/capabilities';
import { afterCommit, type Db, type Queryable } from '../db/client';
import { insertEvents } from '../db/events';
import type { Notifications } from '../db/notifications';
import type { BusEvent, EventBus } from '../event-bus';
import { eventStored } from './queries';
import { commonBusParts, createListeners, publishers, rowsOf, type StoreEvents } from './bus-parts';
import { openTailingBus } from './tailing-bus';

/** One publish's events, waiting for their turn to be delivered. */
type Step = { firstId: number; committed: boolean; deliver: () => void };

export type { Audience, BusEvent, BusListener, EventBus, PublishInput, Viewer } from '../event-bus';

/**
 * The bus of a process: on SQLite (one process) the in-process bus below; on PostgreSQL the
 * tailing bus (realtime/tailing-bus.ts), started (listening, its place in the log taken) before this
 * resolves. `notifications` wakes the tailer (db/notifications.ts); it is closed with the bus.
 */
export async function openEventBus(
  db: Db,
  opts: { now?: () => number; notifications?: Notifications | null; log?: Pick<Console, 'warn'> } = {},
): Promise<EventBus> {
  if (!sharedByProcesses(db)) return createEventBus(db, opts.now);
  return openTailingBus(db, opts);
}

/** The in-process bus (one process: SQLite). */
export function createEventBus(db: Db, now: () => number = Date.now): EventBus {
  const listeners = createListeners();

  // Steps in the order they were stored (id order: writers take turns), the oldest first.
  const pending: Step[] = [];
  let checking = false;
  /** Whether a commit's notice may come after the next writer's (PostgreSQL); never on SQLite (one connection). */
  const lateNotices = commitsMayBeNoticedOutOfOrder(db);

  /** The steps a transaction has queued (one transaction may publish several times). */
  const stepsOf = new WeakMap<object, Set<Step>>();
  const ownSteps = (tx: Queryable) => {
    let steps = stepsOf.get(tx);
    if (!steps) {
      steps = new Set();
      stepsOf.set(tx, steps);
    }
    return steps;
  };

  /** Delivers the settled steps at the head of `pending`, in order. */
  const flush = () => {
    while (pending.length > 0) {
      const head = pending[0]!;
      if (head.committed) {
        pending.shift();
        head.deliver();
        continue;
      }
      // A later step has committed, so the head's transaction has ended: its commit notice is still on
      // its way, or it rolled back. The database knows which.
      if (checking || !pending.some((step) => step.committed)) return;
      checking = true;
      eventStored(db, head.firstId).then(
        (stored) => {
          checking = false;
          if (pending[0] === head && !head.committed) {
            if (stored) head.committed = true;
            else pending.shift(); // rolled back: nothing to deliver
          }
          flush();
        },
        () => {
          // Asked again when the next step commits.
          checking = false;
        },
      );
      return;
    }
  };

  /** Stores the events with `tx` and queues their delivery for after its COMMIT. */
  const store: StoreEvents = async (tx, inputs, deliverAll) => {
    const events = (await insertEvents(tx, rowsOf(inputs, now))) as BusEvent[];
    // On SQLite every earlier writer has ended and been noticed: one still unsettled rolled back
    // (and SQLite may reuse its ids, so the database could not tell).
    if (!lateNotices) {
      while (pending.length > 0 && !pending[0]!.committed && !ownSteps(tx).has(pending[0]!)) pending.shift();
    }
    // Queued now, before this transaction can commit and the next writer's events be stored.
    const step: Step = { firstId: events[0]!.id, committed: false, deliver: () => deliverAll(events) };
    pending.push(step);
    ownSteps(tx).add(step);
    afterCommit(tx, () => {
      step.committed = true;
      flush();
    });
    return events;
  };

  return {
    ...commonBusParts(db, listeners),
    ...publishers(listeners, store),
    caughtUp: () => true,
    close: async () => {},
  };
}
