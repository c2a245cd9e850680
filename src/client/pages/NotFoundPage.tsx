import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageShell } from '../components/PageShell';

export function NotFoundPage() {
  return (
    <PageShell>
      <Stack align="center" py={80} px="md">
        <Title order={1} ta="center">
          404 - Page Not Found
        </Title>
        <Text c="dimmed" ta="center">
          This trail goes cold. The page you are looking for does not exist.
        </Text>
        <Button component={Link} to="/">
          Go Home
        </Button>
      </Stack>
    </PageShell>
  );
}
