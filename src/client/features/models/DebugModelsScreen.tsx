import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';
import { LazyModelViewer } from './LazyModelViewer';

const VIEWER_HEIGHT = 280;

type CardProps = { name: string; scientificName: string | null; modelUrl: string; modelFileName: string | null };

/** Mounts the viewer once the card scrolls into view, so a long list does not open every WebGL context at once. */
function SpeciesModelCard({ name, scientificName, modelUrl, modelFileName }: CardProps) {
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const extension = modelUrl.split('?')[0]?.split('.').pop() ?? '';
  return (
    <Card withBorder padding="sm" ref={ref} data-testid="debug-model-card">
      <Group justify="space-between" mb={6} wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate title={name}>
            {name}
          </Text>
          {/* The line is kept when there is no scientific name, so every viewer in a row starts at the same height. */}
          <Text size="xs" c="dimmed" fs="italic" truncate title={scientificName ?? undefined} data-testid="debug-model-scientific-name">
            {scientificName ?? '\u00a0'}
          </Text>
        </div>
        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
          {extension}
        </Badge>
      </Group>
      {seen ? (
        <LazyModelViewer url={modelUrl} height={VIEWER_HEIGHT} label={name} />
      ) : (
        <Center h={VIEWER_HEIGHT} bg="gray.1" style={{ borderRadius: 8 }} data-testid="model-viewer-placeholder">
          <Loader size="sm" />
        </Center>
      )}
      <Anchor href={modelUrl} size="xs" mt={6} target="_blank" style={{ overflowWrap: 'anywhere' }} data-testid="debug-model-file">
        {modelFileName ?? `Open the .${extension} file`}
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
    <Container component="main" size="lg" py="md" px="sm">
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
            {withModels.length} of {species.data.length} species have a 3D model. Click or tap a model to rotate and zoom it.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {withModels.map((s) => (
            <SpeciesModelCard
              key={s.id}
              name={s.name}
              scientificName={s.scientificName}
              modelUrl={s.modelUrl!}
              modelFileName={s.modelFileName}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
