// Where HQ's Tactical Overview is looking (centre and zoom), kept for this page: the map of a newly
// created session opens there instead of jumping back to the last-played place, and the meeting-point
// picker opens there for a session with no dinosaurs yet (issue #46, points 2 and 3).
import type { MapHome } from '../map/types';

let current: MapHome | null = null;

export function rememberHqMapView(view: MapHome): void {
  current = view;
}

export function hqMapView(): MapHome | null {
  return current;
}
