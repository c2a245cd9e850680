// The terminal's dialogs (species card, end of session, mission complete), loaded on their first
// opening (decision 850): the modal, its focus trap and scroll lock, and the guest's keep-achievements
// form are not part of the terminal's first load. They are fetched on the hunter's first touch
// (preloadTerminalDialogs), so a dialog the hunt opens by itself is there even if the network drops.
import type { ComponentProps } from 'react';
import { lazyChunk, LazyDialogView } from '../../components/LazyChunk';
import type { MissionCompleteDialog } from '../hunt/MissionCompleteDialog';
import type { SpeciesCard } from '../species/SpeciesCard';
import type { TerminalEndDialog } from './TerminalEndDialog';

type SpeciesCardProps = ComponentProps<typeof SpeciesCard>;
type EndDialogProps = ComponentProps<typeof TerminalEndDialog>;
type MissionCompleteProps = ComponentProps<typeof MissionCompleteDialog>;

const speciesCard = lazyChunk<SpeciesCardProps>(() => import('../species/SpeciesCard').then((m) => m.SpeciesCard));
const endDialog = lazyChunk<EndDialogProps>(() => import('./TerminalEndDialog').then((m) => m.TerminalEndDialog));
const missionComplete = lazyChunk<MissionCompleteProps>(() =>
  import('../hunt/MissionCompleteDialog').then((m) => m.MissionCompleteDialog),
);

export function preloadTerminalDialogs(): void {
  speciesCard.preload();
  endDialog.preload();
  missionComplete.preload();
}

export function LazySpeciesCard(props: SpeciesCardProps) {
  return <LazyDialogView chunk={speciesCard} what="The species card" props={props} />;
}

export function LazyTerminalEndDialog(props: EndDialogProps) {
  return <LazyDialogView chunk={endDialog} what="The hunt's result" props={props} />;
}

export function LazyMissionCompleteDialog(props: MissionCompleteProps) {
  return <LazyDialogView chunk={missionComplete} what="Mission complete" props={props} />;
}
