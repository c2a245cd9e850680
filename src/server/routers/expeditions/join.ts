import { z } from 'zod';
import { HunterHandle } from '../../../domain/schemas';
import * as joining from '../../services/joining';
import { authedProcedure, idParam, passwordAttempt } from '../../trpc';
import { JoinOutputSchema } from '../sessions/sessions.types';
import { tags } from './expeditions.types';

export const JoinExpeditionInput = z.object({
  id: idParam('Invalid session id'),
  /** Defaults to the account's username. */
  hunterHandle: HunterHandle.optional(),
});

/** A hunter account joins a public expedition without its password (decision 835). */
export const join = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/expeditions/{id}/join',
      tags,
      operationId: 'joinPublicExpedition',
      summary: 'A signed-in hunter account joins a public expedition, without the session password',
      description:
        'The same checks as every join (the player cap, an ended session, a taken handle, the per-address join ' +
        'rate limit) except the password. hunterHandle defaults to the username. Joining again changes nothing. ' +
        'Private sessions answer 404 (join them by name and password); guests, game masters and admins get 403, and ' +
        'so does a hunter the game master removed from it.',
      errorResponses: {
        400: 'Validation failed',
        401: 'Not signed in',
        403: 'Not a hunter account, or removed from this session by its game master',
        404: 'No such public expedition',
        409: 'The expedition is full or has ended, or the handle is taken',
        429: 'Too many attempts from this address',
      },
    },
  })
  .use(passwordAttempt)
  .input(JoinExpeditionInput)
  .output(JoinOutputSchema)
  .mutation(({ ctx, input }) => joining.joinPublicExpedition(ctx, input.id, input.hunterHandle));
