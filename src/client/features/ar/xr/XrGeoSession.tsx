// WebXR geo mode (lazy chunk with three, fiber and @react-three/xr): "Enter AR"
// starts an immersive-ar session (no emulator, no CDN fetches); the Observe
// button, distance, direction and calibration state sit in the DOM overlay.
// Ending the session returns to the tab.
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconAugmentedReality } from '@tabler/icons-react';
import { Canvas } from '@react-three/fiber';
import { createXRStore, XR } from '@react-three/xr';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ObserveButton } from '../../hunt/ObserveButton';
import type { UseObserve } from '../../hunt/useObserve';
import type { SpeciesLite } from '../../species/types';
import type { ObserveReadiness } from '../../../../domain/hunt-target';
import { DirectionCompass } from '../DirectionCompass';
import { ObserveRangeNote } from '../ObserveRangeNote';
import { TargetReadout } from '../TargetReadout';
import { AR_MODE_LABELS, type ArTarget } from '../types';
import { useDeviceOrientation } from '../useDeviceOrientation';
import type { FusedPosition } from '../../../../domain/gps';
import { GeoScene, type GeoStatus } from './GeoScene';

export const XR_MESSAGES = {
  startFailed: 'AR could not start (camera refused or not available). Showing the camera overlay instead.',
  noCompass: 'No compass readings inside AR, so the dinosaur cannot be placed. Trying the camera overlay instead.',
} as const;

function statusText(status: GeoStatus | null): string {
  if (!status || status.kind === 'calibrating') {
    const progress = status ? ` (${Math.round((100 * status.count) / status.needed)}%)` : '';
    return `Calibrating the compass: hold the phone still, pointing ahead${progress}`;
  }
  if (status.kind === 'unsteady') return 'Compass unsettled: hold still, away from metal and cars';
  if (status.kind === 'no-compass') return 'No compass readings';
  return status.grounded === 'hit-test' ? 'Placed on the ground ahead' : 'Placed (ground not found: shown at floor level)';
}

type Props = {
  target: ArTarget;
  species: SpeciesLite | null;
  position: FusedPosition | null;
  observe: UseObserve;
  /** Whether Observe can succeed from here (range, observed), shown above it in the overlay. */
  readiness: ObserveReadiness;
  height: number | string;
  onFallback: (reason: string) => void;
};

export default function XrGeoSession({ target, species, position, observe, readiness, height, onFallback }: Props) {
  const store = useMemo(
    () =>
      createXRStore({
        emulate: false,
        offerSession: false,
        hand: false,
        controller: false,
        gaze: false,
        transientPointer: false,
        handTracking: false,
        meshDetection: false,
        planeDetection: false,
        layers: false,
        hitTest: true,
        anchors: true,
        domOverlay: true,
        // Controller layouts would come from a public CDN (blocked by our CSP, and we promise none):
        // a phone has no tracked controllers, and should one appear it asks our own origin.
        baseAssetPath: '/xr-input-profiles/',
      }),
    [],
  );
  useEffect(() => () => store.destroy(), [store]);
  const session = useSyncExternalStore(store.subscribe, () => store.getState().session);
  const overlayRoot = store.getState().domOverlayRoot;
  const orientation = useDeviceOrientation(session != null);
  const [status, setStatus] = useState<GeoStatus | null>(null);

  useEffect(() => {
    if (session == null) setStatus(null);
  }, [session]);

  const onStatus = useCallback(
    (s: GeoStatus) => {
      setStatus(s);
      if (s.kind === 'no-compass') {
        store.getState().session?.end().catch(() => {});
        onFallback(XR_MESSAGES.noCompass);
      }
    },
    [store, onFallback],
  );

  const enter = () => {
    store.enterAR().catch(() => onFallback(XR_MESSAGES.startFailed));
  };

  return (
    <>
      {session == null && (
        <Stack mih={height} justify="center" align="center" gap="md" p="md" bg="dark.8" style={{ borderRadius: 8 }} data-testid="ar-webxr-start">
          <DirectionCompass target={target} dark />
          <Text c="white" ta="center" fw={600}>
            See the {species?.name ?? 'dinosaur'} standing where it is, through your camera.
          </Text>
          <Text c="gray.4" ta="center" size="sm">
            After entering, hold the phone still for a moment while the compass calibrates.
          </Text>
          <Button size="lg" h={56} leftSection={<IconAugmentedReality aria-hidden />} onClick={enter}>
            Enter AR
          </Button>
        </Stack>
      )}
      {/* The session draws through this canvas; it only takes the screen while a session runs. */}
      <div
        aria-hidden
        style={
          session == null
            ? { position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }
            : { position: 'fixed', inset: 0, zIndex: 300 }
        }
      >
        <Canvas gl={{ alpha: true }} camera={{ fov: 60, near: 0.05, far: 500 }}>
          <XR store={store}>
            {session != null && (
              <GeoScene target={target} modelUrl={species?.modelUrl} position={position} reading={orientation.reading} onStatus={onStatus} />
            )}
          </XR>
        </Canvas>
      </div>
      {session != null &&
        overlayRoot &&
        createPortal(
          <div
            data-testid="ar-xr-overlay"
            // Above everything the page or a runtime puts on screen during the session (the IWER emulator uses 999).
            style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1000, padding: 12, background: 'rgba(0,0,0,0.6)' }}
          >
            <Stack gap="xs">
              <Badge color="teal" variant="filled" size="lg" data-testid="ar-mode-badge">
                {AR_MODE_LABELS.webxr}
              </Badge>
              <TargetReadout target={target} name={species?.name ?? 'Unknown species'} dark />
              <Text c="white" size="sm" data-testid="ar-xr-status" aria-live="polite">
                {statusText(status)}
              </Text>
              {observe.last && (
                // Toasts are hidden behind the camera in AR: the verdict is shown here.
                <Text c="yellow.3" fw={700} aria-live="polite" data-testid="ar-xr-verdict">
                  {observe.last.message}
                </Text>
              )}
              <ObserveRangeNote readiness={readiness} dark />
              <ObserveButton observe={observe} disabled={!readiness.ready} />
              <Button variant="white" color="dark" size="md" onClick={() => store.getState().session?.end()}>
                Exit AR
              </Button>
            </Stack>
          </div>,
          overlayRoot,
        )}
    </>
  );
}
