import { z } from 'zod';
import * as sessions from '../../services/game-sessions';
import { authedProcedure, SessionIdParam } from '../../trpc';
import { SessionListOutput, tags } from './sessions.types';

export const list = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions',
      tags,
      summary: 'Sessions visible to the caller',
      description:
        'A game master sees their own sessions, with passwords to share; admins see all sessions; hunters see the ' +
        'sessions they joined, never a password. Ended (completed) sessions are left out unless includeEnded=true. ' +
        'Newest first. Anyone signed in; 401 without a sign-in.',
      errorResponses: { 401: 'Not signed in' },
    },
  })
  .input(
    z.object({
      includeEnded: z
        .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
        .optional()
        .transform((v) => v === true || v === 'true' || v === '1'),
    }),
  )
  .output(SessionListOutput)
  .query(({ ctx, input }) => sessions.listSessions(ctx, input));

export const get = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}',
      tags,
      summary: 'One session (the password only for its game master and admins)',
      description:
        'Answers one session with its status, times and counts; the password is included only for its game master and admins. Its game master, its hunters and admins: 401 without a sign-in, 403 with no part in it, 404 for an unknown session.',
      errorResponses: { 401: 'Not signed in', 403: 'No part in this session', 404: 'Session not found' },
    },
  })
  .input(SessionIdParam)
  .output(SessionListOutput.element)
  .query(({ ctx, input }) => sessions.getSession(ctx, input.id));
