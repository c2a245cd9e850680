// comms.events served by our tRPC socket (trpc-socket.ts) without tRPC's per-subscription
// async generator: the same checks as the procedure (routers/comms.ts), then a push feed
// (session-stream.ts, as /ws) whose frames are built once per event, not per subscription.
import type { TRPCDataTransformer } from '@trpc/server';
import type { Session, User } from 'lucia';
import { badRequest } from '../errors';
import { EventsRequest } from '../routers/comms.types';
import { authedProcedure, router } from '../trpc';
import type { BusEvent } from './bus';
import { type SharedText, sharedText } from './frame-fanout';
import { sharedStreamEvent, streamViewer, type StreamViewer } from './session-stream';

export const EVENTS_PATH = 'comms.events';

/**
 * The procedure's middleware and input, run as a query of its own: who may subscribe
 * (publicProcedure's re-check of a long-lived sign-in, authedProcedure) and the input
 * schema give the same errors as the procedure itself.
 */
export const eventsAdmission = router({
  events: authedProcedure.input(EventsRequest).query(({ ctx, input }) => ({ user: ctx.user, authSession: ctx.authSession, input })),
});

export type Admitted = { user: User; authSession: Session; input: { sessionId: number; lastEventId?: string | number | null | undefined } };

/**
 * The rest of the procedure's checks, which it makes once started (so their errors
 * follow `started`, as they did): access to the session (404/403) and the lastEventId.
 */
export async function eventsStart(
  db: Parameters<typeof streamViewer>[0]['db'],
  admitted: Admitted,
): Promise<{ viewer: StreamViewer; lastEventId: number | null }> {
  const viewer = await streamViewer({ db, user: admitted.user }, admitted.input.sessionId);
  const given = admitted.input.lastEventId;
  if (given === null || given === undefined) return { viewer, lastEventId: null };
  const lastEventId = Number(given);
  if (!Number.isSafeInteger(lastEventId) || lastEventId < 0) throw badRequest('Invalid lastEventId');
  return { viewer, lastEventId };
}

/** What one subscription's frames start with: `{"id":<its id>[,"jsonrpc":"2.0"],"result":{"type":"data","id":`. */
export function dataFrameHead(id: string | number, jsonrpc: '2.0' | undefined): string {
  return `{"id":${JSON.stringify(id)}${jsonrpc ? ',"jsonrpc":"2.0"' : ''},"result":{"type":"data","id":`;
}

/** An event's serialised data, and its frames by subscription head (most clients use the same ids). */
type SharedFrames = { tail: string; byHead: Map<string, SharedText> };

/** A few distinct heads per event are kept (the web client's ids repeat); others are built per socket. */
const MAX_HEADS_PER_EVENT = 8;

const sharedFrames = new WeakMap<BusEvent, SharedFrames>();

/**
 * The data frame of an event for a subscription, as tRPC writes a tracked event:
 * `result: { type: 'data', id, data: serialize({ id, data: streamEvent }) }`. The data
 * is serialised (superjson) once per event; the encoded text (for sendShared, as /ws)
 * is shared by every subscription whose head is the same.
 */
export function eventFrame(event: BusEvent, head: string, transformer: TRPCDataTransformer): SharedText {
  let shared = sharedFrames.get(event);
  if (!shared) {
    const id = String(event.id);
    const data = transformer.serialize({ id, data: sharedStreamEvent(event, event.sessionId ?? 0) });
    shared = { tail: `${JSON.stringify(id)},"data":${JSON.stringify(data)}}}`, byHead: new Map() };
    sharedFrames.set(event, shared);
  }
  const known = shared.byHead.get(head);
  if (known) return known;
  const frame = sharedText(head + shared.tail);
  if (shared.byHead.size < MAX_HEADS_PER_EVENT) shared.byHead.set(head, frame);
  return frame;
}
