// The mission briefing (spec, sections 2 and 4): name, difficulty, cover photo,
// briefing video, description, objectives and the 50 m safety distance. The
// session's own media and description stand in when the mission has none.
import { Box, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BRIEFING_SAFETY_DISTANCE_M } from '../../../domain/rules';
import { BriefingVideo, CoverPhoto } from './BriefingMedia';
import { DifficultyBadge } from './DifficultyBadge';
import type { Mission } from './types';

type BriefingSession = {
  name: string;
  coverPhotoUrl?: string | null;
  briefingVideoUrl?: string | null;
  description?: string | null;
};

export function MissionBriefing({
  session,
  mission,
  showTitle = true,
}: {
  session: BriefingSession | null | undefined;
  mission: Mission | null | undefined;
  /** False inside a dialog that already shows the name as its title. */
  showTitle?: boolean;
}) {
  const name = mission?.name ?? session?.name ?? 'Mission';
  const cover = mission?.coverPhotoUrl ?? session?.coverPhotoUrl ?? null;
  const video = mission?.briefingVideoUrl ?? session?.briefingVideoUrl ?? null;
  const description = mission?.description ?? session?.description ?? null;
  const objectives = mission?.objectives ?? [];
  return (
    <Stack gap="sm" data-testid="mission-briefing">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        {showTitle ? (
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
        ) : (
          <span />
        )}
        <Box style={{ flexShrink: 0 }}>
          <DifficultyBadge difficulty={mission?.difficulty} />
        </Box>
      </Group>
      <CoverPhoto url={cover} alt={`${name} cover photo`} />
      <BriefingVideo url={video} title={name} />
      {description ? (
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{description}</Text>
      ) : (
        <Text c="dimmed">No briefing text for this mission.</Text>
      )}
      {objectives.length > 0 && (
        <div>
          <Text fw={700} mb={4}>
            Objectives
          </Text>
          <List spacing={4} type="ordered">
            {objectives.map((o, i) => (
              // Objectives are plain text and may repeat: their place is their identity.
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                {o}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <Group gap="xs" wrap="nowrap" p="xs" bg="yellow.1" style={{ borderRadius: 8 }}>
        <IconAlertTriangle size={20} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          Safety: keep a {BRIEFING_SAFETY_DISTANCE_M} m safety distance from every dinosaur and watch your surroundings.
        </Text>
      </Group>
    </Stack>
  );
}
