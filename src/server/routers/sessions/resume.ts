import * as sessions from '../../services/game-sessions';
import { ownedSessionProcedure } from '../../trpc';
import { LIFECYCLE_ERRORS, SessionOutputSchema, tags } from './sessions.types';

export const resume = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/resume',
      tags,
      summary: 'Resume a paused session: the countdown continues from the frozen time',
      description:
        'Resumes a paused session: the countdown continues from the frozen remaining time. Only its game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session, 409 when it is not paused (the message says why).',
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.resumeSession(ctx, ctx.gameSession));
