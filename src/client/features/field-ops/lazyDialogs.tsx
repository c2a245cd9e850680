// Field Operations' own dialogs (Join Mission, the mission briefing), loaded on their first opening as the
// terminal's are (decisions 850, 856): the join form (Mantine form, the password field, the schemas' messages),
// the modal, its focus trap and scroll lock are not part of the page's first load. They are fetched on the
// hunter's first touch (preloadFieldOpsDialogs), so a tap on Join Mission finds them there.
import type { ComponentProps } from 'react';
import { lazyChunk, LazyDialogView } from '../../components/LazyChunk';
import type { BriefingDialog } from './BriefingDialog';
import type { JoinMissionDialog } from './JoinMissionDialog';

type JoinProps = ComponentProps<typeof JoinMissionDialog>;
type BriefingProps = ComponentProps<typeof BriefingDialog>;

const joinDialog = lazyChunk<JoinProps>(() => import('./JoinMissionDialog').then((m) => m.JoinMissionDialog));
const briefingDialog = lazyChunk<BriefingProps>(() => import('./BriefingDialog').then((m) => m.BriefingDialog));

export function preloadFieldOpsDialogs(): void {
  joinDialog.preload();
  briefingDialog.preload();
}

export function LazyJoinMissionDialog(props: JoinProps) {
  return <LazyDialogView chunk={joinDialog} what="Join Mission" props={props} />;
}

export function LazyBriefingDialog(props: BriefingProps) {
  return <LazyDialogView chunk={briefingDialog} what="The mission briefing" props={props} />;
}
