// The event log's writes and reads. An event is inserted with the queryable of the change it
// describes, so both commit together or not at all.
//
// Readers resume from `id > last`, so ids must become visible in id order. SQLite has one writer
// at a time, so they do. On PostgreSQL a sequence hands out ids at insert time but transactions
// commit in any order: a reader could see 12 before 11 commits and skip 11 forever. Each
// event-writing transaction therefore takes one transaction-scoped advisory lock before its first
// event insert and holds it to COMMIT, so event-writing transactions commit one after another, in
// the order their ids were drawn (db/events-order.test.ts fails without it).
//
// On PostgreSQL the same transaction then sends the newest id on EVENTS_NOTIFY_CHANNEL: at COMMIT it
// wakes every process's tailer (realtime/tailing-bus.ts), which reads the events themselves from the
// table (ids only in the notification; decision 881).
import { and, asc, count, eq, gt, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { AppEvent } from '../../domain/contracts';
import { EVENTS_NOTIFY_CHANNEL } from './constants';
import type { Db, Queryable } from './types';
import { dialectOf, handleOf } from './connection-handle';
import { notify } from './notifications';
import { rawRun } from './raw';
import { events } from './schema';

/** The advisory lock key that orders event commits on PostgreSQL ("DINOEVTS" as a number). */
const EVENTS_LOCK_KEY = 0x44494e4f_45565453n;

/** An event to append: a member of the event union (domain/contracts/events.ts), its session, audience and time. */
export type EventInsert = { sessionId: number | null; audience: string; createdAt: number } & AppEvent;

/** An event appended now (its id drawn). */
export type InsertedEvent = EventInsert & { id: number };

/**
 * A row read back from the table, as stored: its type and payload unchecked (the cluster's tailer
 * checks them against the union, realtime/bus-parts.ts membersOf).
 */
export type StoredEvent = {
  id: number;
  sessionId: number | null;
  type: string;
  audience: string;
  payload: Record<string, unknown>;
  createdAt: number;
};

/** Takes the event-order lock (PostgreSQL; held to the end of `tx`'s transaction). */
async function lockEventOrder(q: Queryable): Promise<void> {
  if (dialectOf(q) === 'pg') await rawRun(q, sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK_KEY.toString()}::bigint)`);
}

/**
 * Appends events in order with `q`: the caller's transaction, or the database (then on
 * PostgreSQL the events get a transaction of their own, for the order lock).
 */
export async function insertEvents(q: Queryable, rows: EventInsert[]): Promise<InsertedEvent[]> {
  if (rows.length === 0) return [];
  const handle = handleOf(q);
  if (handle.dialect === 'pg' && !handle.inTransaction) return (q as Db).transaction((tx) => insertEvents(tx, rows));
  await lockEventOrder(q);
  const stored: InsertedEvent[] = [];
  for (const row of rows) {
    const [inserted] = await q.insert(events).values(row).returning({ id: events.id });
    stored.push({ ...row, id: inserted!.id });
  }
  // Delivered at COMMIT, after the order lock's earlier holders' (ids only: the payloads stay in the table).
  if (handle.dialect === 'pg') await notify(q, EVENTS_NOTIFY_CHANNEL, String(stored[stored.length - 1]!.id));
  return stored;
}

const EVENT_FIELDS = {
  id: events.id,
  sessionId: events.sessionId,
  type: events.type,
  audience: events.audience,
  payload: events.payload,
  createdAt: events.createdAt,
};

/** Who reads: a user, whether they see owner events (the game master, admins), and the teams they are in now. */
export type EventViewer = { userId: string; seesOwnerEvents: boolean; teamIds?: readonly number[] };

/**
 * canSee (realtime/session-stream.ts) in SQL: everyone, the viewer alone, their team's, or owner
 * events (every team's among them) for owners and admins.
 */
function visibleTo(viewer: EventViewer): SQL {
  const mine = [
    eq(events.audience, 'all'),
    eq(events.audience, `user:${viewer.userId}`),
    eq(events.audience, `owner+user:${viewer.userId}`),
    ...(viewer.teamIds ?? []).map((teamId) => eq(events.audience, `team:${teamId}`)),
  ];
  if (viewer.seesOwnerEvents) mine.push(eq(events.audience, 'owner'), like(events.audience, 'owner+user:%'), like(events.audience, 'team:%'));
  return or(...mine)!;
}

const ofSessions = (sessionIds: readonly number[]) =>
  sessionIds.length === 1 ? eq(events.sessionId, sessionIds[0]!) : inArray(events.sessionId, [...sessionIds]);

/** Events of some sessions after `lastId`, oldest first. */
export async function eventsSince(q: Queryable, sessionIds: readonly number[], lastId: number, limit: number): Promise<StoredEvent[]> {
  if (sessionIds.length === 0) return [];
  return q
    .select(EVENT_FIELDS)
    .from(events)
    .where(and(ofSessions(sessionIds), gt(events.id, lastId)))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** Up to `limit` events of some sessions after `lastId` that the viewer may see, oldest first. */
export async function visibleEventsSince(
  q: Queryable,
  sessionIds: readonly number[],
  lastId: number,
  viewer: EventViewer,
  limit: number,
): Promise<StoredEvent[]> {
  if (sessionIds.length === 0) return [];
  return q
    .select(EVENT_FIELDS)
    .from(events)
    .where(and(ofSessions(sessionIds), gt(events.id, lastId), visibleTo(viewer)))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** How many events of some sessions follow `lastId`, counted up to `bound` (the index alone answers). */
export async function countEventsSince(q: Queryable, sessionIds: readonly number[], lastId: number, bound: number): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const recent = q
    .select({ one: sql`1` })
    .from(events)
    .where(and(ofSessions(sessionIds), gt(events.id, lastId)))
    .limit(bound)
    .as('recent');
  const [row] = await q.select({ n: count() }).from(recent);
  return row?.n ?? 0;
}

/** The newest event id of some sessions (0 when none). */
export async function latestEventId(q: Queryable, sessionIds: readonly number[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(ofSessions(sessionIds))
    .orderBy(sql`${events.id} desc`)
    .limit(1);
  return row?.id ?? 0;
}

/** Events of every session (and none) after `lastId`, oldest first: the cluster's tailer (realtime/tailing-bus.ts). */
export async function eventsAfter(q: Queryable, lastId: number, limit: number): Promise<StoredEvent[]> {
  return q.select(EVENT_FIELDS).from(events).where(gt(events.id, lastId)).orderBy(asc(events.id)).limit(limit);
}

/** The newest event id of all (0 when none): where a process's tailer starts. */
export async function newestEventId(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .orderBy(sql`${events.id} desc`)
    .limit(1);
  return row?.id ?? 0;
}
