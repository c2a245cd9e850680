// Deployed dinosaurs: deploy (two paths), clear, and the hunters' polled list (two paths).
import { z } from 'zod';
import { DinosaurOutputSchema } from '../../domain/contracts';
import { DeployDinosaurBody, MoveDinosaurBody } from '../../domain/session-schemas';
import * as dinosaurs from '../services/dinosaurs';
import { cachedSessionRead, idParam, ownedSessionProcedure, router, SessionIdParam, type SignedInContext } from '../trpc';

const tags = ['dinosaurs'];

export { DinosaurOutputSchema };
const DinosaurListOutput = z.array(DinosaurOutputSchema);

const DEPLOY_DESCRIPTION =
  'Body: sessionId (optional; must match the path), speciesId, latitude, longitude (numbers or numeric strings). ' +
  "The species must exist ('Species Error'); at most 15 per session (409 'Deployment Limit Reached: Maximum 15 " +
  "dinosaurs per session. Remove dinosaurs to deploy new ones.'). Refused once the session has ended, and (400) outside the " +
  "session's play area or in one of its no-go zones. Owner or admin only. 401 without a sign-in, 403 for anyone else, " +
  '404 for an unknown session, 400 for an invalid field or species.';
const DEPLOY_ERRORS = {
  400: 'Validation failed, Species Error, or outside the play area / in a no-go zone',
  401: 'Not signed in',
  403: 'Not the owning game master',
  404: 'Session not found',
  409: 'Deployment limit reached, or the session has ended',
};

const deployProcedure = (path: `/${string}`, summary: string) =>
  ownedSessionProcedure
    .meta({ openapi: { method: 'POST', path, tags, summary, description: DEPLOY_DESCRIPTION, errorResponses: DEPLOY_ERRORS } })
    .input(DeployDinosaurBody)
    .output(DinosaurOutputSchema)
    .mutation(({ ctx, input }) => dinosaurs.deployDinosaur(ctx, ctx.gameSession, input));

const LIST_DESCRIPTION =
  'The owner and admins always get the list; a hunter of the session only while it is active or started (an empty ' +
  'list otherwise); anyone else 403. Polled every 5-10 s by hunters: one indexed, prepared query. 401 without a sign-in, 404 for an unknown session.';
const LIST_ERRORS = { 401: 'Not signed in', 403: 'No part in this session', 404: 'Session not found' };

/** Path parameter `{dinosaurId}` of /api/game-sessions/{id}/dinosaurs/{dinosaurId}. */
const DinosaurIdParam = z.object({ dinosaurId: idParam('Invalid dinosaur id') });
const ONE_DINOSAUR_ERRORS = {
  401: 'Not signed in',
  403: 'Not the owning game master',
  404: 'Session or dinosaur not found',
};

/** The hunters' polled list of a session's dinosaurs, kept once per session. */
const dinosaursKey = (sessionId: number) => ({ sessionId, key: 'dinosaurs' });

/**
 * The dinosaur lists' access step: 403/404, and whether the caller may see the list now (a hunter only while the
 * session is live); then the cache: one list per session, the same for every viewer allowed to see it.
 */
async function dinosaurListRead(ctx: SignedInContext, sessionId: number) {
  const mayList = await dinosaurs.mayListDinosaurs(ctx, sessionId);
  return { read: mayList ? dinosaursKey(sessionId) : null, ctx: { mayList } };
}

export const deployRouter = router({
  deploy: deployProcedure('/game-sessions/{id}/deploy-dinosaur', 'Deploy a dinosaur species at a map position'),
  deployAlt: deployProcedure('/game-sessions/{id}/dinosaurs', 'Deploy a dinosaur (same as /deploy-dinosaur)'),

  clear: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/game-sessions/{id}/dinosaurs',
        tags,
        summary: 'Remove every dinosaur of the session',
        description:
          'Removes every dinosaur deployed in the session and answers how many were removed. Only the session\'s game master (or an admin) with an active plan: 401 without a sign-in, 403 for anyone else, 404 for an unknown session.',
        errorResponses: { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found' },
      },
    })
    .output(z.object({ success: z.literal(true), removed: z.number().int() }))
    .mutation(({ ctx }) => dinosaurs.clearDinosaurs(ctx, ctx.gameSession)),

  move: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/game-sessions/{id}/dinosaurs/{dinosaurId}',
        tags,
        summary: 'Move one deployed dinosaur',
        description:
          'Body: latitude, longitude (numbers or numeric strings). The dinosaur is dragged on HQ\'s map; hunters of a live ' +
          "session get a dinosaur_moved event. Owner or admin only. Refused (409) once the session has ended or once a hunter has observed it.",
        errorResponses: { 400: 'Validation failed', ...ONE_DINOSAUR_ERRORS, 409: 'The session has ended, or the dinosaur was already observed' },
      },
    })
    .input(DinosaurIdParam.extend(MoveDinosaurBody.shape))
    .output(DinosaurOutputSchema)
    .mutation(({ ctx, input }) => dinosaurs.moveDinosaur(ctx, ctx.gameSession, input.dinosaurId, input)),

  remove: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/game-sessions/{id}/dinosaurs/{dinosaurId}',
        tags,
        summary: 'Remove one deployed dinosaur',
        description:
          "Takes one dinosaur off the session's map (observed ones too: what hunters observed stays theirs); hunters of a live " +
          'session get a dinosaur_removed event. Owner or admin only. Refused (409) once the session has ended.',
        errorResponses: { 400: 'Invalid id', ...ONE_DINOSAUR_ERRORS, 409: 'The session has ended' },
      },
    })
    .input(DinosaurIdParam)
    .output(z.object({ success: z.literal(true), id: z.number().int() }))
    .mutation(({ ctx, input }) => dinosaurs.removeDinosaur(ctx, ctx.gameSession, input.dinosaurId)),

  list: cachedSessionRead(SessionIdParam, (ctx, input) => dinosaurListRead(ctx, input.id))
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/dinosaurs',
        tags,
        summary: "The session's deployed dinosaurs",
        description: LIST_DESCRIPTION,
        errorResponses: LIST_ERRORS,
      },
    })
    .output(DinosaurListOutput)
    .query(({ ctx, input }) => (ctx.mayList ? dinosaurs.deployedDinosaurs(ctx, input.id) : [])),

  listBySession: cachedSessionRead(z.object({ sessionId: idParam('Invalid session id') }), (ctx, input) => dinosaurListRead(ctx, input.sessionId))
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-dinosaurs/{sessionId}',
        tags,
        summary: "The session's deployed dinosaurs (Field Operations path)",
        description: LIST_DESCRIPTION,
        errorResponses: LIST_ERRORS,
      },
    })
    .output(DinosaurListOutput)
    .query(({ ctx, input }) => (ctx.mayList ? dinosaurs.deployedDinosaurs(ctx, input.sessionId) : [])),
});
