import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageShell } from '../components/PageShell';

/** Stands in for screens that later issues build. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageShell>
      <Stack align="center" py={80} px="md">
        <Title order={1} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          This screen is coming soon.
        </Text>
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </PageShell>
  );
}
