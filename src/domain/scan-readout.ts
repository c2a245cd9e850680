/**
 * What the hunter's scanner shows (live-play spec, sections 2, 4 and 9): which
 * of its messages applies, the detected creatures joined with their species,
 * and distances written honestly (a distance smaller than the GPS accuracy is
 * marked with that accuracy: GPS cannot tell 10 m from 30 m at +-35 m).
 *
 * Pure: no I/O, no clock.
 */
import type { CompassPoint, LatLng } from './geo-types';
import { HUNTER_VISIBLE_STATUSES, PLAYABLE_STATUSES } from './rules';
import { type ScanCreature, scan } from './scanner';

const PLAYABLE = new Set<string>(PLAYABLE_STATUSES);
const HUNTER_VISIBLE = new Set<string>(HUNTER_VISIBLE_STATUSES);

/** The hunter treats a session as playable when it is active, started or preparing. */
export function isPlayable(status: string | null | undefined): boolean {
  return typeof status === 'string' && PLAYABLE.has(status);
}

/** Hunters see a session's dinosaurs only while it is active or started. */
export function isHunterVisible(status: string | null | undefined): boolean {
  return typeof status === 'string' && HUNTER_VISIBLE.has(status);
}

export type ScannerGate = 'session_preparing' | 'gps_required' | 'no_creatures' | 'ready';

export const SCANNER_MESSAGES = {
  session_preparing: 'Session Preparing',
  gps_required: 'GPS Required for Environmental Scanning',
  no_creatures: 'No Active Creatures in Game Session',
} as const;

/**
 * Which message the scanner shows, in this order: a session that is not
 * playable says 'Session Preparing'; without a position, 'GPS Required for
 * Environmental Scanning'; with no targetable creature the hunter may see,
 * 'No Active Creatures in Game Session'; otherwise it can scan.
 */
export function scannerGate(input: {
  sessionStatus: string | null | undefined;
  hasPosition: boolean;
  visibleCreatures: number;
}): ScannerGate {
  if (!isPlayable(input.sessionStatus)) return 'session_preparing';
  if (!input.hasPosition) return 'gps_required';
  if (input.visibleCreatures === 0) return 'no_creatures';
  return 'ready';
}

/** A deployed dinosaur as the scanner needs it (the deploy list's and the map's shapes both fit). */
export type ScannerDinosaur = ScanCreature<number> & { readonly speciesId: number };

export interface DetectedCreature<D extends ScannerDinosaur, S> {
  readonly dinosaur: D;
  /** Null when the species is not in the catalogue (deleted meanwhile). */
  readonly species: S | null;
  /** Metres. */
  readonly distance: number;
  readonly bearing: number;
  readonly direction: CompassPoint;
  /** 10..100. */
  readonly signal: number;
  readonly immediateThreat: boolean;
}

/**
 * The creatures within 1000 m, nearest first, with their species. None while
 * the session is not hunter-visible (a paused session's cached dinosaurs stay
 * hidden) or without a position.
 */
export function detectCreatures<D extends ScannerDinosaur, S extends { readonly id: number }>(
  position: LatLng | null,
  dinosaurs: readonly D[],
  speciesById: ReadonlyMap<number, S>,
  sessionStatus: string | null | undefined,
): DetectedCreature<D, S>[] {
  if (position === null || !isHunterVisible(sessionStatus)) return [];
  const byId = new Map(dinosaurs.map((d) => [d.id, d]));
  return scan(position, dinosaurs).map((hit) => {
    const dinosaur = byId.get(hit.id)!;
    return {
      dinosaur,
      species: speciesById.get(dinosaur.speciesId) ?? null,
      distance: hit.distanceM,
      bearing: hit.bearing,
      direction: hit.direction,
      signal: hit.signal,
      immediateThreat: hit.immediateThreat,
    };
  });
}

const M_PER_KM = 1000;

/** '12 m', '0 m' for less than half a metre, '1.25 km' from 1000 m. */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres)) return '? m';
  const m = Math.round(Math.max(0, metres));
  if (m < M_PER_KM) return `${m} m`;
  return `${(metres / M_PER_KM).toFixed(2)} km`;
}

/**
 * The note beside a distance when the GPS accuracy is larger than it, e.g.
 * '±35 m GPS'; null when the distance is larger (the figure means something).
 */
export function gpsUncertainty(distanceM: number, accuracyM: number | null | undefined): string | null {
  if (typeof accuracyM !== 'number' || !Number.isFinite(accuracyM) || accuracyM <= distanceM) return null;
  return `±${Math.round(accuracyM)} m GPS`;
}
