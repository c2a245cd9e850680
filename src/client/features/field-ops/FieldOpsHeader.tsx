// Field Operations' header (spec, section 2): HUNTER badge, darts remaining out of
// 25, capture count, Home and Logout. Sized for a phone: one row at 360 px.
import { ActionIcon, Badge, Box, Group, Text } from '@mantine/core';
import { IconHome, IconLogout, IconTarget, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyTooltip } from '../../components/LazyTooltip';
import { DEFAULT_DARTS } from '../../../domain/rules';
import { AccountLink } from '../account/AccountLink';
import { useLogout } from '../auth/useLogout';

export function FieldOpsHeader({ dartsRemaining, captureCount }: { dartsRemaining: number | null; captureCount: number | null }) {
  const logout = useLogout();
  // "25 by default and at most shown".
  const darts = Math.min(dartsRemaining ?? DEFAULT_DARTS, DEFAULT_DARTS);
  return (
    <Box component="header" bg="dark.8" c="white" px={8} py={8} style={{ position: 'sticky', top: 0, zIndex: 200 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Badge size="lg" color="jungle.9" variant="filled" px={8} style={{ flexShrink: 0 }}>
            HUNTER
          </Badge>
          <Group gap={4} wrap="nowrap" aria-label={`Darts remaining: ${darts} of ${DEFAULT_DARTS}`} data-testid="darts-remaining">
            <IconTarget size={18} aria-hidden />
            <Text fw={800} size="sm">
              {darts}/{DEFAULT_DARTS}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" aria-label={`Captures: ${captureCount ?? 0}`} data-testid="capture-count">
            <IconTrophy size={18} aria-hidden />
            <Text fw={800} size="sm">
              {captureCount ?? 0}
            </Text>
          </Group>
        </Group>
        {/* Three 44 px targets side by side: they touch, so the row still fits 360 px. */}
        <Group gap={0} wrap="nowrap">
          <LazyTooltip label="Home">
            <ActionIcon component={Link} to="/" size={44} variant="subtle" color="gray.0" aria-label="Home">
              <IconHome size={24} />
            </ActionIcon>
          </LazyTooltip>
          <AccountLink compact onDark />
          <LazyTooltip label="Logout">
            <ActionIcon size={44} variant="subtle" color="gray.0" aria-label="Logout" onClick={() => void logout()}>
              <IconLogout size={24} />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      </Group>
    </Box>
  );
}
