// The end dialog's "Achievements earned" section: what this hunt earned, and for a guest the
// offer to keep them by creating an account (decision 832).
import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { AchievementList } from './AchievementList';
import { KeepAchievementsForm } from './KeepAchievementsForm';

export function HuntAchievements({ sessionId }: { sessionId: number }) {
  const { user } = useCurrentUser();
  const mine = trpc.achievements.mine.useQuery({ sessionId });
  const [keeping, setKeeping] = useState(false);
  const items = mine.data?.thisHunt ?? [];
  return (
    <Stack gap="xs" data-testid="hunt-achievements">
      <Divider />
      <Title order={3} fz="md">
        Achievements earned
      </Title>
      <AchievementList items={items} empty={mine.isLoading ? 'Loading…' : 'None this hunt.'} testId="hunt-achievement-list" />
      {user?.isGuest &&
        items.length > 0 &&
        (keeping ? (
          <Stack gap="xs">
            <Text size="sm">Create a hunter account: this hunt and its achievements move to it.</Text>
            <KeepAchievementsForm />
          </Stack>
        ) : (
          <Button variant="light" onClick={() => setKeeping(true)}>
            Keep your achievements
          </Button>
        ))}
    </Stack>
  );
}
