// No session open on this screen: the sessions this hunter already joined (from the
// server) to resume with one tap, first, then the Join Mission card.
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDoorEnter, IconPlayerPlay } from '@tabler/icons-react';
import { StatusBadge } from '../session';

type JoinedSession = { id: number; name: string; status: string };

export function JoinMissionCard({
  onJoin,
  joinedSessions,
  joinedLoading,
  onResume,
}: {
  onJoin: () => void;
  joinedSessions: JoinedSession[];
  joinedLoading: boolean;
  onResume: (id: number) => void;
}) {
  return (
    <Stack gap="md" maw={560} mx="auto" w="100%">
      {joinedLoading && <Loader size="sm" role="status" aria-label="Loading your sessions" />}
      {joinedSessions.length > 0 && (
        <Card withBorder padding="md" radius="md">
          <Title order={2} fz="lg" mb="xs">
            Your sessions
          </Title>
          <Stack gap="xs">
            {joinedSessions.map((s) => (
              <Group key={s.id} justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end">
                    {s.name}
                  </Text>
                  <StatusBadge status={s.status} size="sm" />
                </div>
                <Button
                  variant="light"
                  size="md"
                  leftSection={<IconPlayerPlay size={18} aria-hidden />}
                  onClick={() => onResume(s.id)}
                  aria-label={`Resume ${s.name}`}
                  style={{ flexShrink: 0 }}
                >
                  Resume
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Card withBorder shadow="sm" padding="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2}>Join Mission</Title>
          <Text data-testid="join-mission-hint">
            {joinedSessions.length > 0
              ? 'Resume a session you joined above, or join another with the session name and password from its game master.'
              : 'You are not in a session yet. Ask your game master for the session name and password, then join the hunt.'}
          </Text>
          <Button size="lg" fullWidth leftSection={<IconDoorEnter size={22} aria-hidden />} onClick={onJoin}>
            Join Mission
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
