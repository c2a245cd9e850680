// The species' thumbnail: its initials on its rarity colour. The catalogue holds
// 3D models only (glb); rendering them in a list would pull three.js into every
// screen, so lists and markers use this icon instead.
import { Box } from '@mantine/core';
import { speciesInitials } from './initials';
import { rarityColor } from './rarity';

type IconSpecies = { name: string; rarity: string | null };

/** `mark`: the species' mark among the catalogue's (speciesMarks), as its map markers show it; its initials without one. */
export function SpeciesIcon({ species, size = 40, mark }: { species: IconSpecies | null | undefined; size?: number; mark?: string }) {
  const text = mark ?? speciesInitials(species?.name);
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{
        flexShrink: 0,
        borderRadius: '50%',
        background: rarityColor(species?.rarity),
        color: 'white',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 800,
        fontSize: Math.round(size * ([...text].length > 2 ? 0.3 : 0.38)),
        lineHeight: 1,
        letterSpacing: 0.5,
        boxShadow: '0 0 0 2px white, 0 1px 3px rgba(0,0,0,0.35)',
      }}
    >
      {text}
    </Box>
  );
}
