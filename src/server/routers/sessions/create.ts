import { CONFIRM_TO_PUBLISH, requireConfirmedEmail } from '../../services/email-verification';
import { CreateSessionInput } from '../../../domain/session-schemas';
import * as sessions from '../../services/game-sessions';
import { gameMasterProcedure } from '../../trpc';
import { SessionOutputSchema, tags } from './sessions.types';

export const create = gameMasterProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions',
      tags,
      summary: 'Create a session (status preparing)',
      description:
        'name and password are required and trimmed. maxPlayers is one of 10, 15, 20, 25 (default 25), capped to ' +
        "the plan's players per session. duration is 15-120 minutes (default 120; a non-numeric value means 60). " +
        "missionId is optional ('none' or null for none): the mission's briefing video, cover photo and description " +
        "become the session's. Counts against the plan's weekly sessions (a session credit is used past the plan's " +
        'allowance). status, startTime and endTime in the body are ignored. Admins bypass plan limits. Game masters with an active plan, and admins: 401 without a sign-in, 403 for anyone else or without a plan (\'Subscription Required\'), 400 for an invalid field or an unknown mission, 409 past the weekly session limit.',
      errorResponses: {
        400: 'Validation failed, or mission not found',
        401: 'Not signed in',
        403: 'Not a game master, Subscription Required, or (emailUnverified) a public expedition before the address is confirmed',
        409: 'Weekly session limit reached',
      },
    },
  })
  .input(CreateSessionInput)
  .output(SessionOutputSchema)
  .mutation(({ ctx, input }) => {
    // A public expedition needs a confirmed address (issue #45, decision 993).
    if (input.isPublic) requireConfirmedEmail(ctx, ctx.user, CONFIRM_TO_PUBLISH);
    return sessions.createSession(ctx, input);
  });
