import { Group, Text } from '@mantine/core';
import { AppLink } from './AppLink';

/** The logo and name; `compact` hides the name on the narrowest phones. */
export function Brand({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <AppLink to="/" aria-label="Dinohunt home" style={{ textDecoration: 'none' }}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={900} size="lg" c={light ? 'white' : 'jungle.9'} style={{ letterSpacing: 0.5 }} visibleFrom={compact ? 'xs' : undefined}>
          DINOHUNT
        </Text>
      </Group>
    </AppLink>
  );
}
