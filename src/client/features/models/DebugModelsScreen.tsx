import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { LazyModelViewer } from './LazyModelViewer';

const VIEWER_HEIGHT = 280;

/** Mounts the viewer once the card scrolls into view, so a long list does not open every WebGL context at once. */
function SpeciesModelCard({ name, scientificName, modelUrl }: { name: string; scientificName: string | null; modelUrl: string }) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  return (
    <Card withBorder padding="sm" ref={ref} data-testid="debug-model-card">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          {scientificName && (
            <Text size="xs" c="dimmed" fs="italic" truncate>
              {scientificName}
            </Text>
          )}
        </div>
        <Badge size="xs" variant="light">
          {modelUrl.split('.').pop()}
        </Badge>
      </Group>
      {seen ? (
        <LazyModelViewer url={modelUrl} height={VIEWER_HEIGHT} />
      ) : (
        <Center h={VIEWER_HEIGHT} bg="gray.1" style={{ borderRadius: 8 }}>
          <Loader size="sm" />
        </Center>
      )}
      <Anchor href={modelUrl} size="xs" mt={6} style={{ wordBreak: 'break-all' }}>
        {modelUrl}
      </Anchor>
    </Card>
  );
}

/** /debug-models: every species that has a model, each in a live 3D viewer. */
export function DebugModelsScreen() {
  const { isAuthenticated, isLoading: userLoading } = useCurrentUser();
  const species = trpc.admin.speciesList.useQuery(undefined, { enabled: isAuthenticated });
  const withModels = (species.data ?? []).filter((s) => s.modelUrl);

  return (
    <Container size="lg" py="md" px="sm">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} fz={{ base: 20, sm: 28 }}>
            Model Debug
          </Title>
          <Button component={Link} to="/" variant="default" size="xs" leftSection={<IconHome size={14} />}>
            Home
          </Button>
        </Group>
        {!userLoading && !isAuthenticated && (
          <Alert color="yellow" title="Sign in to see the species models">
            The species catalogue is shown to signed-in users. <Anchor component={Link} to="/login">Sign in</Anchor>
          </Alert>
        )}
        {species.isLoading && isAuthenticated && <Loader />}
        {species.data && (
          <Text size="sm" c="dimmed">
            {withModels.length} of {species.data.length} species have a 3D model. Drag to orbit, scroll to zoom.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {withModels.map((s) => (
            <SpeciesModelCard key={s.id} name={s.name} scientificName={s.scientificName} modelUrl={s.modelUrl!} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
