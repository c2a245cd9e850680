// The Mission Briefing dialog after joining (spec, section 2): Begin Mission and
// Review Later both only close it.
import { Button, Modal, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MissionBriefing } from '../hunt/MissionBriefing';
import type { HuntSession, Mission } from '../hunt/types';

export function BriefingDialog({
  opened,
  onClose,
  session,
  mission,
}: {
  opened: boolean;
  onClose: () => void;
  session: HuntSession | undefined;
  mission: Mission | null;
}) {
  const name = mission?.name ?? session?.name ?? 'Mission';
  // A phone gets the whole screen: the video and objectives need the room.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      centered
      title={
        <Text fw={800} size="xl" component="span" style={{ overflowWrap: 'anywhere' }}>
          Mission Briefing: {name}
        </Text>
      }
    >
      <MissionBriefing session={session} mission={mission} showTitle={false} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="lg">
        <Button size="lg" variant="default" onClick={onClose}>
          Review Later
        </Button>
        <Button size="lg" onClick={onClose}>
          Begin Mission
        </Button>
      </SimpleGrid>
    </Modal>
  );
}
