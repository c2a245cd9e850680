import * as sessions from '../../services/game-sessions';
import { ownedSessionProcedure } from '../../trpc';
import { LIFECYCLE_ERRORS, SessionOutputSchema, tags } from './sessions.types';

export const pause = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/pause',
      tags,
      summary: 'Pause an active session: its remaining time is frozen',
      description:
        'Pauses an active session: its remaining time is frozen and hunters no longer see the dinosaurs. Only its game master (or an admin): 401 without a sign-in, 403 for anyone else, 404 for an unknown session, 409 when it is not active (the message says why).',
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.pauseSession(ctx, ctx.gameSession));
