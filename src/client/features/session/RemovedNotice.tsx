// What a hunter sees once the game master removed them from a session (decision 836): the
// reason in the server's words, and the way back to where they join hunts.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { removedMessage } from '../../../domain/removed';

export function RemovedNotice({ sessionName, actionLabel, onDone }: { sessionName: string; actionLabel: string; onDone: () => void }) {
  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" maw={560} mx="auto" w="100%" role="alert" data-testid="removed-notice">
      <Stack gap="sm" align="flex-start">
        <IconUserOff size={40} aria-hidden color="var(--mantine-color-red-8)" />
        <Title order={2}>Removed from the hunt</Title>
        <Text size="lg">{removedMessage(sessionName)}</Text>
        <Text size="sm" c="dimmed">
          You can no longer see or play this session, and you cannot rejoin it. You can still join other hunts.
        </Text>
        <Button size="lg" fullWidth onClick={onDone}>
          {actionLabel}
        </Button>
      </Stack>
    </Card>
  );
}
