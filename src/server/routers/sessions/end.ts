import * as sessions from '../../services/game-sessions';
import { ownedSessionProcedure } from '../../trpc';
import { LIFECYCLE_ERRORS, SessionOutputSchema, tags } from './sessions.types';

export const end = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/end',
      tags,
      summary: 'End the session (from any status but completed) and record its result (completionStatus completed when every deployed dinosaur was found, otherwise ended)',
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.endSession(ctx, ctx.gameSession));
