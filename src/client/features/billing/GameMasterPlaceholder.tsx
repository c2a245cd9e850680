// Stand-in for the game master screen until the sessions issue lands: the guard,
// the Credits button and the plan summary. The real screen wraps itself in
// <GameMasterGate> and puts <CreditsButton /> in its header.
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { PageShell } from '../../components/PageShell';
import { CreditsButton } from './CreditsButton';
import { GameMasterGate } from './GameMasterGate';
import { SubscriptionSummary } from './SubscriptionSummary';

export function GameMasterPlaceholder() {
  return (
    <PageShell>
      <GameMasterGate>
        <Container size="lg" py="xl">
          <Stack>
            <Group justify="space-between">
              <Title order={1}>Mission HQ</Title>
              <CreditsButton />
            </Group>
            <SubscriptionSummary />
            <Text c="dimmed">Session controls are coming soon.</Text>
          </Stack>
        </Container>
      </GameMasterGate>
    </PageShell>
  );
}
