import { Badge, type BadgeProps } from '@mantine/core';
import { rarityColor, rarityLabel } from './rarity';

/** The species' rarity on its rarity colour (white text, AA contrast). */
export function RarityBadge({ rarity, size = 'sm' }: { rarity: string | null | undefined; size?: BadgeProps['size'] }) {
  return (
    <Badge size={size} variant="filled" color={rarityColor(rarity)} autoContrast={false} c="white">
      {rarityLabel(rarity)}
    </Badge>
  );
}
