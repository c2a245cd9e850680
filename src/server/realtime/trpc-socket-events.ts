// comms.events frames of our tRPC socket (trpc-socket.ts): what tRPC writes for a tracked
// event, built once per event (not per subscription) for the push feed (session-stream.ts, as /ws).
import type { TRPCDataTransformer } from '@trpc/server';
import type { BusEvent } from './bus';
import { type SharedText, sharedText } from './frame-fanout';
import { sharedStreamEvent } from './session-stream';

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
