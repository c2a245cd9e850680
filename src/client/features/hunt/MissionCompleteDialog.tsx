// Shown when the hunter has observed every deployed dinosaur (spec, sections 2 and 4). One way out:
// back to the hunt. The spec's "Return to Lobby" led to a lobby that exists nowhere else (decision 984);
// leaving stays where it always is, in the header (Logout, Leave Session).
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { CompletionResult } from '../../../domain/countdown';
import { ResultFigures } from './ResultFigures';

export function MissionCompleteDialog({
  opened,
  result,
  onContinue,
}: {
  opened: boolean;
  result?: CompletionResult | null;
  onContinue: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onContinue}
      centered
      title={
        <Text fw={800} size="xl" c="jungle.9">
          Mission Complete!
        </Text>
      }
    >
      <Stack gap="md" data-testid="mission-complete-dialog">
        <Text>You have observed every dinosaur in this session. Outstanding field work, hunter.</Text>
        {result && <ResultFigures found={result.dinosaursFound} total={result.totalDinosaurs} rate={result.completionRate} />}
        <Button size="lg" onClick={onContinue} data-autofocus>
          Continue Session
        </Button>
      </Stack>
    </Modal>
  );
}
