// The species card's knowledge facts (issue #44): when it lived and where its fossils were found.
import { Box, Stack, Text } from '@mantine/core';
import { IconBone, IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SpeciesLite } from './types';

function FactLine({ icon, label, text }: { icon: ReactNode; label: string; text: string }) {
  return (
    <Box p="sm" bg="jungle.0" style={{ borderRadius: 'var(--mantine-radius-md)', display: 'flex', gap: 10 }}>
      <Box c="jungle.9" pt={2} aria-hidden>
        {icon}
      </Box>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <Text style={{ overflowWrap: 'anywhere' }}>{text}</Text>
      </Stack>
    </Box>
  );
}

export function SpeciesFacts({ species }: { species: Pick<SpeciesLite, 'period' | 'fossilSites'> }) {
  if (!species.period && !species.fossilSites) return null;
  return (
    <Stack gap="xs" data-testid="species-facts">
      <Text fw={800}>Did you know?</Text>
      {species.period && <FactLine icon={<IconHourglass size={20} />} label="When it lived" text={species.period} />}
      {species.fossilSites && <FactLine icon={<IconBone size={20} />} label="Fossils found" text={species.fossilSites} />}
    </Stack>
  );
}
