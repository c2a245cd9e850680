import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MODEL_TEST_MODELS } from '../../../domain/rules';
import { LazyModelViewer } from './LazyModelViewer';

/** Two fixed uploaded models, loaded straight from /uploads (the server installs them at every start). */
const MODELS = MODEL_TEST_MODELS.map(({ name, path }) => ({ name, url: `/uploads/${path}` }));

export function ModelTestScreen() {
  return (
    <Container component="main" size="lg" py="md" px="sm">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} fz={{ base: 20, sm: 28 }}>
            Model Test
          </Title>
          <Button component={Link} to="/" variant="default" size="xs" leftSection={<IconHome size={14} />}>
            Home
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {MODELS.map(({ name, url }) => (
            <Card key={url} withBorder padding="sm" data-testid="model-test-card">
              {/* Long names wrap between words; only a single over-long word breaks. */}
              <Text fw={600} style={{ overflowWrap: 'break-word' }}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" mb={6} style={{ overflowWrap: 'anywhere' }}>
                {url.split('/').pop()}
              </Text>
              <LazyModelViewer url={url} height={360} autoRotate label={name} />
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
