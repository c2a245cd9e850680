import { REPLAY_MAX_POINTS } from '../../../domain/rules';
import * as archive from '../../services/hunt-archive';
import { z } from 'zod';
import { idParam, ownedSessionProcedure } from '../../trpc';
import { ReplayOutput, tags } from './hunts.types';

export const replay = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}/replay',
      tags,
      summary: "An ended hunt's replay: every hunter's path and each observation, in time order",
      description:
        'For the owning game master (or an admin) once the session has ended (409 before). Paths are thinned evenly ' +
        `in time to at most ${REPLAY_MAX_POINTS} fixes in all. Within 48 hours of the end (the privacy policy's GPS ` +
        'retention) paths are included; afterwards pathsKept is false and paths are empty, while the observations remain. ' +
        "teamId (optional, issue 42): only that team's hunters (its members at the end) and their observations; 404 for a team not of the session.",
      errorResponses: {
        401: 'Not signed in',
        403: 'Not the owning game master, or Subscription Required',
        404: 'Session not found, or the team is not one of its teams',
        409: 'The session has not ended',
      },
    },
  })
  .input(z.object({ teamId: idParam('Invalid team id').optional().describe("Show one team's hunters only") }))
  .output(ReplayOutput)
  .query(({ ctx, input }) => archive.huntReplay(ctx, ctx.gameSession, input.teamId));
