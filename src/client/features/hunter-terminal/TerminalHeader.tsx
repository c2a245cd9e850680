// The terminal's header (spec section 2): session name, GPS accuracy, remaining
// time, observed and available counts, reset hunter identity ("Start over as a new
// hunter") and Logout, both confirmed (IdentityActions). Dark bar,
// white text, 48 px buttons: legible in sunlight and within thumb reach.
import { Box, Group, Text } from '@mantine/core';
import { IconEye, IconPaw } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { GpsStatus } from '../gps/GpsStatus';
import type { Gps } from '../gps/useGps';
import { TimeBadge } from '../session/TimeBadge';
import type { ClockSession } from '../session/useSessionClock';
import { IdentityActions } from './IdentityActions';
import { TeamSwatch } from '../teams/TeamSwatch';

type Props = {
  sessionName: string;
  handle: string | null;
  gps: Gps;
  session: ClockSession;
  observed: number | null;
  available: number;
  /** What is left for this hunter, e.g. '2 of 3 left' (huntloop: the count replaces 'N available'). */
  availableLabel?: string;
  /** The hunter's team in a team hunt (issue 42): its name, colour and live rank among the teams. */
  team?: { name: string; color: string; rank: number; of: number } | null;
};

function Count({ icon, value, label, testId }: { icon: ReactNode; value: string; label: string; testId: string }) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      px={8}
      h={26}
      bg="dark.6"
      style={{ borderRadius: 4 }}
      aria-label={label ? `${label}: ${value}` : value}
      role="status"
      data-testid={testId}
    >
      {icon}
      <Text size="sm" fw={800} c="white" aria-hidden>
        {value}
      </Text>
      {label && (
        <Text size="xs" fw={600} c="gray.3" aria-hidden>
          {label}
        </Text>
      )}
    </Group>
  );
}

/** Memoised: its props are values and stable objects, so the terminal's other updates skip it (decision 911). */
export const TerminalHeader = memo(function TerminalHeader({
  sessionName,
  handle,
  gps,
  session,
  observed,
  available,
  availableLabel,
  team = null,
}: Props) {
  return (
    <Box component="header" bg="dark.8" c="white" px="sm" pt={6} pb={8} style={{ flexShrink: 0 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Box style={{ minWidth: 0 }}>
          {/* Long names wrap, never cut (issue #46): the header grows a line. */}
          <Text component="h1" fw={800} size="lg" lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="terminal-session-name">
            {sessionName}
          </Text>
          {handle && (
            <Text size="xs" c="gray.4" style={{ overflowWrap: 'anywhere' }}>
              Hunter {handle}
            </Text>
          )}
        </Box>
        <Group gap={4} wrap="nowrap">
          <IdentityActions sessionName={sessionName} handle={handle} />
        </Group>
      </Group>
      <Group gap={6} mt={4} wrap="wrap">
        <GpsStatus gps={gps} />
        <TimeBadge session={session} />
        <Count
          icon={<IconEye size={16} aria-hidden color="var(--mantine-color-jungle-3)" />}
          value={observed === null ? '–' : String(observed)}
          label="observed"
          testId="observed-count"
        />
        <Count
          icon={<IconPaw size={16} aria-hidden color="var(--mantine-color-amber-4)" />}
          value={availableLabel ?? String(available)}
          label={availableLabel === undefined ? 'available' : ''}
          testId="available-count"
        />
        {team && (
          <Count
            icon={<TeamSwatch color={team.color} size={12} />}
            value={`#${team.rank} of ${team.of}`}
            label={team.name}
            testId="team-rank"
          />
        )}
      </Group>
    </Box>
  );
});
