// The nearest creature the hunter may target (AR view, Observe), live as the
// hunter walks: src/domain/scan-readout.ts over the scanner's maths.
import { useMemo } from 'react';
import type { LatLng } from '../../../domain/geo-types';
import { chooseHuntTarget } from '../../../domain/hunt-target';
import { type DetectedCreature, detectCreatures, isPlayable, type ScannerDinosaur } from '../../../domain/scan-readout';
import type { SpeciesLite } from '../species/types';

export type { ScannerDinosaur } from '../../../domain/scan-readout';
export type NearestTarget<D extends ScannerDinosaur = ScannerDinosaur> = DetectedCreature<D, SpeciesLite>;

export type NearestTargetInput<D extends ScannerDinosaur> = {
  position: LatLng | null;
  dinosaurs: readonly D[] | undefined;
  species: readonly SpeciesLite[];
  sessionStatus: string | null | undefined;
};

/** Every creature within range, nearest first (the scanner's list). */
export function useDetectedCreatures<D extends ScannerDinosaur>({
  position,
  dinosaurs,
  species,
  sessionStatus,
}: NearestTargetInput<D>): NearestTarget<D>[] {
  const speciesById = useMemo(() => new Map(species.map((s) => [s.id, s])), [species]);
  const lat = position?.lat;
  const lng = position?.lng;
  return useMemo(
    () =>
      detectCreatures(
        lat === undefined || lng === undefined ? null : { lat, lng },
        dinosaurs ?? [],
        speciesById,
        sessionStatus,
      ),
    [lat, lng, dinosaurs, speciesById, sessionStatus],
  );
}

/**
 * The nearest creature; with `observedIds` (the hunter's stats' observedDinosaurIds), the nearest
 * one not observed yet (src/domain/hunt-target.ts). The Hunter Terminal uses useHuntTarget, which
 * also lets the hunter pick another.
 */
export function useNearestTarget<D extends ScannerDinosaur>(
  input: NearestTargetInput<D> & { observedIds?: readonly number[] },
): { target: NearestTarget<D> | null; playable: boolean; targetObserved: boolean } {
  const detected = useDetectedCreatures(input);
  const ids = input.observedIds;
  const observed = useMemo(() => new Set(ids ?? []), [ids]);
  const choice = chooseHuntTarget(detected, observed, null);
  return { target: choice.target, playable: isPlayable(input.sessionStatus), targetObserved: choice.observed };
}
