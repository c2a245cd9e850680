import { ExpeditionListQuery } from '../../../domain/expeditions';
import * as expeditions from '../../services/expeditions';
import { authedProcedure } from '../../trpc';
import { ExpeditionListOutput, tags } from './expeditions.types';

/** Public expeditions for hunter accounts, nearest first (decision 837). */
export const list = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/expeditions',
      tags,
      operationId: 'listPublicExpeditions',
      summary: 'List the public expeditions a hunter account may join, nearest meeting point first',
      description:
        'Sessions their game master made public and that have not ended (upcoming and live), with the meeting point, ' +
        'start time and spots left. With lat and lng (both or neither) the nearest meeting point comes first; without, ' +
        'live ones first, then by start time. For signed-in hunter accounts: guests, game masters and admins get 403. ' +
        'Sessions the caller was removed from are not listed.',
      errorResponses: { 400: 'Invalid lat/lng', 401: 'Not signed in', 403: 'Not a hunter account' },
    },
  })
  .input(ExpeditionListQuery)
  .output(ExpeditionListOutput)
  .query(({ ctx, input }) => expeditions.listExpeditions(ctx, input));
