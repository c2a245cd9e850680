// The scan list on Field Operations (issue 23): the same environment scanner as the
// Hunter Terminal's Scan tab (scanner/): a sweep, then every creature within range with
// distance, direction and signal, the observed ones and the target marked; tapping one
// opens its species card.
import { Box } from '@mantine/core';
import type { FusedPosition } from '../gps';
import type { MapDinosaur } from '../map/types';
import { ScannerPanel } from '../scanner';
import type { SpeciesLite } from '../species/types';

type Props = {
  position: FusedPosition | null;
  accuracy: number | null;
  status: string | null;
  dinosaurs: MapDinosaur[];
  species: SpeciesLite[];
  /** This hunter's observed dinosaurs and the current target, marked as on the terminal's Scan tab. */
  observedIds?: ReadonlySet<number>;
  targetId?: number | null;
  onSelectSpecies: (speciesId: number) => void;
};

export function ScanListPanel({ position, accuracy, status, dinosaurs, species, observedIds, targetId, onSelectSpecies }: Props) {
  return (
    <Box style={{ gridArea: 'scan', minWidth: 0 }} data-testid="field-scan">
      <ScannerPanel
        position={position}
        accuracy={accuracy}
        sessionStatus={status}
        dinosaurs={dinosaurs}
        species={species}
        observedIds={observedIds}
        targetId={targetId}
        onSelect={(hit) => onSelectSpecies(hit.dinosaur.speciesId)}
      />
    </Box>
  );
}
