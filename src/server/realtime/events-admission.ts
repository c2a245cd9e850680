// comms.events' admission, written once: who may subscribe (the procedure's builder) and the
// checks it makes once started. The procedure (routers/comms.ts, an async generator for tRPC's
// HTTP subscriptions) and the tRPC socket's push feed (trpc-socket.ts) both use them.
import type { Session, User } from 'lucia';
import { badRequest } from '../errors';
import { EventsRequest } from '../routers/comms.types';
import { authedProcedure, router } from '../trpc';
import { type StreamViewer, streamViewer } from './session-stream';

export const EVENTS_PATH = 'comms.events';

/** Who may subscribe to comms.events and with what input: the procedure (routers/comms.ts) is built on it. */
export const eventsProcedure = authedProcedure.input(EventsRequest);

/**
 * The procedure's middleware and input, run as a query of its own by the tRPC socket, which
 * serves the subscription as a push feed: the same builder, so the same errors as the procedure.
 */
export const eventsAdmission = router({
  events: eventsProcedure.query(({ ctx, input }) => ({ user: ctx.user, authSession: ctx.authSession, input })),
});

export type Admitted = { user: User; authSession: Session; input: { sessionId: number; lastEventId?: string | number | null | undefined } };

/**
 * The rest of the procedure's checks, which it makes once started (so their errors follow
 * `started`), for the procedure and the tRPC socket alike: access to the session (404/403)
 * and the lastEventId.
 */
export async function eventsStart(
  db: Parameters<typeof streamViewer>[0]['db'],
  admitted: Pick<Admitted, 'user' | 'input'>,
): Promise<{ viewer: StreamViewer; lastEventId: number | null }> {
  const viewer = await streamViewer({ db, user: admitted.user }, admitted.input.sessionId);
  const given = admitted.input.lastEventId;
  if (given === null || given === undefined) return { viewer, lastEventId: null };
  const lastEventId = Number(given);
  if (!Number.isSafeInteger(lastEventId) || lastEventId < 0) throw badRequest('Invalid lastEventId');
  return { viewer, lastEventId };
}
