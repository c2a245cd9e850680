// The full-screen species card (live-play spec, section 2): name, scientific
// name, description, rarity, diet, locomotion, length, weight, health and
// observation rate. Educational framing: no capture wording.
import { Badge, Box, Button, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useShownWhileClosing } from '../../lib/useShownWhileClosing';
import { observationRateLabel } from './observationRate';
import { RarityBadge } from './RarityBadge';
import { SpeciesFacts } from './SpeciesFacts';
import { SpeciesIcon } from './SpeciesIcon';
import type { SpeciesLite } from './types';

type Props = {
  species: SpeciesLite | null;
  opened: boolean;
  onClose: () => void;
  /** Metres from the hunter to the dinosaur the card was opened for (Hunter Terminal); omitted elsewhere. */
  distance?: number | null;
  /** That dinosaur's place in the hunt, shown beside the distance. */
  huntState?: 'observed' | 'target' | null;
};

const formatMetres = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(2)} km`);

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  const shown = value === null || value === undefined || value === '' ? '—' : String(value);
  return (
    <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="lg" tt={label === 'Diet' || label === 'Locomotion' ? 'capitalize' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {shown}
      </Text>
    </Box>
  );
}

export function SpeciesCard({ species: current, opened, onClose, distance, huntState = null }: Props) {
  const species = useShownWhileClosing(current);
  return (
    <Modal
      opened={opened && current !== null}
      onClose={onClose}
      fullScreen
      title={species?.name ?? 'Species'}
      styles={{ title: { fontWeight: 800, fontSize: 20 } }}
      closeButtonProps={{ 'aria-label': 'Close species card', size: 'xl' }}
    >
      {species && (
        <Container size="sm" px={0}>
          <Stack gap="md" data-testid="species-card">
            <Group wrap="nowrap" align="center">
              <SpeciesIcon species={species} size={72} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Title order={2} fz={26} style={{ overflowWrap: 'anywhere' }}>
                  {species.name}
                </Title>
                {species.scientificName && (
                  <Text fs="italic" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {species.scientificName}
                  </Text>
                )}
                <Group gap="xs">
                  <RarityBadge rarity={species.rarity} />
                  {huntState === 'observed' && (
                    <Badge color="jungle.9" size="lg" data-testid="species-card-observed">
                      Observed
                    </Badge>
                  )}
                  {huntState === 'target' && (
                    <Badge color="red.8" size="lg">
                      Your target
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Group>
            {distance !== undefined && (
              <Group gap="xs" p="sm" bg="dark.8" c="white" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="species-card-distance">
                <IconRuler2 size={20} aria-hidden />
                <Text fw={800} size="lg">
                  {distance === null || !Number.isFinite(distance) ? 'Distance unknown: waiting for GPS' : `${formatMetres(distance)} away`}
                </Text>
              </Group>
            )}
            {species.description && <Text style={{ whiteSpace: 'pre-line' }}>{species.description}</Text>}
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Fact label="Diet" value={species.dietType} />
              <Fact label="Locomotion" value={species.locomotionType} />
              <Fact label="Length" value={species.length} />
              <Fact label="Weight" value={species.weight} />
              <Fact label="Health" value={species.health} />
              <Fact label="Observation rate" value={observationRateLabel(species.captureRate)} />
            </SimpleGrid>
            <SpeciesFacts species={species} />
            <Text size="sm" c="dimmed">
              Species cards are educational information about each dinosaur.
            </Text>
            <Button size="lg" mih={48} fullWidth variant="default" onClick={onClose}>
              Close
            </Button>
          </Stack>
        </Container>
      )}
    </Modal>
  );
}
