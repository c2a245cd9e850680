import { StartSessionBody } from '../../../domain/session-schemas';
import * as sessions from '../../services/game-sessions';
import { ownedSessionProcedure } from '../../trpc';
import { LIFECYCLE_ERRORS, SessionOutputSchema, tags } from './sessions.types';

export const start = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/start',
      tags,
      summary: 'Start a preparing session now, or schedule its start',
      description:
        'duration (15-120 minutes) replaces the session duration when given. With scheduledStartTime (ISO date-time ' +
        'or ms) in the future the session stays preparing and starts by itself at that time, even across a server ' +
        'restart (its time counts from the scheduled instant); a time up to a minute in the past means now, earlier ' +
        'is refused. Scheduling again moves the time. Only a preparing session can start (409 otherwise). Only its game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session, 400 for an invalid duration or a start time in the past.',
      errorResponses: { ...LIFECYCLE_ERRORS, 400: 'Invalid duration or scheduled start time in the past' },
    },
  })
  .input(StartSessionBody)
  .output(SessionOutputSchema)
  .mutation(({ ctx, input }) => sessions.startSession(ctx, ctx.gameSession, input));
