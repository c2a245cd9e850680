// Leaflet marker icons as plain HTML (DivIcon): no image files to load, so a
// marker never shows as a broken picture. Text is escaped: species names come
// from the catalogue, hunter handles from players.
import L from 'leaflet';
import { DINOSAUR_MARKER_PX } from '../../../domain/rules';
import { speciesInitials } from '../species/initials';
import { rarityColor } from '../species/rarity';
import type { SpeciesLite } from '../species/types';
import type { MarkerState } from './types';

const HUNTER_DOT_PX = 20;
const SELF_ICON_PX = 40;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A 50 px round marker on the species' rarity colour with its initials; ticked and faded once
 * observed (a hunter's own), ringed when it is the hunt's target, and with a count bubble of
 * successful observations (headquarters).
 */
export function dinosaurIcon(
  species: Pick<SpeciesLite, 'name' | 'rarity'> | undefined,
  state: MarkerState = {},
  /** The species' mark among the catalogue's (speciesMarks: never two alike); its initials without one. */
  mark: string = speciesInitials(species?.name),
): L.DivIcon {
  const half = DINOSAUR_MARKER_PX / 2;
  const classes = ['tm-dino', [...mark].length > 2 ? 'tm-dino--long' : '', state.observed ? 'tm-dino--observed' : '', state.target ? 'tm-dino--target' : ''].filter(Boolean).join(' ');
  const tick = state.observed ? '<span class="tm-dino__tick" aria-hidden="true">✓</span>' : '';
  const count =
    state.observations !== undefined && state.observations > 0
      ? `<span class="tm-dino__count" aria-hidden="true">✓${state.observations}</span>`
      : '';
  return L.divIcon({
    className: classes,
    html: `<div class="tm-dino__badge" style="background:${rarityColor(species?.rarity)}">${escapeHtml(mark)}</div>${tick}${count}`,
    iconSize: [DINOSAUR_MARKER_PX, DINOSAUR_MARKER_PX],
    iconAnchor: [half, half],
    tooltipAnchor: [0, -half],
  });
}

/** A CSS colour we write into the marker's style: a hex colour only (anything else falls back to the default). */
const HEX_COLOUR = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * Another hunter: a small dot, orange by default, in their team's colour in a team hunt (the handle
 * is a permanent tooltip beside it). Dots, never the dinosaurs' 50 px badges, so the two never mix.
 */
export function hunterIcon(color?: string | null): L.DivIcon {
  const half = HUNTER_DOT_PX / 2;
  const style = color && HEX_COLOUR.test(color) ? ` style="background:${color}"` : '';
  return L.divIcon({
    className: 'tm-hunter',
    html: `<div class="tm-hunter__dot"${style}></div>`,
    iconSize: [HUNTER_DOT_PX, HUNTER_DOT_PX],
    iconAnchor: [half, half],
    tooltipAnchor: [0, -half],
  });
}

/** The own position: a blue dot, with a cone pointing along the heading when one is known. */
export function selfIcon(heading: number | null | undefined): L.DivIcon {
  const half = SELF_ICON_PX / 2;
  const cone =
    typeof heading === 'number' && Number.isFinite(heading)
      ? `<div class="tm-self__heading" style="transform:rotate(${Math.round(heading)}deg)"></div>`
      : '';
  return L.divIcon({
    className: 'tm-self',
    html: `${cone}<div class="tm-self__dot"></div>`,
    iconSize: [SELF_ICON_PX, SELF_ICON_PX],
    iconAnchor: [half, half],
  });
}
