import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconDeviceGamepad2, IconMap2, IconPaw, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { trpc } from '../../trpc';

function Stat({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        {icon}
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} mt={6} w={48} />
      ) : (
        <Text fz={28} fw={800} mt={4} data-testid={`overview-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {value}
        </Text>
      )}
    </Card>
  );
}

/** Real counts from the server. */
export function OverviewCards() {
  const { data } = trpc.admin.overview.useQuery();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Stat label="Dinosaur Species" value={data?.speciesCount} icon={<IconPaw size={14} />} />
      <Stat label="Missions" value={data?.missionCount} icon={<IconMap2 size={14} />} />
      <Stat label="Active Sessions" value={data?.activeSessions} icon={<IconDeviceGamepad2 size={14} />} />
      <Stat label="Total Users" value={data?.totalUsers} icon={<IconUsers size={14} />} />
    </SimpleGrid>
  );
}
