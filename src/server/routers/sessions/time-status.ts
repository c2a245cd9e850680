import * as sessions from '../../services/game-sessions';
import { authedProcedure, SessionIdParam } from '../../trpc';
import { TimeStatusOutput, tags } from './sessions.types';

export const timeStatus = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}/time-status',
      tags,
      summary: 'Remaining time of a session (polled every 30 s)',
      description:
        'timeRemaining is in minutes; a negative value means no time limit. Frozen while paused. For the owning ' +
        'game master, admins and hunters of the session. 401 without a sign-in, 403 with no part in it, 404 for an unknown session.',
      errorResponses: { 401: 'Not signed in', 403: 'No part in this session', 404: 'Session not found' },
    },
  })
  .input(SessionIdParam)
  .output(TimeStatusOutput)
  .query(({ ctx, input }) => sessions.timeStatusOf(ctx, input.id));
