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
      errorResponses: adminErrors,
    },
  })
  .input(z.void())
  .output(z.array(GameMasterSchema))
  .query(({ ctx }) => listGameMasters(ctx));
