// The event bus of a cluster (PostgreSQL, decision 881): the events table is the log, and every
// process's bus tails it. An event-writing transaction sends its newest id with NOTIFY
// (db/events.ts), delivered to every listening process at COMMIT; the tailer then reads
// `events WHERE id > last ORDER BY id` and hands each event to this process's listeners (its
// session's, and the process-wide ones) in id order, no gap, no duplicate. A slow poll
// (EVENT_TAIL_POLL_MS) is the safety net for a lost notification, and when the listening connection
// comes back after a drop the tailer reads again from where it was.
//
// Why `id > last` never skips: event-writing transactions hold one advisory lock from their first
// event insert to COMMIT (db/events.ts, decision 866), so ids become visible in id order, and any
// read sees every committed event after `last` up to some id: a prefix of what is still to come.
//
// This process's own events take the same road, with one shortcut that changes nothing in the
// order: once a publish has committed, when its first id is the one right after the last delivered
// (and its ids follow one another), no other event can come in between, so it is delivered from
// memory at once instead of read back. Anything else (a commit noticed out of order, an id left
// unused by a rolled-back transaction) wakes the tailer, which reads the table.
import { EVENTS_NOTIFY_CHANNEL } from '../db/constants';
import { EVENT_TAIL_PAGE, EVENT_TAIL_POLL_MS } from './limits';
import { afterCommit, type Db } from '../db/client';
import { eventsAfter, insertEvents, newestEventId, type StoredEvent } from '../db/events';
import type { Notifications } from '../db/notifications';
import type { BusEvent, EventBus } from '../event-bus';
import { commonBusParts, createListeners, type Listeners, membersOf, publishers, rowsOf, type StoreEvents } from './bus-parts';

export type TailingBusOptions = {
  now?: () => number;
  /** Wakes the tailer (db/notifications.ts, listening on EVENTS_NOTIFY_CHANNEL); closed with the bus. Without it, the poll alone. */
  notifications?: Notifications | null;
  log?: Pick<Console, 'warn'>;
  /** The poll's period (default EVENT_TAIL_POLL_MS). */
  pollMs?: number;
};

/** Hands consecutive events of one session to its listeners as one step (each listener hears them in a row). */
function deliverRuns({ bySession, everything, deliverStep }: Listeners, events: BusEvent[]): void {
  let from = 0;
  while (from < events.length) {
    const sessionId = events[from]!.sessionId;
    let to = from + 1;
    while (to < events.length && events[to]!.sessionId === sessionId) to++;
    const run = from === 0 && to === events.length ? events : events.slice(from, to);
    if (sessionId !== null) deliverStep(bySession.get(sessionId), run);
    deliverStep(everything, run);
    from = to;
  }
}

/** Whether a step's ids follow one another (one publish's events always do; checked, not assumed). */
function consecutive(events: BusEvent[]): boolean {
  const first = events[0]!.id;
  for (let i = 1; i < events.length; i++) if (events[i]!.id !== first + i) return false;
  return true;
}

/** Opens the tailing bus: listening first, then its place in the log taken (the newest id), then the poll started. */
export async function openTailingBus(db: Db, opts: TailingBusOptions = {}): Promise<EventBus> {
  const now = opts.now ?? Date.now;
  const notifications = opts.notifications ?? null;
  const log = opts.log ?? console;
  const listeners = createListeners();

  /** The last id delivered: every committed event up to it has been delivered, none after it. */
  let last = -1;
  /** The newest id this process knows of (notifications, its own commits, reads). */
  let newest = 0;
  let started = false;
  let closed = false;
  /** The read under way, and whether another must follow it (woken meanwhile). */
  let reading: Promise<void> | null = null;
  let again = false;
  /** Whether the last read failed (not caught up until one succeeds). */
  let failing = false;

  /** Delivers what a read returned: events after `last` only (a commit delivered meanwhile is skipped), members of the union only. */
  const deliverRead = (page: StoredEvent[]) => {
    let from = 0;
    while (from < page.length && page[from]!.id <= last) from++;
    if (from === page.length) return;
    const fresh = from === 0 ? page : page.slice(from);
    last = fresh[fresh.length - 1]!.id;
    if (last > newest) newest = last;
    deliverRuns(listeners, membersOf(fresh, log));
  };

  const readAll = async () => {
    do {
      again = false;
      for (;;) {
        const page = await eventsAfter(db, last, EVENT_TAIL_PAGE);
        if (closed) return;
        deliverRead(page);
        if (page.length < EVENT_TAIL_PAGE) break;
      }
    } while (again && !closed);
  };

  /** Reads the log from `last` (one read at a time; woken during one, another follows). */
  const tail = () => {
    if (!started || closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readAll().then(
      () => {
        failing = false;
        reading = null;
      },
      (err: unknown) => {
        // The poll tries again; /readyz says not caught up meanwhile.
        failing = true;
        reading = null;
        if (!closed) log.warn(`event tailer: reading the events failed: ${String(err)}`);
      },
    );
  };

  /** This process's publish has committed: delivered now when nothing can come before it, else read from the log. */
  const committed = (events: BusEvent[], deliverAll: () => void) => {
    if (closed) return;
    const lastId = events[events.length - 1]!.id;
    if (lastId > newest) newest = lastId;
    if (!started || events[0]!.id !== last + 1 || !consecutive(events)) {
      tail();
      return;
    }
    last = lastId;
    deliverAll();
  };

  const store: StoreEvents = async (tx, inputs, deliverAll) => {
    const events = (await insertEvents(tx, rowsOf(inputs, now))) as BusEvent[];
    afterCommit(tx, () => committed(events, () => deliverAll(events)));
    return events;
  };

  const stopNotified =
    notifications?.on(EVENTS_NOTIFY_CHANNEL, (payload) => {
      const id = Number(payload);
      if (Number.isFinite(id) && id > newest) newest = id;
      if (!(id <= last)) tail();
    }) ?? (() => {});
  // Listening again after a drop: whatever was notified meanwhile is read now.
  const stopRelistened = notifications?.onListening(() => tail()) ?? (() => {});

  // Listening already (the notifications are open): an event committed from now on is either at or
  // before the newest id read here, or notified after it. This process has no listener yet.
  last = await newestEventId(db);
  if (last > newest) newest = last;
  started = true;
  // A notification that came while the newest id was read was not acted on.
  tail();
  const poll = setInterval(tail, opts.pollMs ?? EVENT_TAIL_POLL_MS);
  poll.unref();

  return {
    ...commonBusParts(db, listeners),
    ...publishers(listeners, store),
    caughtUp: () => started && !closed && !failing && (notifications?.listening ?? true) && last >= newest,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(poll);
      stopNotified();
      stopRelistened();
      await reading;
      await notifications?.close();
    },
  };
}
