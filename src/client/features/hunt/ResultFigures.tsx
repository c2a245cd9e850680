// Observed, total deployed and completion rate: the figures both end dialogs show.
import { Group, Paper, Text } from '@mantine/core';

export function ResultFigures({ found, total, rate }: { found: number; total: number; rate: number }) {
  const figures = [
    { label: 'Dinosaurs observed', value: String(found) },
    { label: 'Total deployed', value: String(total) },
    { label: 'Completion rate', value: `${rate}%` },
  ];
  return (
    <Group grow gap="xs" align="stretch">
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="xs" ta="center">
          <Text size="xl" fw={800} data-testid={`result-${f.label.toLowerCase().replace(/ /g, '-')}`}>
            {f.value}
          </Text>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
