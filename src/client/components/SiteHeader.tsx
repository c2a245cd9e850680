import { Container, Group } from '@mantine/core';
import { AccountActionsIsland } from './AccountActionsIsland';
import { Brand } from './Brand';

export function SiteHeader() {
  return (
    <Container component="header" size="lg" py="sm" w="100%">
      <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
        <Brand compact />
        <AccountActionsIsland />
      </Group>
    </Container>
  );
}
