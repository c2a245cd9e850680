import { z } from 'zod';
import * as expeditions from '../../services/expeditions';
import { ownedSessionProcedure } from '../../trpc';
import { RemoveHunterOutput } from '../expeditions/expeditions.types';
import { tags } from './sessions.types';

/** The owner removes a hunter from the session (decision 836). */
export const removeHunter = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/hunters/{hunterId}/remove',
      tags,
      operationId: 'removeSessionHunter',
      summary: 'Remove a hunter from the session: their part in it ends and they are told why',
      description:
        "hunterId is the hunter's user id (as in hunter-stats and positions). Every later request of that hunter to the " +
        'session is refused (403, "You were removed from ... by the game master."), their live streams of it carry the ' +
        "event hunter_removed and then end, and they cannot rejoin it (by the list or the password); their spot is free " +
        'again and their results stay in the hunt. For the owning game master or an admin.',
      errorResponses: {
        400: 'Validation failed',
        401: 'Not signed in',
        403: 'Not the owning game master',
        404: 'Session not found, or the hunter is not in it',
        409: 'The hunter has already been removed, or the session has ended',
      },
    },
  })
  .input(z.object({ hunterId: z.string().trim().min(1, 'Invalid hunter id').max(64, 'Invalid hunter id') }))
  .output(RemoveHunterOutput)
  .mutation(({ ctx, input }) => expeditions.removeHunter(ctx, ctx.gameSession, input.hunterId));
