import { z } from 'zod';
import { listSpecies } from '../../services/species';
import { authedProcedure } from '../../trpc';
import { SpeciesSchema, tags } from './types';

/** Everyone signed in (game masters deploy from it, hunters read species cards). */
export const speciesList = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/dinosaur-species',
      tags,
      summary: 'The dinosaur species catalogue, with each 3D model URL',
      description:
        'Lists the species catalogue (name, rarity, diet, size, capture rate, 3D model URLs) that game masters deploy from. Anyone signed in, guests included; 401 without a sign-in.',
      errorResponses: { 401: 'Not signed in' },
    },
  })
  .input(z.void())
  .output(z.array(SpeciesSchema))
  .query(({ ctx }) => listSpecies(ctx));
