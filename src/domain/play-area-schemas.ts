// The play area's input and its messages (issue 26). This file imports only zod and the rules,
// so the client's drawing tools and the server's inputs share the same words.
import { z } from 'zod';
import { MAX_NO_GO_ZONES, MAX_PLAY_AREA_TOTAL_VERTICES, MAX_PLAY_AREA_VERTICES, MIN_PLAY_AREA_SQ_M } from './rules';

export const PLAY_AREA_MESSAGES = {
  invalidPoint: 'Each corner needs a latitude (-90 to 90) and a longitude (-180 to 180)',
  tooFewVertices: 'The play area needs at least 3 corners',
  tooManyVertices: `The play area can have at most ${MAX_PLAY_AREA_VERTICES} corners`,
  selfIntersecting: 'The play area crosses itself: draw its edge without crossings',
  tooSmall: `The play area is too small (under ${MIN_PLAY_AREA_SQ_M} square metres)`,
  tooManyZones: `At most ${MAX_NO_GO_ZONES} no-go zones`,
  tooManyInAll: `The play area and its no-go zones can have at most ${MAX_PLAY_AREA_TOTAL_VERTICES} corners in all`,
  zonesNeedArea: 'Draw the play area before its no-go zones',
  zoneTooFewVertices: (n: number) => `No-go zone ${n} needs at least 3 corners`,
  zoneTooManyVertices: (n: number) => `No-go zone ${n} can have at most ${MAX_PLAY_AREA_VERTICES} corners`,
  zoneSelfIntersecting: (n: number) => `No-go zone ${n} crosses itself: draw its edge without crossings`,
  zoneTooSmall: (n: number) => `No-go zone ${n} is too small (under ${MIN_PLAY_AREA_SQ_M} square metres)`,
  zoneOutside: (n: number) => `No-go zone ${n} must lie inside the play area`,
  /** A dinosaur placed (deployed or moved) outside the area, or in a no-go zone. */
  outsideArea: 'Dinosaurs can be placed only inside the play area',
  inNoGoZone: 'Dinosaurs cannot be placed in a no-go zone',
  /** Changing the area while hunters are out would move the line under their feet: pause first. */
  notNow: 'The play area can be changed only before the start or while the session is paused',
  ended: 'This session has ended',
  startNoDinosaurs: 'No dinosaurs are deployed: hunters will have nothing to find.',
  startMisplaced: (n: number) =>
    `${n} ${n === 1 ? 'dinosaur is' : 'dinosaurs are'} outside the play area or in a no-go zone: hunters should not go there.`,
} as const;

const coordinate = (min: number, max: number) =>
  z.number({ error: PLAY_AREA_MESSAGES.invalidPoint }).min(min, PLAY_AREA_MESSAGES.invalidPoint).max(max, PLAY_AREA_MESSAGES.invalidPoint);

export const LatLngPointSchema = z.object({ lat: coordinate(-90, 90), lng: coordinate(-180, 180) });

/**
 * A ring of corners in order (a closing corner equal to the first is allowed and dropped).
 * The counts and the geometry (crossings, zones inside the area) are checked by domain/play-area.
 */
const Ring = z
  .array(LatLngPointSchema, { error: PLAY_AREA_MESSAGES.tooFewVertices })
  .max(MAX_PLAY_AREA_VERTICES + 1, PLAY_AREA_MESSAGES.tooManyVertices);

export const PlayAreaBody = z.object({
  area: Ring.describe('The play area: corners in order ({lat, lng}), 3 to 100'),
  noGoZones: z
    .array(Ring, { error: 'noGoZones must be a list of polygons' })
    .max(MAX_NO_GO_ZONES, PLAY_AREA_MESSAGES.tooManyZones)
    .default([])
    .describe('No-go zones inside the area (roads, water), each a list of corners; at most 10'),
});
export type PlayAreaBody = z.infer<typeof PlayAreaBody>;

export const ZONE_STATES = ['inside', 'outside_area', 'in_no_go'] as const;
export type ZoneState = (typeof ZONE_STATES)[number];
