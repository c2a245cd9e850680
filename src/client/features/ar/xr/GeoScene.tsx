// Inside the WebXR session (lazy chunk): calibrate the session's yaw against the
// compass while the hunter holds still, then stand the model on the ground along
// the true bearing at the capped display distance, grounded by a hit test and
// kept there by an anchor. It is placed again only for another target or after a
// large GPS move, never with every fix.
import { useFrame, useThree } from '@react-three/fiber';
import { useXRAnchor, useXRRequestHitTest, XRSpace } from '@react-three/xr';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Group, Matrix4, Quaternion, Vector3 } from 'three';
import { displayPlacement, enuOffset, needsReplacement, xrOffsetFromEnu, yawFromQuaternion } from '../../../../domain/ar-geometry';
import { calibrateNorthYaw, type HeadingSample, headingFromOrientation } from '../../../../domain/ar-heading';
import type { FusedPosition } from '../../../../domain/gps';
import { AR_CALIBRATION_SAMPLES, AR_COMPASS_TIMEOUT_MS } from '../../../../domain/rules';
import { distanceMeters } from '../../../../domain/scanner';
import { ArModel } from '../ArModel';
import type { ArTarget } from '../types';
import type { OrientationReading } from '../useDeviceOrientation';

export type GeoStatus =
  | { kind: 'calibrating'; count: number; needed: number }
  | { kind: 'unsteady' }
  | { kind: 'no-compass' }
  | { kind: 'placed'; grounded: 'hit-test' | 'floor'; anchored: boolean };

type Placement = {
  targetId: number;
  from: { lat: number; lng: number } | null;
  point: Vector3;
  scale: number;
  facing: number;
};

const DOWN = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), -Math.PI / 2);
const IDENTITY = new Quaternion();

export function GeoScene({
  target,
  modelUrl,
  position,
  reading,
  onStatus,
}: {
  target: ArTarget | null;
  modelUrl: string | null | undefined;
  position: FusedPosition | null;
  reading: React.RefObject<OrientationReading | null>;
  onStatus: (status: GeoStatus) => void;
}) {
  const camera = useThree((s) => s.camera);
  const samples = useRef<HeadingSample[]>([]);
  const lastReadingAt = useRef<number | null>(null);
  const startedAt = useRef(performance.now());
  const lastStatus = useRef('');
  const [northYaw, setNorthYaw] = useState<number | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [grounded, setGrounded] = useState<'hit-test' | 'floor'>('floor');
  const probe = useRef<Group>(null);
  const requestHitTest = useXRRequestHitTest();
  const [anchor, createAnchor] = useXRAnchor();
  const tmp = useMemo(() => ({ q: new Quaternion(), v: new Vector3(), m: new Matrix4() }), []);

  const report = (status: GeoStatus) => {
    const key = JSON.stringify(status);
    if (key === lastStatus.current) return;
    lastStatus.current = key;
    onStatus(status);
  };

  // Calibration: pair each new compass reading with the viewer's yaw at that moment.
  useFrame(() => {
    if (northYaw !== null) return;
    const r = reading.current;
    if (!r) {
      if (performance.now() - startedAt.current > AR_COMPASS_TIMEOUT_MS) report({ kind: 'no-compass' });
      return;
    }
    if (r.at === lastReadingAt.current) return;
    lastReadingAt.current = r.at;
    const heading = headingFromOrientation(r.alpha, r.beta, r.gamma);
    if (heading === null) return;
    camera.getWorldQuaternion(tmp.q);
    const viewerYaw = yawFromQuaternion(tmp.q.x, tmp.q.y, tmp.q.z, tmp.q.w);
    samples.current = [...samples.current, { heading, viewerYaw }].slice(-AR_CALIBRATION_SAMPLES);
    const calibration = calibrateNorthYaw(samples.current);
    if (calibration.status === 'ready') {
      setNorthYaw(calibration.northYaw);
    } else if (calibration.status === 'unsteady') {
      report({ kind: 'unsteady' });
    } else {
      report({ kind: 'calibrating', count: calibration.count, needed: AR_CALIBRATION_SAMPLES });
    }
  });

  // Placement: once calibrated, and again for another target or a large GPS move.
  const from = position ? { lat: position.lat, lng: position.lng } : null;
  const moved = placement?.from && from ? distanceMeters(placement.from, from) : 0;
  const replace = northYaw !== null && target !== null && (placement === null || needsReplacement(placement.targetId === target.dinosaur.id, moved));
  useEffect(() => {
    if (!replace || northYaw === null || target === null) return;
    const shown = displayPlacement(target.distance);
    const offset = xrOffsetFromEnu(enuOffset(shown.distanceM, target.bearing), northYaw);
    camera.getWorldPosition(tmp.v);
    const point = new Vector3(tmp.v.x + offset.x, 0, tmp.v.z + offset.z);
    setGrounded('floor');
    setPlacement({
      targetId: target.dinosaur.id,
      from,
      point,
      scale: shown.scale,
      facing: Math.atan2(tmp.v.x - point.x, tmp.v.z - point.z),
    });
  }, [replace, northYaw, target, camera, from, tmp]);

  // Ground it: a hit test straight down from above the point (range is limited on phones), then an anchor.
  useEffect(() => {
    if (!placement) return;
    let cancelled = false;
    (async () => {
      let point = placement.point;
      let how: 'hit-test' | 'floor' = 'floor';
      try {
        const hit = await requestHitTest(probe, ['plane', 'point', 'mesh']);
        const first = hit?.results[0];
        if (hit && first && hit.getWorldMatrix(tmp.m, first)) {
          const y = new Vector3().setFromMatrixPosition(tmp.m).y;
          point = new Vector3(placement.point.x, y, placement.point.z);
          how = 'hit-test';
        }
      } catch {
        // No hit-test support or nothing hit: stay on the floor of the local-floor space.
      }
      if (cancelled) return;
      setGrounded(how);
      await createAnchor({ relativeTo: 'world', worldPosition: point, worldQuaternion: IDENTITY }).catch(() => undefined);
    })();
    return () => {
      cancelled = true;
    };
  }, [placement, requestHitTest, createAnchor, tmp]);

  useEffect(() => {
    if (placement) report({ kind: 'placed', grounded, anchored: anchor !== undefined });
  });

  if (!placement) return null;
  const model = (
    <group rotation={[0, placement.facing, 0]}>
      <ArModel url={modelUrl} scale={placement.scale} />
    </group>
  );
  return (
    <>
      {/* The hit-test ray starts 1.5 m above the point and looks down. */}
      <group ref={probe} position={[placement.point.x, placement.point.y + 1.5, placement.point.z]} quaternion={DOWN} />
      <hemisphereLight args={['#ffffff', '#8d99a6', 1.3]} />
      <directionalLight position={[5, 10, 5]} intensity={1.5} />
      {anchor ? (
        <XRSpace space={anchor.anchorSpace}>{model}</XRSpace>
      ) : (
        <group position={[placement.point.x, placement.point.y, placement.point.z]}>{model}</group>
      )}
    </>
  );
}
