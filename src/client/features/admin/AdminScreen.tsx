import { Badge, Button, Center, Container, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconHome, IconMap2, IconPaw, IconSettings, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GameMastersPanel } from './GameMastersPanel';
import { MissionsPanel } from './MissionsPanel';
import { OverviewCards } from './OverviewCards';
import { SpeciesPanel } from './SpeciesPanel';
import { SystemControls } from './SystemControls';
import { useAdminGuard } from './useAdminGuard';

export function AdminScreen() {
  const { ready } = useAdminGuard();
  if (!ready) {
    return (
      <Center mih="60dvh">
        <Loader />
      </Center>
    );
  }
  return (
    <Container size="lg" py="md" px="sm">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Badge color="red" variant="filled" size="xs">
              ADMIN
            </Badge>
            <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2}>
              System Administration
            </Title>
          </Stack>
          <Button component={Link} to="/" variant="default" size="xs" leftSection={<IconHome size={14} />} style={{ flexShrink: 0 }}>
            Home
          </Button>
        </Group>
        <OverviewCards />
        <Tabs defaultValue="species" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="species" leftSection={<IconPaw size={14} />}>
              Species
            </Tabs.Tab>
            <Tabs.Tab value="missions" leftSection={<IconMap2 size={14} />}>
              Missions
            </Tabs.Tab>
            <Tabs.Tab value="gamemasters" leftSection={<IconUsers size={14} />}>
              GameMasters
            </Tabs.Tab>
            <Tabs.Tab value="system" leftSection={<IconSettings size={14} />}>
              System
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="species" pt="md">
            <SpeciesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="missions" pt="md">
            <MissionsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="gamemasters" pt="md">
            <GameMastersPanel />
          </Tabs.Panel>
          <Tabs.Panel value="system" pt="md">
            <SystemControls />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
