// Scan: the environment scanner (scanner/): a 10 x 150 ms sweep, then every
// creature within 1000 m with distance, direction and signal; tapping one opens
// its species card.
import type { FusedPosition } from '../../gps';
import type { MapDinosaur } from '../../map/types';
import { ScannerPanel } from '../../scanner';
import type { SpeciesLite } from '../../species/types';

type Props = {
  position: FusedPosition | null;
  accuracy: number | null;
  status: string | null;
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  onSelectSpecies: (speciesId: number) => void;
};

export function ScanTab({ position, accuracy, status, dinosaurs, species, onSelectSpecies }: Props) {
  return (
    <ScannerPanel
      position={position}
      accuracy={accuracy}
      sessionStatus={status}
      dinosaurs={dinosaurs}
      species={species}
      onSelect={(hit) => onSelectSpecies(hit.dinosaur.speciesId)}
    />
  );
}
