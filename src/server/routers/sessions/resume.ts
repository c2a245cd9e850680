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
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.resumeSession(ctx, ctx.gameSession));
