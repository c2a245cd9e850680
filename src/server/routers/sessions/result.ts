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
