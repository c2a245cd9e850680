import { Badge, Button, Center, Container, Group, Loader, ScrollArea, Stack, Tabs, Title } from '@mantine/core';
import { IconHome, IconLogout, IconMap2, IconPaw, IconSettings, IconUserSearch, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../auth/useLogout';
import { GameMastersPanel } from './GameMastersPanel';
import { MissionsPanel } from './MissionsPanel';
import { OverviewCards } from './OverviewCards';
import { SpeciesPanel } from './SpeciesPanel';
import { MailOutboxPanel } from './MailOutboxPanel';
import { SystemControls } from './SystemControls';
import { useAdminGuard } from './useAdminGuard';
import { UsersPanel } from './UsersPanel';

const TABS = [
  { value: 'species', label: 'Species', Icon: IconPaw },
  { value: 'missions', label: 'Missions', Icon: IconMap2 },
  { value: 'gamemasters', label: 'GameMasters', Icon: IconUsers },
  { value: 'users', label: 'Users', Icon: IconUserSearch },
  { value: 'system', label: 'System', Icon: IconSettings },
] as const;

export function AdminScreen() {
  const { ready } = useAdminGuard();
  const logout = useLogout();
  if (!ready) {
    return (
      <Center component="main" mih="60dvh">
        <Loader />
      </Center>
    );
  }
  return (
    <Container component="main" size="lg" py="md" px="sm">
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
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Button component={Link} to="/" variant="default" size="xs" leftSection={<IconHome size={14} />}>
              Home
            </Button>
            <Button variant="subtle" size="xs" leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
              Logout
            </Button>
          </Group>
        </Group>
        <OverviewCards />
        <Tabs defaultValue="species" keepMounted={false}>
          {/* One row that scrolls sideways on a narrow phone, instead of wrapping into a grid. */}
          <ScrollArea type="scroll" scrollbarSize={4} data-testid="admin-tabs-scroll">
            <Tabs.List grow={false} style={{ flexWrap: 'nowrap' }}>
              {TABS.map(({ value, label, Icon }) => (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={14} />} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          <Tabs.Panel value="species" pt="md">
            <SpeciesPanel />
          </Tabs.Panel>
          <Tabs.Panel value="missions" pt="md">
            <MissionsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="gamemasters" pt="md">
            <GameMastersPanel />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <UsersPanel />
          </Tabs.Panel>
          <Tabs.Panel value="system" pt="md">
            <Stack>
              <SystemControls />
              <MailOutboxPanel />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
