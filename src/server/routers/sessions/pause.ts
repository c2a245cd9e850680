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
      errorResponses: LIFECYCLE_ERRORS,
    },
  })
  .output(SessionOutputSchema)
  .mutation(({ ctx }) => sessions.pauseSession(ctx, ctx.gameSession));
