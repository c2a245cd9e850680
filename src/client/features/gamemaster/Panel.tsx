// One Mission HQ panel: a titled card; the title is the panel's heading and its region's name.
import { Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type Props = {
  title: string;
  icon?: ReactNode;
  /** Right side of the title row (counters, actions). */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
};

export function Panel({ title, icon, aside, children, testId }: Props) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {icon}
          <Title order={2} fz={18} id={headingId} style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Title>
        </Group>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
