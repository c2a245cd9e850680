// Communications, positions and the per-session event stream. Thin: every
// procedure calls a service that the /ws socket and the upload route share.
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { AppError, unauthorized } from '../errors';
import { eventsProcedure, eventsStart } from '../realtime/events-admission';
import { mustResync, resyncEvent, sessionSource, sessionStream, sharedStreamEvent } from '../realtime/session-stream';
import { latestEventId } from '../db/events';
import { commsAccess } from '../services/comms-access';
import { messagesViewer, sendMessage, visibleMessages } from '../services/communications';
import { withinWriteBudget } from '../services/write-limits';
import { latestPositions, recordPosition, trackingTeam } from '../services/positions';
import { authedProcedure, cachedSessionRead, router, SessionIdParam } from '../trpc';
import {
  HunterPositionOutput,
  ListMessagesRequest,
  MessageOutput,
  PositionOutput,
  ReportPositionRequest,
  SendMessageRequest,
} from './comms.types';
import { POST_MESSAGE_EXAMPLES, REPORT_POSITION_EXAMPLES } from './openapi-examples';

const tags = ['communications'];
const access = { 401: 'Not signed in', 403: 'Not part of this session', 404: 'Session not found' };

export const commsRouter = router({
  list: cachedSessionRead(ListMessagesRequest, async (ctx, { id, afterId, beforeId, limit }) => {
    // Access: the caller's part in the session (401/403/404 as listMessages gives them).
    const access = await commsAccess(ctx, id);
    // Then the cache: a page per viewer (a hunter's holds their own messages to headquarters) and query.
    return { read: { sessionId: id, key: `comms|${messagesViewer(ctx, access)}|${afterId}|${beforeId}|${limit}` }, ctx: { access } };
  })
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/communications',
        tags,
        summary: 'Messages the caller may see, newest last',
        description:
          'The owner and admins see every message; a hunter sees messages to all and to hunters, their own, and their ' +
          "team's channel (recipientType team; never another team's). " +
          'Without afterId: the latest `limit` (default 50) messages, before `beforeId` when given. ' +
          'With afterId: the first `limit` messages after that id (poll with the last id you hold). 401 without a sign-in, 403 with no part in the session, 404 for an unknown session, 400 for an invalid query.',
        errorResponses: { 400: 'Invalid query', ...access },
      },
    })
    .output(z.array(MessageOutput))
    .query(({ ctx, input: { id: _id, ...query } }) => visibleMessages(ctx, ctx.access, query)),

  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/game-sessions/{id}/communications',
        examples: POST_MESSAGE_EXAMPLES,
        tags,
        summary: 'Send a message, quick action or broadcast',
        description:
          'The sender is the signed-in caller (`userId` in the body is ignored). `type` or `messageType`: text, broadcast, ' +
          'hunter, quick_action, comms (media goes through upload-media). Hunters send to all, headquarters or their team ' +
          "(recipientType team); the game master to all, hunters or one team (team with `teamId`). Broadcasts only from the " +
          'session owner, labelled GAME MASTER. A quick action (`quickAction`) may leave `message` out; mark_location ' +
          "carries `location` or the last reported position. A team's hunter's quick action goes to their team when no " +
          'recipientType is given, with their last position; in a team session a marked location goes only to the team or ' +
          'headquarters (400 otherwise). 409 for a team message from a hunter in no team. ' +
          'Each account may send MESSAGE_RATE_LIMIT messages a minute (default 30, counted across REST, tRPC and /ws); ' +
          'past it: 429 with `retryAfterSeconds`. 401 without a sign-in, 403 for a recipient or a broadcast the role may not send, 404 for an unknown session, 400 for an empty message or an invalid field.',
        errorResponses: {
          400: 'Empty message or invalid field',
          ...access,
          403: "Not allowed (role or recipient, or another team's channel)",
          409: 'A team message from a hunter in no team',
          429: "'Too many messages. Please wait a moment and try again.' with retryAfterSeconds",
        },
      },
    })
    .input(SendMessageRequest)
    .output(MessageOutput)
    .mutation(({ ctx, input: { id, ...body } }) =>
      withinWriteBudget(ctx.writeLimits, 'message', ctx.user.id, () => sendMessage(ctx, id, body), ctx.setHeader),
    ),

  reportPosition: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/game-sessions/{id}/location',
        examples: REPORT_POSITION_EXAMPLES,
        tags,
        summary: "Report the caller's position (hunters of the session)",
        description:
          'Same as the /ws hunter_location frame. Stored for distance travelled and the live map, sent to the game ' +
          'master, deleted 48 hours after the session ends. A fix implying more than 100 m/s from the last accepted one is ' +
          'ignored (accepted: false); moves within the fix accuracy add no distance. Each hunter may send 10 reports at ' +
          'once and one more a second (the app sends one every 1-3 s), counted across REST, tRPC and /ws; past it: 429 ' +
          'with `retryAfterSeconds` and `Retry-After`, and nothing is stored. Hunters of the session only: 401 without a sign-in, 403 for anyone else, 404 for an unknown session, 409 once it has ended, 400 for an invalid position.',
        errorResponses: {
          400: 'Invalid position',
          ...access,
          403: 'Not a hunter of this session',
          409: 'Session ended',
          429: "'Too many position reports. Please wait a moment and try again.' with retryAfterSeconds",
        },
      },
    })
    .input(ReportPositionRequest)
    .output(PositionOutput)
    .mutation(({ ctx, input: { id, ...fix } }) => recordPosition(ctx, id, fix)),

  // Cache: one tracking map per session and one per team (issue 42), dropped by every hunter's new position too.
  hunterLocations: cachedSessionRead(SessionIdParam, async (ctx, input) => {
    const team = await trackingTeam(ctx, input.id);
    const key = team === null ? 'tracking' : `tracking|team:${team}`;
    return { read: { sessionId: input.id, key, movesWithPositions: true }, ctx: { team } };
  })
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/hunter-locations',
        tags,
        summary: "Hunters' latest positions: every hunter's for the game master, a team's for its hunters",
        description:
          'Lists each hunter\'s latest accepted position (accuracy, distance travelled, time, team) for the game master\'s live map. ' +
          "The session's game master (or an admin) reads every hunter's; a hunter in a team reads their teammates' and their own " +
          "(issue 42), never another team's. 401 without a sign-in, 403 for anyone else (a hunter in no team among them), 404 for an unknown session.",
        errorResponses: { ...access, 403: 'Not the owner of this session, nor a hunter in a team' },
      },
    })
    .output(z.array(HunterPositionOutput))
    .query(({ ctx, input }) => latestPositions(ctx.db, input.id, ctx.team)),

  /**
   * The session's live events (messages, dinosaurs, status, hunter progress; positions
   * for the owner), each tracked by its event id: a client that reconnects with
   * lastEventId receives everything it missed first.
   */
  events: eventsProcedure.subscription(async ({ ctx, input, signal }) => {
    // Where events start when the client names no lastEventId, and where a resync resumes: read
    // before the stream is answered (tRPC starts it once this resolves), so whatever is published
    // after the client sees the stream open follows, read back from the database if need be.
    const latestAtStart = await latestEventId(ctx.db, [input.sessionId]);
    return (async function* () {
      const start = await eventsStart(ctx.db, { user: ctx.user, input });
      const viewer = start.viewer;
      let lastEventId = start.lastEventId;
      // The stream ends when the client leaves, when this sign-in ends (logout, deleted account,
      // expiry) or when the server stops.
      const signedOut = new AbortController();
      const stopWatching = ctx.signInSweep.watch({ authSessionId: ctx.authSession.id, userId: ctx.user.id }, () =>
        signedOut.abort(),
      );
      const until = AbortSignal.any([signedOut.signal, ctx.lifetime.signal, ...(signal ? [signal] : [])]);
      try {
        // Too far behind to replay (decision 700): 'resync', tracked with the newest id, then what follows it.
        if (await mustResync(sessionSource(ctx.bus, input.sessionId, viewer), lastEventId)) {
          lastEventId = latestAtStart;
          yield tracked(String(latestAtStart), resyncEvent(input.sessionId, latestAtStart, ctx.now()));
        }
        lastEventId ??= latestAtStart;
        for await (const event of sessionStream(ctx.bus, { sessionId: input.sessionId, viewer, lastEventId, signal: until })) {
          yield tracked(String(event.id), sharedStreamEvent(event, input.sessionId));
        }
      } finally {
        stopWatching();
      }
      if (signedOut.signal.aborted) throw unauthorized('Signed out');
      if (ctx.lifetime.signal.aborted) throw new AppError(503, 'Server restarting');
    })();
  }),
});
