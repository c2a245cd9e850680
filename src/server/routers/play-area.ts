// The play area and its no-go zones: read (owner, admins, the session's hunters), set and clear (owner).
import { PlayAreaBody } from '../../domain/play-area-schemas';
import * as playArea from '../services/play-area';
import { authedProcedure, ownedSessionProcedure, router, SessionIdParam } from '../trpc';
import { PlayAreaOutputSchema, tags } from './play-area.types';

const WRITE_ERRORS = {
  400: 'Invalid polygon: too few or too many corners, edges crossing, a no-go zone outside the area',
  401: 'Not signed in',
  403: 'Not the owning game master',
  404: 'Session not found',
  409: 'The session is live (pause it first) or has ended',
};

export const playAreaRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/play-area',
        tags,
        summary: "The session's play area, no-go zones and hunters' zone states",
        description:
          'The owner and admins get every hunter\'s zone state (inside, outside_area, in_no_go, judged by the server from ' +
          'reported positions) and the count of dinosaurs outside the area; a hunter of the session gets the area, the zones ' +
          'and their own state. Anyone else 403; an unknown session 404.',
        errorResponses: { 401: 'Not signed in', 403: 'No part in this session', 404: 'Session not found' },
      },
    })
    .input(SessionIdParam)
    .output(PlayAreaOutputSchema)
    .query(({ ctx, input }) => playArea.getPlayArea(ctx, input.id)),

  set: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/game-sessions/{id}/play-area',
        tags,
        summary: 'Set the play area and its no-go zones',
        description:
          'Body: area (3 to 100 corners {lat, lng}, edges not crossing) and noGoZones (up to 10 polygons, each inside the ' +
          'area). Owner or admin only, before the start or while paused (409 while live or after the end). Hunters are ' +
          'judged again from their last positions and told (play_area_updated, hunter_zone). 400 names the problem.',
        errorResponses: WRITE_ERRORS,
      },
    })
    .input(PlayAreaBody)
    .output(PlayAreaOutputSchema)
    .mutation(({ ctx, input }) => playArea.setPlayArea(ctx, ctx.gameSession, input)),

  clear: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/game-sessions/{id}/play-area',
        tags,
        summary: 'Remove the play area and its no-go zones',
        description:
          'The session is then played anywhere. Owner or admin only, before the start or while paused (409 while live or ' +
          'after the end); hunters are told (play_area_updated).',
        errorResponses: { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found', 409: WRITE_ERRORS[409] },
      },
    })
    .output(PlayAreaOutputSchema)
    .mutation(({ ctx }) => playArea.clearPlayArea(ctx, ctx.gameSession)),
});
