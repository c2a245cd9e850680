import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { AppLink } from './AppLink';

export function SiteFooter() {
  return (
    <Container component="footer" size="lg" py="xl" w="100%">
      <Stack gap={6} align="center">
        <Group gap="lg" justify="center">
          <Anchor component={AppLink} to="/privacy-policy" size="sm">
            Privacy Policy
          </Anchor>
          <Anchor component={AppLink} to="/terms-conditions" size="sm">
            Terms &amp; Conditions
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          © {new Date().getFullYear()} Dinohunt. This application is governed by the laws of the State of Vermont.
        </Text>
      </Stack>
    </Container>
  );
}
