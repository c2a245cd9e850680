// The event bus's contract: what a change publishes and what listeners hear. Services publish
// through it and the real-time paths (realtime/) and the read cache (cached-reads/) listen, so it
// lives beside them rather than in any of them: services need no import from realtime/, which
// imports services. The implementation is realtime/bus.ts.
import type { AppEvent } from '../domain/contracts';
import type { Queryable } from './db/client';

/**
 * Who may see an event: everyone in the session, its owner (and admins), one user,
 * the owner (and admins) plus one user (a hunter's message to headquarters), or the owner
 * (and admins) plus the hunters now in one team (a team's channel, teammates' positions; issue 42).
 */
export type Audience = 'all' | 'owner' | `user:${string}` | `owner+user:${string}` | `team:${number}`;

/**
 * A stored event: one member of the union of every event (domain/contracts/events.ts), with its id,
 * session (null: of no session), audience and the time it was stored.
 */
export type BusEvent<E extends AppEvent = AppEvent> = E extends AppEvent
  ? { id: number; sessionId: number | null; audience: Audience; createdAt: number } & E
  : never;

/** What a change publishes: a member of the union, its session (null: of no session) and who may see it (default 'all'). */
export type PublishInput<E extends AppEvent = AppEvent> = E extends AppEvent
  ? { sessionId: number | null; audience?: Audience } & E
  : never;

/**
 * Hears an event. `endOfStep` is true when the listener has now heard every event of a
 * publishAll step, in a row (a socket writes what it holds at once); undefined after a
 * plain publish (what a socket holds is written at the end of the task).
 */
export type BusListener = (event: BusEvent, endOfStep?: boolean) => void;

export interface EventBus {
  /**
   * Stores the event with `q` (pass the transaction of the change it describes: both commit
   * together or neither does) and delivers it to listeners once that has committed.
   */
  publish(q: Queryable, event: PublishInput): Promise<BusEvent>;
  /**
   * The events of one step of one session (a broadcast is new_communication, then broadcast),
   * stored in order; each listener then hears all of them in a row, the last with endOfStep.
   * A socket thus gets the step's frames in one write as soon as its turn comes, instead of
   * every socket waiting for the step's last event to reach every other socket.
   */
  publishAll(q: Queryable, events: PublishInput[]): Promise<BusEvent[]>;
  /** Every event of every session (few listeners: tests, sign-ins that may join sessions later). */
  subscribe(listener: BusListener): () => void;
  /** The events of one game session only. */
  subscribeSession(sessionId: number, listener: BusListener): () => void;
  /** Events of one session after `lastId`, oldest first. */
  since(sessionId: number, lastId: number, limit?: number): Promise<BusEvent[]>;
  /** Up to `limit` events of one session after `lastId` that a viewer may see (the audience filtered in SQL), oldest first. */
  visibleSince(sessionId: number, lastId: number, viewer: Viewer, limit: number): Promise<BusEvent[]>;
  /** Whether more than `max` events of the session follow `lastId` (a resume too long to replay). */
  moreThan(sessionId: number, lastId: number, max: number): Promise<boolean>;
  /**
   * Whether this process has delivered every committed event it knows of: /readyz's "tailer caught
   * up". Always true with one process (SQLite); with PostgreSQL the cluster's tailer answers.
   */
  caughtUp(): boolean;
  /** Stops whatever the bus runs in the background (a tailer, its connection); the database may then close. */
  close(): Promise<void>;
}

/** Who reads (session-stream.ts's StreamViewer): `teamIds`, the teams whose 'team:<id>' events they see. */
export type Viewer = { userId: string; seesOwnerEvents: boolean; teamIds?: readonly number[] };
