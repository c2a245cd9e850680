// The tactical map's contract (see /work/coord/contracts.md): one map for the
// game master (deploys by clicking) and hunters (own position, tap a dinosaur).
import type { ReactNode } from 'react';
import type { SpeciesLite } from '../species/types';

export type MapDinosaur = { id: number; speciesId: number; latitude: number; longitude: number; status?: string | null };
/**
 * How a dinosaur's marker reads: a hunter's own observed ones are ticked and faded, the current
 * target ringed; headquarters sees how many successful observations each one has had.
 */
export type MarkerState = { observed?: boolean; target?: boolean; observations?: number };
export type MapHunter = {
  userId: string;
  label: string;
  lat: number;
  lng: number;
  accuracy: number;
  timestamp?: number;
  /** The hunter's team colour (a CSS colour) in a team hunt; the default orange otherwise. */
  color?: string | null;
  /** The hunter's team name, said with the handle to screen readers and in the marker's title. */
  teamName?: string | null;
};
export type MapSelf = { lat: number; lng: number; accuracy: number; heading?: number | null };
export type LatLngPoint = { lat: number; lng: number };
/** Where HQ's map opens without content: where the game master last played, or their position (decision 817). */
export type MapHome = LatLngPoint & { zoom: number };
/** A request to show a place (a search result): applied each time `seq` changes. */
export type MapViewRequest = LatLngPoint & {
  seq: number;
  zoom: number;
  bounds?: { south: number; west: number; north: number; east: number } | null;
};
/** The session's play area (null: anywhere) and its no-go zones, drawn on the map (issue 26). */
export type MapPlayArea = { area: LatLngPoint[] | null; zones: LatLngPoint[][] };

export type TacticalMapProps = {
  /** Initial zoom: HUNTER_ZOOM 18 or GAMEMASTER_ZOOM 13. */
  mode: 'hunter' | 'gamemaster';
  dinosaurs: MapDinosaur[];
  /** For each marker's icon, colour and name. */
  species: SpeciesLite[];
  hunters?: MapHunter[];
  self?: MapSelf | null;
  /** Game master deploy; hunters pass none (tapping the map does nothing then). */
  onMapClick?: (p: LatLngPoint) => void;
  /** HQ: a marker dragged to a new place; a rejected promise puts it back. Observed dinosaurs are not draggable. */
  onDinosaurMove?: (d: MapDinosaur, p: LatLngPoint) => Promise<unknown>;
  /** HQ: the marker's popup offers to remove it. */
  onDinosaurRemove?: (d: MapDinosaur) => void;
  /** HQ: where the map opens (and goes, once known) while it has no content and the user has not moved it. */
  home?: MapHome | null;
  /** Show this place (a search result). */
  view?: MapViewRequest | null;
  /** Where the map is (centre and zoom) after each move: HQ opens a new session's map there (issue #46). */
  onViewChange?: (view: MapHome) => void;
  /** Hunters: open the species card. */
  onDinosaurClick?: (d: MapDinosaur) => void;
  /** Per dinosaur id: observed / target / observation count marks on its marker. */
  markerStates?: ReadonlyMap<number, MarkerState>;
  /** Hunters: the map opens framing the hunter and this point (the hunt's target), else every dinosaur. */
  focus?: LatLngPoint | null;
  /** Crosshair cursor and a hint while a species is selected. */
  selecting?: boolean;
  /** The hint while selecting (default: deploying the selected species). */
  selectingHint?: string;
  /** The label of the button that clicks the map's centre while selecting (default 'Deploy at map centre'). */
  placeAtCentreLabel?: string;
  height?: number | string;
  /** Street / plain layer switch. */
  showLayers?: boolean;
  /** Overlay content (counts etc.), top left. */
  children?: ReactNode;
  /** The play area's boundary and no-go zones, drawn under the markers. */
  playArea?: MapPlayArea | null;
  /** Extra layers rendered inside the map (HQ's play-area drawing tools). */
  mapLayers?: ReactNode;
  ariaLabel: string;
};
