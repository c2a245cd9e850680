// Mission Status (spec, section 2): mission name, status, team size current/max and
// the hunter's rank. The seed showed a fixed #1; the server tells a hunter their own
// place among the session's hunters by dinosaurs observed (hunter stats:
// completionRank of huntersInSession), never other hunters' figures.
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconDoorExit } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge, TimeBadge } from '../session';
import type { HuntSession } from '../hunt/types';
import { Panel } from './Panel';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </div>
  );
}

export function MissionStatusPanel({
  session,
  missionName,
  observed,
  total,
  rank,
  teamSize = null,
  onOpenBriefing,
  onLeave,
}: {
  session: HuntSession;
  missionName: string | null;
  observed: number;
  total: number;
  /** The hunter's place; `team`: their team's place among the teams (issue 42). */
  rank: { place: number; of: number; team?: boolean } | null;
  /** In a team (issue 42): the team's size now and its limit; otherwise the session's players. */
  teamSize?: { current: number; max: number } | null;
  onOpenBriefing: () => void;
  onLeave: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title="Mission Status" area="status" testId="mission-status">
      <Stack gap="sm">
        <Text fw={800} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="mission-name">
          {missionName ?? session.name}
        </Text>
        <Group gap="xs">
          <StatusBadge status={session.status} />
          <TimeBadge session={session} />
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Fact label="Team size">
            <Text fw={800} data-testid="team-size">
              {teamSize ? `${teamSize.current}/${teamSize.max}` : `${session.currentPlayers}/${session.maxPlayers}`}
            </Text>
          </Fact>
          <Fact label="Observed">
            <Text fw={800} data-testid="observed-count">
              {observed}/{total}
            </Text>
          </Fact>
          <Fact label={rank?.team ? 'Team rank' : 'Rank'}>
            <Text
              fw={800}
              data-testid="hunter-rank"
              aria-label={rank ? `${rank.team ? 'Team rank' : 'Rank'} ${rank.place} of ${rank.of}` : 'Rank not known yet'}
            >
              {rank ? `#${rank.place} of ${rank.of}` : '—'}
            </Text>
          </Fact>
        </SimpleGrid>
        <SimpleGrid cols={1} spacing="xs">
          <Button variant="default" size="md" leftSection={<IconClipboardList size={18} aria-hidden />} onClick={onOpenBriefing}>
            Briefing
          </Button>
          <Button color="red.8" variant="outline" size="md" leftSection={<IconDoorExit size={18} aria-hidden />} onClick={() => setConfirming(true)}>
            Leave Session
          </Button>
        </SimpleGrid>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Leave Session?" centered>
        <Text mb="md">You will leave {session.name} on this device. You can rejoin with the session name and password.</Text>
        <Group grow>
          <Button variant="default" size="md" onClick={() => setConfirming(false)} data-autofocus>
            Stay
          </Button>
          <Button
            color="red.8"
            size="md"
            onClick={() => {
              setConfirming(false);
              onLeave();
            }}
          >
            Leave Session
          </Button>
        </Group>
      </Modal>
    </Panel>
  );
}
