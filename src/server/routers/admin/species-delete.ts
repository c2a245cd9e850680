import { deleteSpecies } from '../../services/species';
import { adminProcedure } from '../../trpc';
import { adminErrors, DeletedOutput, NumericIdParam, tags } from './types';

export const speciesDelete = adminProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/admin/dinosaur-species/{id}',
      tags,
      summary: 'Delete a species and its model file',
      description:
        'Refused with 409 while a live session (preparing, active, started or paused) has it deployed. ' +
        'Its deployed dinosaurs in ended sessions are removed with it; observations keep their species id. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown species.',
      errorResponses: { ...adminErrors, 404: 'Species not found', 409: 'Species is in use by a live session' },
    },
  })
  .input(NumericIdParam('species'))
  .output(DeletedOutput)
  .mutation(({ ctx, input }) => deleteSpecies(ctx, input.id));
