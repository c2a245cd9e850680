import { z } from 'zod';
import { listMissions } from '../../services/missions';
import { authedProcedure } from '../../trpc';
import { MissionSchema, tags } from './types';

/** Everyone signed in: game masters tie sessions to missions, hunters read briefings. */
export const missionsList = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/missions',
      tags,
      summary: 'The missions, with cover photo, briefing video and objectives',
      description:
        'Lists the missions game masters tie their sessions to, with each cover photo, briefing video and objectives. Anyone signed in, guests included; 401 without a sign-in.',
      errorResponses: { 401: 'Not signed in' },
    },
  })
  .input(z.void())
  .output(z.array(MissionSchema))
  .query(({ ctx }) => listMissions(ctx));
