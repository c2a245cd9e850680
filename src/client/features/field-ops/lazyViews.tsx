// Field Operations' two views, each loaded when first shown (issue #25, decision 910), as the terminal's tabs
// are (decision 850): the join view (joined sessions, Join Mission, public expeditions) and the session's
// panels (the scanner, comms, quick actions, the map's place, the species card and the end dialogs). A first
// visit draws only the first; a hunter back in a session, only the second. The route shell fetches the join
// view with the page (what a link to /hunter shows); the session's panels are fetched as soon as a session is
// known and on the hunter's first touch. Opened offline before it ever loaded, a view says it needs the
// network once and offers to try again (LazyChunkView); the header and the rest of the page keep working.
import { Center, Loader } from '@mantine/core';
import type { ComponentProps } from 'react';
import { lazyChunk, LazyChunkView } from '../../components/LazyChunk';
import type { ActiveSession } from './ActiveSession';
import type { JoinView } from './JoinView';

type JoinViewProps = ComponentProps<typeof JoinView>;
type ActiveSessionProps = ComponentProps<typeof ActiveSession>;

const joinView = lazyChunk<JoinViewProps>(() => import('./JoinView').then((m) => m.JoinView));
const activeSession = lazyChunk<ActiveSessionProps>(() => import('./ActiveSession').then((m) => m.ActiveSession));

/** Starts loading the session's panels (a session is known, or the hunter touched the page). */
export function preloadActiveSession(): void {
  activeSession.preload();
}

/** Starts loading the join view (the hunter may leave the session); settles when it is loaded or failed. */
export function preloadJoinView(): Promise<void> {
  return joinView.preload();
}

function ViewLoading({ label }: { label: string }) {
  return (
    <Center h={200} aria-busy="true">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

export function LazyJoinView(props: JoinViewProps) {
  return <LazyChunkView chunk={joinView} what="Join Mission" fallback={<ViewLoading label="Loading Join Mission" />} props={props} />;
}

export function LazyActiveSession(props: ActiveSessionProps) {
  return <LazyChunkView chunk={activeSession} what="The session" fallback={<ViewLoading label="Loading the session" />} props={props} />;
}
