// A list of earned achievements: badge, title, what it asked for (the end dialog, the profile, HQ).
import { Group, Stack, Text } from '@mantine/core';
import { AchievementBadge } from './AchievementBadge';
import type { EarnedAchievement } from './types';

export function AchievementList({
  items,
  empty,
  testId,
  who,
}: {
  items: readonly (EarnedAchievement & { hunterName?: string })[];
  empty: string;
  testId?: string;
  /** Show the hunter's handle before each title (HQ). */
  who?: boolean;
}) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid={testId}>
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((a) => (
        <Group
          key={`${a.key}:${a.tier}:${a.sessionId}:${a.hunterName ?? ''}`}
          component="li"
          gap="sm"
          wrap="nowrap"
          data-testid="achievement-item"
        >
          <AchievementBadge icon={a.icon} tier={a.tier} size={36} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm">
              {who && a.hunterName ? `${a.hunterName}: ` : ''}
              {a.title}
            </Text>
            <Text size="xs" c="dimmed">
              {a.description}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
