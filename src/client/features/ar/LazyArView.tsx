// The AR view of the nearest dinosaur (Hunter Terminal 'AR Hunt', Field Operations
// 'AR Scanner'). One component, its mode chosen by capability: WebXR geo mode,
// camera overlay, or the 3D viewer with a compass; a refused permission falls back
// one step with the reason. This file stays light: three.js, fiber and
// @react-three/xr load only in the chunk of the mode in use.
import { Alert, Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { observeReadiness } from '../../../domain/hunt-target';
import { ObserveButton } from '../hunt/ObserveButton';
import { CameraOverlayMode } from './camera/CameraOverlayMode';
import { InspectUpClose } from './InspectUpClose';
import { ObserveRangeNote } from './ObserveRangeNote';
import { TargetReadout } from './TargetReadout';
import { AR_MODE_LABELS, type ArViewProps } from './types';
import { useArMode } from './useArMode';
import classes from './arView.module.css';
import { ViewerMode } from './ViewerMode';

const XrGeoSession = lazy(() => import('./xr/XrGeoSession'));

const DEFAULT_HEIGHT = 420;

function Message({ height, title, children }: { height: number | string; title: string; children?: React.ReactNode }) {
  return (
    <Center h={height} bg="dark.8" style={{ borderRadius: 8 }} p="md">
      <Stack align="center" gap={4}>
        <Text c="white" fw={700} size="xl" ta="center">
          {title}
        </Text>
        {children && (
          <Text c="gray.4" ta="center" size="sm">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** Why the AR view is closed, in a player's words: the spec's 'Session Preparing' only before the start. */
function closedMessage(status: string | null | undefined): { state: string; title: string; detail: string } {
  if (status === 'paused') {
    return {
      state: 'paused',
      title: 'Session paused',
      detail: 'The game master paused the hunt: dinosaurs are hidden until it resumes.',
    };
  }
  if (status === 'completed') return { state: 'ended', title: 'Session ended', detail: 'This hunt is over: your results are final.' };
  return { state: 'preparing', title: 'Session Preparing', detail: 'The AR view opens when the session starts.' };
}

export function LazyArView({
  target,
  species,
  position,
  playable,
  sessionStatus,
  observe,
  height = DEFAULT_HEIGHT,
  withName = true,
  targetObserved = false,
  moreLeft = true,
  heading = null,
  stickyObserve = false,
}: ArViewProps) {
  const { caps, mode, notice, fallBack } = useArMode();
  const readiness = observeReadiness(
    target ? { distance: target.distance, name: species?.name ?? 'This dinosaur' } : null,
    targetObserved,
    undefined,
    moreLeft,
  );
  if (!playable) {
    const closed = closedMessage(sessionStatus);
    return (
      <div data-testid="ar-view" data-ar-state={closed.state}>
        <Message height={height} title={closed.title}>
          {closed.detail}
        </Message>
      </div>
    );
  }
  let body: React.ReactNode;
  if (!caps || !mode) {
    body = (
      <Center h={height}>
        <Loader role="status" aria-label="Checking what this device can do" />
      </Center>
    );
  } else if (!position) {
    body = <Message height={height} title="Waiting for your GPS position" />;
  } else if (!target) {
    body = <Message height={height} title="No Active Creatures in Game Session" />;
  } else if (mode === 'webxr') {
    body = (
      <Suspense
        fallback={
          <Center h={height}>
            <Loader role="status" aria-label="Loading AR" />
          </Center>
        }
      >
        <XrGeoSession
          target={target}
          species={species}
          position={position}
          observe={observe}
          readiness={readiness}
          height={height}
          onFallback={(reason) => fallBack('webxr', reason)}
        />
      </Suspense>
    );
  } else if (mode === 'camera') {
    body = <CameraOverlayMode target={target} species={species} height={height} onFallback={(reason) => fallBack('camera', reason)} />;
  } else {
    body = <ViewerMode target={target} species={species} height={height} heading={heading} />;
  }
  return (
    <Stack gap="xs" data-testid="ar-view" data-ar-mode={mode ?? undefined} pos="relative">
      {mode && (
        <Group justify="space-between">
          <Badge color={mode === 'viewer' ? 'gray' : 'teal'} variant="filled" size="md" data-testid="ar-mode-badge">
            {AR_MODE_LABELS[mode]}
          </Badge>
        </Group>
      )}
      {notice && (
        <Alert color="yellow" variant="light" p={8} icon={<IconInfoCircle aria-hidden />} data-testid="ar-fallback-notice">
          {notice}
        </Alert>
      )}
      {target && (
        <TargetReadout target={target} name={withName ? (species?.name ?? 'Unknown species') : null} observed={targetObserved} />
      )}
      {body}
      {target && species && caps && <InspectUpClose target={target} species={species} caps={caps} />}
      <Stack gap="xs" className={stickyObserve ? classes.stickyObserve : undefined} data-testid="observe-dock">
        {target && position && <ObserveRangeNote readiness={readiness} />}
        <ObserveButton observe={observe} disabled={Boolean(target && position) && !readiness.ready} />
      </Stack>
    </Stack>
  );
}
