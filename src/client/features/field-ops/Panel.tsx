// One Field Operations panel: a titled card, named for screen readers by its title.
import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Panel({
  title,
  icon,
  actions,
  children,
  area,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** The CSS grid area the panel occupies (fieldOps.module.css). */
  area: string;
  testId?: string;
}) {
  const headingId = `panel-${area}`;
  return (
    <Card
      component="section"
      withBorder
      padding="sm"
      radius="md"
      aria-labelledby={headingId}
      style={{ gridArea: area, minWidth: 0 }}
      data-testid={testId}
    >
      <Group justify="space-between" wrap="wrap" mb="xs" gap="xs">
        <Group gap={6} wrap="nowrap">
          {icon}
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
      {children}
    </Card>
  );
}
