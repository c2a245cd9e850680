// The profile's achievements (on /account, decision 833): everything earned across hunts and the
// way to each tiered achievement's next tier. A guest sees its one hunt's.
import { Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { AchievementBadge, tierColour } from './AchievementBadge';
import { AchievementList } from './AchievementList';
import type { AchievementProgress } from './types';

function ProgressRow({ p }: { p: AchievementProgress }) {
  const label = p.next ? `${p.value} / ${p.next.threshold} ${p.unit} to ${p.next.tier}` : `${p.value} ${p.unit}: gold reached`;
  return (
    <Group gap="sm" wrap="nowrap" data-testid={`achievement-progress-${p.key}`}>
      <AchievementBadge icon={p.icon} tier={p.tier} size={32} muted={p.tier === null} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed" tt={p.tier ? 'capitalize' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {p.tier ?? 'not yet'}
          </Text>
        </Group>
        <Progress
          value={Math.round(p.fraction * 100)}
          color={tierColour(p.next?.tier ?? 'gold')}
          size="sm"
          aria-label={`${p.name}: ${label}`}
        />
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </div>
    </Group>
  );
}

export function ProfileAchievements({ guest }: { guest: boolean }) {
  const mine = trpc.achievements.mine.useQuery({});
  if (mine.isError) return <Text c="red">{errorMessage(mine.error, 'Your achievements could not be loaded.')}</Text>;
  const data = mine.data;
  return (
    <Stack gap="md" data-testid="profile-achievements">
      <div>
        <Title order={3} fz="md" mb="xs">
          Earned {data ? `(${data.earned.length})` : ''}
        </Title>
        <AchievementList
          items={data?.earned ?? []}
          empty={mine.isLoading ? 'Loading…' : guest ? 'Nothing earned in this hunt yet.' : 'Nothing earned yet: go hunting!'}
          testId="profile-achievement-list"
        />
      </div>
      <div>
        <Title order={3} fz="md" mb="xs">
          Next tiers
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {(data?.progress ?? []).map((p) => (
            <ProgressRow key={p.key} p={p} />
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
