import * as sessions from '../../services/game-sessions';
import { authedProcedure, SessionIdParam } from '../../trpc';
import { ResultOutput, tags } from './sessions.types';

export const result = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}/result',
      tags,
      summary: 'The result of an ended session; 404 while there is none',
      description:
        'Answers the recorded result of an ended session: completion status and rate, dinosaurs found of those deployed. Its game master, its hunters and admins: 401 without a sign-in, 403 with no part in it, 404 for an unknown session or while it has no result.',
      errorResponses: {
        401: 'Not signed in',
        403: 'No part in this session',
        404: 'Session not found, or no result yet',
      },
    },
  })
  .input(SessionIdParam)
  .output(ResultOutput)
  .query(({ ctx, input }) => sessions.getResult(ctx, input.id));
