// Camera overlay mode (iOS Safari, phones without WebXR): the rear camera as the
// background and the model drawn where the target is, turned by the compass.
// Permissions are asked inside the Start tap (iOS needs it); a refusal, or a
// compass that never answers, falls back to the 3D viewer with the reason.
import { Box, Button, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { EdgeArrow } from '../../../../domain/ar-geometry';
import { relativeBearing } from '../../../../domain/ar-heading';
import { AR_COMPASS_POOR_ACCURACY_DEG, AR_COMPASS_TIMEOUT_MS } from '../../../../domain/rules';
import type { SpeciesLite } from '../../species/types';
import type { ArTarget } from '../types';
import { requestOrientationPermission, useDeviceOrientation } from '../useDeviceOrientation';

const CameraScene = lazy(() => import('./CameraScene'));

export const CAMERA_MESSAGES = {
  motionRefused: 'Motion and orientation access was refused, so the camera view cannot follow your phone. Showing the 3D viewer instead.',
  cameraRefused: 'Camera access was refused. Showing the 3D viewer instead.',
  cameraFailed: 'The camera could not be started. Showing the 3D viewer instead.',
  noCompass:
    'No compass heading from this phone, so the camera view cannot find the target. Showing the 3D viewer with the walking direction instead.',
} as const;

type Props = {
  target: ArTarget;
  species: SpeciesLite | null;
  height: number | string;
  onFallback: (reason: string) => void;
};

// Small chips at the picture's edges: the middle stays clear for the dinosaur.
const chip: React.CSSProperties = {
  position: 'absolute',
  padding: '2px 8px',
  borderRadius: 999,
  background: 'rgba(0, 0, 0, 0.6)',
  color: '#fff',
  fontSize: 12,
  fontWeight: 600,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  pointerEvents: 'none',
};

export function CameraOverlayMode({ target, species, height, onFallback }: Props) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [arrow, setArrow] = useState<EdgeArrow | null>(null);
  const [modelLoaded, setModelLoaded] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const orientation = useDeviceOrientation(stream !== null);

  const start = async () => {
    setStarting(true);
    // First, still inside the tap: iOS only asks for motion access from a user gesture.
    if (!(await requestOrientationPermission())) {
      onFallback(CAMERA_MESSAGES.motionRefused);
      return;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      setStream(media);
    } catch (error) {
      const refused = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      onFallback(refused ? CAMERA_MESSAGES.cameraRefused : CAMERA_MESSAGES.cameraFailed);
    } finally {
      setStarting(false);
    }
  };

  useEffect(() => {
    if (!stream) return;
    if (video.current) {
      video.current.srcObject = stream;
      video.current.play().catch(() => {});
    }
    return () => {
      for (const track of stream.getTracks()) track.stop();
    };
  }, [stream]);

  // No usable heading in time (no readings, or readings that never give a heading): this mode
  // cannot work here. Once a heading has come, a phone tilted flat for a moment keeps the camera.
  const hasHeading = orientation.heading !== null;
  const hadHeading = useRef(false);
  if (hasHeading) hadHeading.current = true;
  useEffect(() => {
    if (!stream || hasHeading || hadHeading.current) return;
    const timer = window.setTimeout(() => onFallback(CAMERA_MESSAGES.noCompass), AR_COMPASS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [stream, hasHeading, onFallback]);

  if (!stream) {
    return (
      <Stack mih={height} justify="center" align="center" gap="md" p="md" bg="dark.8" style={{ borderRadius: 8 }} data-testid="ar-camera-start">
        <Text c="white" ta="center" fw={600}>
          See the {species?.name ?? 'dinosaur'} through your camera, where it stands.
        </Text>
        <Text c="gray.4" ta="center" size="sm">
          Your browser will ask for the camera and for motion access.
        </Text>
        <Button size="lg" h={56} leftSection={<IconCamera aria-hidden />} onClick={start} loading={starting}>
          Start AR camera
        </Button>
      </Stack>
    );
  }

  const turn = orientation.heading === null ? null : relativeBearing(target.bearing, orientation.heading);
  const turnHint = turn !== null && Math.abs(turn) > 30;
  const poorCompass = orientation.accuracy === null || orientation.accuracy > AR_COMPASS_POOR_ACCURACY_DEG;
  return (
    <Box
      pos="relative"
      h={height}
      style={{ overflow: 'hidden', borderRadius: 8, background: '#000' }}
      data-testid="ar-camera-overlay"
      data-target-onscreen={arrow ? String(arrow.onScreen) : undefined}
      data-model-state={modelLoaded ? 'loaded' : 'loading'}
      data-heading={orientation.heading === null ? undefined : Math.round(orientation.heading)}
    >
      <video ref={video} playsInline muted autoPlay aria-label="Camera view" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
      <Suspense fallback={null}>
        <CameraScene
          reading={orientation.reading} distance={target.distance} bearing={target.bearing} modelUrl={species?.modelUrl}
          onArrow={setArrow}
          onModelLoaded={() => setModelLoaded(true)}
        />
      </Suspense>
      {arrow && !arrow.onScreen && (
        <div
          data-testid="ar-edge-arrow"
          role="img"
          aria-label={turn !== null && turn < 0 ? 'Target to your left' : 'Target to your right'}
          style={{
            position: 'absolute',
            left: `${((arrow.x + 1) / 2) * 100}%`,
            top: `${((1 - arrow.y) / 2) * 100}%`,
            width: 56,
            height: 56,
            marginLeft: -28,
            marginTop: -28,
            transform: `rotate(${arrow.rotationDeg}deg)`,
          }}
        >
          <svg viewBox="0 0 56 56" width="56" height="56" aria-hidden>
            <circle cx="28" cy="28" r="26" fill="rgba(0,0,0,0.6)" />
            <path d="M28 8 L44 36 L28 28 L12 36 Z" fill="#ffd43b" />
          </svg>
        </div>
      )}
      <div style={{ ...chip, top: 6, left: 6, maxWidth: turnHint ? 'calc(100% - 130px)' : 'calc(100% - 12px)' }} data-testid="ar-compass-accuracy">
        {orientation.heading === null ? 'Hold the phone upright' : `${Math.round(orientation.heading)}° heading`}
        {' · '}
        {orientation.accuracy === null ? 'accuracy unknown' : `±${Math.round(orientation.accuracy)}°`}
      </div>
      {turnHint && (
        <div style={{ ...chip, top: 6, right: 6, maxWidth: 118 }} data-testid="ar-turn-hint">
          {turn < 0 ? `Turn left ${Math.round(-turn)}°` : `Turn right ${Math.round(turn)}°`}
        </div>
      )}
      {poorCompass && (
        <div
          style={{ ...chip, bottom: 6, right: 6, maxWidth: 'calc(100% - 12px)', fontWeight: 500 }}
          data-testid="ar-calibrate-hint"
          title="Direction off? Calibrate: move the phone in a figure 8, away from metal and cars."
        >
          Direction off? Move the phone in a figure 8
        </div>
      )}
    </Box>
  );
}
