// The full-screen species card (live-play spec, section 2): name, scientific
// name, description, rarity, diet, locomotion, length, weight, health and
// observation rate. Educational framing: no capture wording.
import { Box, Button, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { observationRateLabel } from './observationRate';
import { RarityBadge } from './RarityBadge';
import { SpeciesIcon } from './SpeciesIcon';
import type { SpeciesLite } from './types';

type Props = { species: SpeciesLite | null; opened: boolean; onClose: () => void };

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

export function SpeciesCard({ species, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened && species !== null}
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
                </Group>
              </Stack>
            </Group>
            {species.description && <Text style={{ whiteSpace: 'pre-line' }}>{species.description}</Text>}
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Fact label="Diet" value={species.dietType} />
              <Fact label="Locomotion" value={species.locomotionType} />
              <Fact label="Length" value={species.length} />
              <Fact label="Weight" value={species.weight} />
              <Fact label="Health" value={species.health} />
              <Fact label="Observation rate" value={observationRateLabel(species.captureRate)} />
            </SimpleGrid>
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
