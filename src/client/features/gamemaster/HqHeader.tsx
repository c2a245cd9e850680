// Mission HQ's header: GM badge, the screen's name, credits (count + Credits
// button to /checkout), Home and Logout.
import { Badge, Button, Group, Title } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CreditsButton } from '../billing/CreditsButton';
import { AccountLink } from '../account/AccountLink';
import { useLogout } from '../auth/useLogout';
import { memo } from 'react';

export const HqHeader = memo(function HqHeader() {
  const logout = useLogout();
  return (
    <Group component="header" justify="space-between" wrap="wrap" gap="xs" py="xs">
      <Group gap="xs" wrap="nowrap">
        <Badge color="dark" variant="filled" size="lg" radius="sm">
          GM
        </Badge>
        <Title order={1} fz={{ base: 20, sm: 26 }} lh={1.2}>
          Mission HQ
        </Title>
      </Group>
      {/* Four buttons: on a phone they wrap onto a second line rather than push the page sideways. */}
      <Group gap="xs" wrap="wrap">
        <CreditsButton />
        <Button component={Link} to="/" variant="default" size="xs" leftSection={<IconHome size={14} />}>
          Home
        </Button>
        <AccountLink />
        <Button variant="subtle" size="xs" leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
          Logout
        </Button>
      </Group>
    </Group>
  );
});
