// Achievements (issue 29): the catalogue, a hunter's own, a session's for its game master, and a
// guest keeping theirs by creating an account. Awarding has no procedure: the server decides it.
import { z } from 'zod';
import { KeepAchievementsInput } from '../../../domain/achievement-schemas';
import * as achievements from '../../services/achievements';
import { authedProcedure, idParam, ownedSessionProcedure, passwordAttempt, publicProcedure, router } from '../../trpc';
import { RegisterOutput } from '../auth.types';
import { CatalogueOutput, MyAchievementsOutput, SessionAchievementsOutput } from './achievements.types';

const tags = ['achievements'];

export const achievementsRouter = router({
  catalogue: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/achievements',
        protect: false,
        tags,
        summary: 'The achievements catalogue',
        description:
          'Every achievement hunters can earn, with its name, description, icon and, for tiered ones, the bronze, ' +
          'silver and gold thresholds. Open to everyone; it never fails.',
      },
    })
    .input(z.void())
    .output(CatalogueOutput)
    .query(() => achievements.catalogue()),

  mine: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/hunter/achievements',
        tags,
        summary: "The caller's achievements and progress toward the next tiers",
        description:
          'Any signed-in user reads their own: everything earned (an account across all its hunts; a guest in its one ' +
          'hunt) and the progress of each tiered achievement. With sessionId, the caller must be a hunter of that ' +
          'session (403 otherwise, 404 when it does not exist) and thisHunt lists what that hunt earned.',
        errorResponses: { 401: 'Not signed in', 403: 'Not a hunter of this session', 404: 'Session not found' },
      },
    })
    .input(z.object({ sessionId: idParam('Session Error').optional() }))
    .output(MyAchievementsOutput)
    .query(({ ctx, input }) => achievements.myAchievements(ctx, input)),

  session: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/achievements',
        tags: ['game-sessions', ...tags],
        summary: 'Who earned what in a session (its game master)',
        description:
          "The achievements the session's hunters earned in it, oldest first, with the hunter's handle: HQ's feed. " +
          'Only the owning game master or an admin; hunters read only their own (GET /hunter/achievements).',
        errorResponses: { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found' },
      },
    })
    .output(SessionAchievementsOutput)
    .query(({ ctx }) => achievements.sessionAchievements(ctx, ctx.gameSession.id)),

  keep: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/keep-achievements',
        tags,
        summary: 'A guest hunter keeps their achievements by creating a hunter account',
        description:
          "Only a guest hunter (403 for accounts). Creates a hunter account with the registration's rules and " +
          "answers (400 invalid, 409 username or email taken) and moves the guest's hunter record to it: its place " +
          'in the session, its stats and earned achievements. The guest sign-in ends and the account is signed in.',
        errorResponses: {
          400: 'Validation failed',
          401: 'Not signed in',
          403: 'Not a guest hunter',
          404: 'Hunter not found',
          409: 'Username or email taken',
          429: 'Too many attempts',
        },
      },
    })
    .use(passwordAttempt)
    .input(KeepAchievementsInput)
    .output(RegisterOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await achievements.keepAsAccount(ctx, input);
      return { user, role: user.role };
    }),
});
