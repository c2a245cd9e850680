// The header's Account button, apart from AccountLink's compact icon (whose tooltip brings floating-ui):
// the site header draws it on every page, the landing page's first load included.
import { Button } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { AppLink } from '../../components/AppLink';

export const ACCOUNT_PATH = '/account';

export function AccountButton() {
  return (
    <Button component={AppLink} to={ACCOUNT_PATH} variant="default" size="xs" leftSection={<IconUserShield size={14} aria-hidden />}>
      Account
    </Button>
  );
}
