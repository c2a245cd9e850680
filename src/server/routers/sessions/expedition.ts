import { ExpeditionSettingsInput } from '../../../domain/expeditions';
import { CONFIRM_TO_PUBLISH, requireConfirmedEmail } from '../../services/email-verification';
import * as expeditions from '../../services/expeditions';
import { ownedSessionProcedure } from '../../trpc';
import { SessionOutputSchema, tags } from './sessions.types';

/** The owner makes a session a public expedition (or private again) and sets its meeting point (decision 835). */
export const setExpedition = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'PUT',
      path: '/game-sessions/{id}/expedition',
      tags,
      operationId: 'setSessionExpedition',
      summary: 'Make the session a public expedition, or private again, and set its meeting point',
      description:
        'isPublic, meetingPoint ({ lat, lng }, required when public) and meetingNote (optional). A public session is ' +
        'listed to hunter accounts (GET /expeditions), who join it without the password; private sessions are joined ' +
        'by name and password only. For the owning game master or an admin; an ended session cannot be changed (409).',
      errorResponses: {
        400: 'Validation failed (a public expedition needs a meeting point)',
        401: 'Not signed in',
        403: 'Not the owning game master, or (emailUnverified) the address is not confirmed yet',
        404: 'Session not found',
        409: 'The session has ended',
      },
    },
  })
  .input(ExpeditionSettingsInput)
  .output(SessionOutputSchema)
  .mutation(({ ctx, input }) => {
    // Publishing needs a confirmed address (issue #45, decision 993); making it private again does not.
    if (input.isPublic) requireConfirmedEmail(ctx, ctx.user, CONFIRM_TO_PUBLISH);
    return expeditions.setExpedition(ctx, ctx.gameSession, input);
  });
