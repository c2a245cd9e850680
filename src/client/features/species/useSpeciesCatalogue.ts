import { useMemo } from 'react';
import { trpc } from '../../trpc';
import type { SpeciesLite } from './types';

const NO_SPECIES: SpeciesLite[] = [];

/** The species catalogue with a lookup by id (map markers, species cards, deploy list). */
export function useSpeciesCatalogue() {
  const query = trpc.admin.speciesList.useQuery();
  const species = query.data ?? NO_SPECIES;
  const byId = useMemo(() => new Map(species.map((s) => [s.id, s])), [species]);
  return { species, byId, isLoading: query.isLoading, isError: query.isError, refetch: query.refetch };
}
