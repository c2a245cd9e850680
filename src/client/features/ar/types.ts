// The props of the AR view and what it needs of its inputs. Structural on purpose:
// scanner/useNearestTarget's target and hunt/useObserve's result fit as they are.
import type { CompassPoint } from '../../../domain/geo-types';
import type { FusedPosition } from '../../../domain/gps';
import type { UseObserve } from '../hunt/useObserve';
import type { SpeciesLite } from '../species/types';

/** The nearest targetable dinosaur, as the scanner reports it. */
export type ArTarget = {
  dinosaur: { id: number };
  /** Metres from the hunter. */
  distance: number;
  /** Degrees clockwise from true north. */
  bearing: number;
  direction: CompassPoint;
};

export type ArViewProps = {
  target: ArTarget | null;
  species: SpeciesLite | null;
  position: FusedPosition | null;
  /** False: 'Session Preparing' (live-play spec, section 4), or what stops the hunt (see sessionStatus). */
  playable: boolean;
  /** The session's status, so a paused or ended hunt says so rather than 'Session Preparing'. */
  sessionStatus?: string | null;
  observe: UseObserve;
  height?: number | string;
  /** False where the screen already names the target right above the view (Field Operations' readout). */
  withName?: boolean;
  /** The hunter has already observed the target: Observe is off and says so. */
  targetObserved?: boolean;
  /** False when the hunter has observed every dinosaur (the note then says so instead of "pick the next"). */
  moreLeft?: boolean;
  /** The hunter's direction of travel from GPS (degrees from north), for the 3D viewer's walking arrow. */
  heading?: number | null;
  /**
   * Keep the range note and Observe at the bottom of the visible content while the view is on screen (the
   * Hunter Terminal, whose content scrolls above the tab bar and gives up room to notices): a notice or an
   * achievement pushing the content never hides the hunt's primary action (issue #46).
   */
  stickyObserve?: boolean;
};

/** The ways of showing the target, best first; each falls back to the next. */
export type ArMode = 'webxr' | 'camera' | 'viewer';

export const AR_MODE_LABELS: Record<ArMode, string> = {
  webxr: 'AR mode: WebXR',
  camera: 'AR mode: camera overlay',
  viewer: 'AR mode: 3D viewer',
};
