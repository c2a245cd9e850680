// Scan: the environment scanner (scanner/): a 10 x 150 ms sweep, then every
// creature within 1000 m with distance, direction and signal, the ones this
// hunter observed and the current target marked; tapping one makes it the target.
import type { FusedPosition } from '../../gps';
import type { MapDinosaur } from '../../map/types';
import { ScannerPanel } from '../../scanner/ScannerPanel';
import type { HuntTarget } from '../../scanner/useHuntTarget';
import type { SpeciesLite } from '../../species/types';

type Props = {
  position: FusedPosition | null;
  accuracy: number | null;
  status: string | null;
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  hunt: HuntTarget;
};

export function ScanTab({ position, accuracy, status, dinosaurs, species, hunt }: Props) {
  return (
    <ScannerPanel
      position={position}
      accuracy={accuracy}
      sessionStatus={status}
      dinosaurs={dinosaurs}
      species={species}
      observedIds={hunt.observed}
      targetId={hunt.target?.dinosaur.id ?? null}
      onSelect={(hit) => hunt.pick(hit.dinosaur.id)}
    />
  );
}
