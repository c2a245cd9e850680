import { z } from 'zod';
import { listGameMasters } from '../../services/gamemasters';
import { adminProcedure } from '../../trpc';
import { adminErrors, GameMasterSchema, tags } from './types';

export const gameMastersList = adminProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/admin/gamemasters',
      tags,
      summary: 'All game master accounts',
      description:
        'Lists every game master account with contact details, session credits and account status. Admins only: 401 without a sign-in, 403 for anyone else.',
      errorResponses: adminErrors,
    },
  })
  .input(z.void())
  .output(z.array(GameMasterSchema))
  .query(({ ctx }) => listGameMasters(ctx));
