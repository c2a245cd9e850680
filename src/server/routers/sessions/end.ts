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
      description:
        'Ends the session and records its result: completed when every deployed dinosaur was found, otherwise ended. Only its game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session, 409 when it has already ended.',
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.endSession(ctx, ctx.gameSession));
