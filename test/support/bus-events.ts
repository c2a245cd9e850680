// Events for the bus's own tests: the bus only takes members of the event union (domain/contracts),
// so tests that count, order or size events publish a real one, a broadcast, numbered by its messageId.
import type { Audience, BusEvent, PublishInput } from '../../src/server/event-bus';

/** A broadcast numbered `n` (its messageId), optionally with an audience other than 'all' or a long text (to fill buffers). */
export function numberedEvent(sessionId: number | null, n: number, opts: { audience?: Audience; text?: string } = {}): PublishInput {
  return {
    sessionId,
    ...(opts.audience ? { audience: opts.audience } : {}),
    type: 'broadcast',
    payload: { sessionId: sessionId ?? 0, timestamp: Date.now(), messageId: n, message: opts.text ?? '', userId: 'test', username: 'test' },
  };
}

/** The number of a numberedEvent as heard (undefined for any other event). */
export function numberOf(event: Pick<BusEvent, 'type' | 'payload'> | { type: string; payload: unknown }): number | undefined {
  return event.type === 'broadcast' ? (event.payload as { messageId: number }).messageId : undefined;
}
