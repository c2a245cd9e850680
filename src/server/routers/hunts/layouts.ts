import { z } from 'zod';
import { ApplyLayoutBody, ARCHIVE_MESSAGES, SaveLayoutInput } from '../../../domain/hunt-archive-schemas';
import { MAX_LAYOUTS_PER_GM } from '../../../domain/rules';
import * as layouts from '../../services/layouts';
import { gameMasterProcedure, idParam, ownedSessionProcedure } from '../../trpc';
import { ApplyLayoutOutput, LayoutOutput, layoutTags, tags } from './hunts.types';

const denied = { 401: 'Not signed in', 403: 'Not a game master, or Subscription Required' };

export const listLayouts = gameMasterProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/gamemaster/layouts',
      tags: layoutTags,
      summary: "The game master's saved layouts (play area, no-go zones, dinosaurs), by name",
      description: 'Only the caller\'s own layouts: every game master keeps theirs. Game masters with a plan and admins.',
      errorResponses: denied,
    },
  })
  .input(z.object({}).optional())
  .output(z.array(LayoutOutput))
  .query(({ ctx }) => layouts.listLayouts(ctx));

export const saveLayout = gameMasterProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/gamemaster/layouts',
      tags: layoutTags,
      summary: "Save one of the caller's sessions' play area, no-go zones and dinosaurs as a named layout",
      description:
        `For the session's owner (or an admin). Names are unique per game master whatever their case, and each keeps at ` +
        `most ${MAX_LAYOUTS_PER_GM} layouts (409). A session with no area, zones or dinosaurs has nothing to save (400).`,
      errorResponses: {
        400: 'Validation failed, or nothing to save',
        ...denied,
        403: 'Not the owning game master, or Subscription Required',
        404: 'Session not found',
        409: 'Name already used, or the layout limit is reached',
      },
    },
  })
  .input(SaveLayoutInput)
  .output(LayoutOutput)
  .mutation(({ ctx, input }) => layouts.saveLayout(ctx, input));

export const deleteLayout = gameMasterProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/gamemaster/layouts/{id}',
      tags: layoutTags,
      summary: 'Delete one of the caller\'s saved layouts',
      description: 'Only its owner may delete a layout (403 for anyone else, admins included); sessions made from it keep their layout.',
      errorResponses: { ...denied, 403: 'Not your layout, or Subscription Required', 404: ARCHIVE_MESSAGES.layoutNotFound },
    },
  })
  .input(z.object({ id: idParam(ARCHIVE_MESSAGES.layoutInvalid) }))
  .output(z.object({ success: z.literal(true) }))
  .mutation(({ ctx, input }) => layouts.deleteLayout(ctx, input.id));

export const applyLayout = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/apply-layout',
      tags,
      summary: 'Give a session that has not started one of the caller\'s saved layouts',
      description:
        "The session's owner (or an admin) with their own layout: the session takes its play area and no-go zones, and " +
        'its dinosaurs are replaced by the layout\'s (dinosaurs_cleared and dinosaur_deployed events follow). Only while ' +
        'the session is preparing (409).',
      errorResponses: {
        400: 'Validation failed',
        ...denied,
        403: 'Not the owning game master or not your layout, or Subscription Required',
        404: 'Session or layout not found',
        409: 'The session has started or ended',
      },
    },
  })
  .input(ApplyLayoutBody)
  .output(ApplyLayoutOutput)
  .mutation(({ ctx, input }) => layouts.applyLayout(ctx, ctx.gameSession, input.layoutId));
