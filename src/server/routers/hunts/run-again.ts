import { RunAgainBody } from '../../../domain/hunt-archive-schemas';
import * as archive from '../../services/hunt-archive';
import { ownedSessionProcedure } from '../../trpc';
import { SessionOutputSchema } from '../sessions/sessions.types';
import { tags } from './hunts.types';

export const runAgain = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/run-again',
      tags,
      summary: 'Start a new session from an ended one: same area, no-go zones, dinosaurs, mission and duration',
      description:
        'For the owning game master (or an admin). Creates a preparing session with a new name and password and the ' +
        "ended session's play area, no-go zones, dinosaurs, mission, duration and max players (capped to the plan). It " +
        'counts against the plan like POST /game-sessions (409 past the weekly limit); 409 too while the source still runs.',
      errorResponses: {
        400: 'Validation failed',
        401: 'Not signed in',
        403: 'Not the owning game master, or Subscription Required',
        404: 'Session not found',
        409: 'The session has not ended, or the weekly session limit is reached',
      },
    },
  })
  .input(RunAgainBody)
  .output(SessionOutputSchema)
  .mutation(({ ctx, input }) => archive.runAgain(ctx, ctx.gameSession, input));
