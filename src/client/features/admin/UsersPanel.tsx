// Users (issue #46): every account, hunters too, found by name, username or email and by role
// (GET /admin/users), each suspended or reactivated here. Admin accounts cannot be suspended.
import { Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ADMIN_USER_SEARCH_MAX, ADMIN_USER_SEARCH_TEXT_MAX } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { AccountStatusModal } from './AccountStatusModal';
import { accountName, isSuspended } from './accountName';
import type { AdminUser } from './types';

const SEARCH_DEBOUNCE_MS = 250;
const ROLES = [
  { value: 'all', label: 'All' },
  { value: 'hunter', label: 'Hunters' },
  { value: 'gamemaster', label: 'Game masters' },
  { value: 'admin', label: 'Admins' },
];
const ROLE_LABEL: Record<AdminUser['role'], string> = { hunter: 'Hunter', gamemaster: 'Game master', admin: 'Admin' };
type RoleFilter = 'all' | AdminUser['role'];

export function UsersPanel() {
  const [text, setText] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const users = trpc.admin.usersSearch.useQuery({ q: q || undefined, role: role === 'all' ? undefined : role }, { placeholderData: (previous) => previous });
  const [toChangeStatus, setToChangeStatus] = useState<AdminUser | null>(null);
  const list = users.data ?? [];
  return (
    <Stack gap="sm">
      <Text fw={700} component="h2">
        Users
      </Text>
      <TextInput
        label="Find an account"
        description="Part of a name, username or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={ADMIN_USER_SEARCH_TEXT_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="user-search"
      />
      <SegmentedControl
        aria-label="Role"
        data={ROLES}
        value={role}
        onChange={(value) => setRole(value as RoleFilter)}
        fullWidth
        data-testid="user-role-filter"
      />
      {users.isLoading && <Loader size="sm" role="status" aria-label="Searching accounts" />}
      {users.isError && (
        <Text c="red.8" role="alert">
          The accounts could not be loaded.
        </Text>
      )}
      {users.isSuccess && list.length === 0 && <Text c="dimmed">No account matches.</Text>}
      {list.length === ADMIN_USER_SEARCH_MAX && (
        <Text size="sm" c="dimmed">
          The first {ADMIN_USER_SEARCH_MAX} by name: type more of a name to narrow the list.
        </Text>
      )}
      {list.map((u) => (
        <Card key={u.id} withBorder padding="sm" data-testid="user-row" data-user-id={u.id}>
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {accountName(u)}
              </Text>
              {u.username && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  @{u.username}
                </Text>
              )}
              {u.email && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Text>
              )}
              <Group gap={4} mt={6}>
                <Badge size="xs" variant="outline" color="dark" data-testid="user-role">
                  {ROLE_LABEL[u.role]}
                </Badge>
                <Badge size="xs" variant="light" color={isSuspended(u) ? 'red' : 'green'} data-testid="user-status">
                  {u.accountStatus}
                </Badge>
              </Group>
            </div>
            {u.role !== 'admin' && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={isSuspended(u) ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
                aria-label={`${isSuspended(u) ? 'Reactivate' : 'Suspend'} ${accountName(u)}`}
                onClick={() => setToChangeStatus(u)}
              >
                {isSuspended(u) ? 'Reactivate' : 'Suspend'}
              </Button>
            )}
          </Group>
        </Card>
      ))}
      <AccountStatusModal account={toChangeStatus} kind="account" onClose={() => setToChangeStatus(null)} />
    </Stack>
  );
}
