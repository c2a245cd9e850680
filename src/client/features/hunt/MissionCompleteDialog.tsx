// Shown when the hunter has observed every deployed dinosaur (spec, sections 2 and 4).
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { CompletionResult } from '../../../domain/countdown';
import { ResultFigures } from './ResultFigures';

export function MissionCompleteDialog({
  opened,
  result,
  onReturnToLobby,
  onContinue,
}: {
  opened: boolean;
  result?: CompletionResult | null;
  onReturnToLobby: () => void;
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
        <Text>Every dinosaur in this session has been observed. Outstanding field work, hunter.</Text>
        {result && <ResultFigures found={result.dinosaursFound} total={result.totalDinosaurs} rate={result.completionRate} />}
        <Button size="lg" onClick={onReturnToLobby}>
          Return to Lobby
        </Button>
        <Button size="lg" variant="light" onClick={onContinue} data-autofocus>
          Continue Session
        </Button>
      </Stack>
    </Modal>
  );
}
