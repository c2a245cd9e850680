import { deleteMission } from '../../services/missions';
import { adminProcedure } from '../../trpc';
import { adminErrors, DeletedOutput, NumericIdParam, tags } from './types';

export const missionDelete = adminProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/missions/{id}',
      tags,
      summary: 'Delete a mission',
      description: 'Sessions tied to it keep running without a mission. Its media files go unless a session still shows them. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown mission.',
      errorResponses: { ...adminErrors, 404: 'Mission not found' },
    },
  })
  .input(NumericIdParam('mission'))
  .output(DeletedOutput)
  .mutation(({ ctx, input }) => deleteMission(ctx, input.id));
