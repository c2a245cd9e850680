// The hunt's target, shared by the terminal's tabs (AR Hunt, Scan, Map): the
// nearest dinosaur this hunter has not observed, unless they picked another (a
// row of the scan list, a marker on the map, the picker or "Next target" on AR
// Hunt). The rules are src/domain/hunt-target.ts; this hook only holds the pick.
import { useCallback, useMemo, useState } from 'react';
import { chooseHuntTarget, type HuntProgress, huntProgress, nextHuntTarget } from '../../../domain/hunt-target';
import { isPlayable } from '../../../domain/scan-readout';
import { type NearestTarget, type NearestTargetInput, type ScannerDinosaur, useDetectedCreatures } from './useNearestTarget';

export type HuntTargetInput<D extends ScannerDinosaur> = NearestTargetInput<D> & {
  /** The dinosaurs this hunter has observed (their stats, plus a success the stats have not caught up with). */
  observedIds: readonly number[];
};

export type HuntTarget<D extends ScannerDinosaur = ScannerDinosaur> = {
  /** The dinosaur to hunt, or null when none is detected. */
  target: NearestTarget<D> | null;
  /** True when the target has already been observed (Observe is off). */
  targetObserved: boolean;
  /** True when the hunter picked the target (otherwise it is the nearest unobserved one). */
  picked: boolean;
  /** Every detected dinosaur, nearest first (the picker's list). */
  detected: NearestTarget<D>[];
  observed: ReadonlySet<number>;
  progress: HuntProgress;
  playable: boolean;
  /** Hunt this dinosaur (by id); null returns to "nearest unobserved". */
  pick: (dinosaurId: number | null) => void;
  /** The next unobserved dinosaur after the target, or null when there is none. */
  next: NearestTarget<D> | null;
};

type Pick = { id: number; wasObserved: boolean };

export function useHuntTarget<D extends ScannerDinosaur>(input: HuntTargetInput<D>): HuntTarget<D> {
  const detected = useDetectedCreatures(input);
  const { observedIds, dinosaurs, sessionStatus } = input;
  const observed = useMemo(() => new Set(observedIds), [observedIds]);
  const [picked, setPicked] = useState<Pick | null>(null);
  // A pick of an unobserved dinosaur ends once it is observed: the next unobserved one is offered at once.
  const pickedId = picked && !(observed.has(picked.id) && !picked.wasObserved) ? picked.id : null;
  const choice = chooseHuntTarget(detected, observed, pickedId);
  const pick = useCallback(
    (dinosaurId: number | null) => setPicked(dinosaurId === null ? null : { id: dinosaurId, wasObserved: observed.has(dinosaurId) }),
    [observed],
  );
  const progress = useMemo(() => huntProgress(dinosaurs ?? [], observed), [dinosaurs, observed]);
  return {
    target: choice.target,
    targetObserved: choice.observed,
    picked: choice.picked,
    detected,
    observed,
    progress,
    playable: isPlayable(sessionStatus),
    pick,
    next: nextHuntTarget(detected, observed, choice.target?.dinosaur.id ?? null),
  };
}
