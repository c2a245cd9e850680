import { addCredits } from '../../services/gamemasters';
import { adminProcedure } from '../../trpc';
import { AddCreditsInput, adminErrors, CreditsOutput, tags } from './types';

export const creditsAdd = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin/users/{id}/credits',
      tags,
      summary: 'Add session credits to a game master',
      description: 'credits must be a positive whole number. They are added to the game master\'s session credits. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown user, 400 when the user is not a game master.',
      errorResponses: { ...adminErrors, 400: 'Not a positive whole number, or not a game master', 404: 'User not found' },
    },
  })
  .input(AddCreditsInput)
  .output(CreditsOutput)
  .mutation(({ ctx, input }) => addCredits(ctx, input.id, input.credits));
