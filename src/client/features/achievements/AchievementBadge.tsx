// One achievement's icon in its tier's colour (bronze, silver, gold; a one-off in the app's green).
import { ThemeIcon } from '@mantine/core';
import {
  IconAward,
  IconBinoculars,
  IconCamera,
  IconCrown,
  IconDiamond,
  IconDna,
  IconEye,
  IconFlag,
  IconFlame,
  IconMessage,
  IconTarget,
  IconTargetArrow,
  IconTrophy,
  IconWalk,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  binoculars: IconBinoculars,
  eye: IconEye,
  dna: IconDna,
  diamond: IconDiamond,
  crown: IconCrown,
  walk: IconWalk,
  target: IconTarget,
  'target-arrow': IconTargetArrow,
  flame: IconFlame,
  message: IconMessage,
  camera: IconCamera,
  flag: IconFlag,
  trophy: IconTrophy,
};

/** Tier colours: Mantine palette names, so light and dark themes keep their contrast. */
const TIER_COLOURS: Record<string, string> = { bronze: 'orange', silver: 'gray', gold: 'yellow', single: 'jungle' };

export function tierColour(tier: string | null | undefined): string {
  return TIER_COLOURS[tier ?? 'single'] ?? 'jungle';
}

export function AchievementBadge({
  icon,
  tier,
  size = 40,
  muted = false,
}: {
  icon: string;
  tier: string | null;
  size?: number;
  /** Not earned yet: shown greyed. */
  muted?: boolean;
}) {
  const Glyph = ICONS[icon] ?? IconAward;
  return (
    <ThemeIcon size={size} radius="xl" variant={muted ? 'light' : 'filled'} color={muted ? 'gray' : tierColour(tier)} aria-hidden>
      <Glyph size={Math.round(size * 0.6)} stroke={1.8} />
    </ThemeIcon>
  );
}
