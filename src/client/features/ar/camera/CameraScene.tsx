// The three.js layer over the camera feed (lazy chunk): the camera turned by the
// phone's absolute orientation (smoothed), the model where the target is, and each
// frame the target's screen position for the edge arrow. World frame: +X east,
// +Y up, -Z north, the eye at the origin.
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useMemo, useRef } from 'react';
import { Euler, Quaternion, Vector3 } from 'three';
import { displayPlacement, type EdgeArrow, edgeArrow, enuOffset, frameFill, heightForFill } from '../../../../domain/ar-geometry';
import { AR_CAMERA_FOV_DEG, AR_EYE_HEIGHT_M, AR_ORIENTATION_SMOOTHING } from '../../../../domain/rules';
import { ArModel } from '../ArModel';
import type { OrientationReading } from '../useDeviceOrientation';

const DEG = Math.PI / 180;
// The device's frame to the camera's: look out of the back of the phone, not down its top.
const SCREEN_TO_CAMERA = new Quaternion(-Math.sqrt(0.5), 0, 0, Math.sqrt(0.5));
const Z_AXIS = new Vector3(0, 0, 1);

/** three's DeviceOrientationControls formula, with alpha measured from north. */
function orientationQuaternion(r: OrientationReading, screenAngle: number, out: Quaternion): Quaternion {
  out.setFromEuler(new Euler(r.beta * DEG, r.alpha * DEG, -r.gamma * DEG, 'YXZ'));
  out.multiply(SCREEN_TO_CAMERA);
  out.multiply(new Quaternion().setFromAxisAngle(Z_AXIS, -screenAngle * DEG));
  return out;
}

type SceneProps = {
  reading: React.RefObject<OrientationReading | null>;
  distance: number;
  bearing: number;
  modelUrl: string | null | undefined;
  onArrow: (arrow: EdgeArrow) => void;
  onModelLoaded?: () => void;
};

function Rig({ reading, distance, bearing, modelUrl, onArrow, onModelLoaded }: SceneProps) {
  const camera = useThree((s) => s.camera);
  const wanted = useMemo(() => new Quaternion(), []);
  const probe = useMemo(() => new Vector3(), []);
  const last = useRef<string>('');
  const placement = displayPlacement(distance);
  // Sized (its largest extent) to fill a share of the picture that grows as the hunter walks up to it (never a speck).
  const sizeM = heightForFill(placement.distanceM, frameFill(distance), AR_CAMERA_FOV_DEG);
  const { east, north } = enuOffset(placement.distanceM, bearing);
  const position: [number, number, number] = [east, -AR_EYE_HEIGHT_M, -north];
  // Side-on to the hunter, as a field guide draws it (the models look along +Z): its length, the
  // extent it is sized by, shows.
  const facing = Math.atan2(-east, north) + Math.PI / 2;
  useFrame(() => {
    const r = reading.current;
    if (r) {
      orientationQuaternion(r, screen.orientation?.angle ?? 0, wanted);
      camera.quaternion.slerp(wanted, AR_ORIENTATION_SMOOTHING);
      camera.updateMatrixWorld();
    }
    // Aim at the model's body (an animal is mostly longer than tall: a quarter of its size above its feet).
    probe.set(east, -AR_EYE_HEIGHT_M + sizeM / 4, -north);
    const behind = probe.clone().applyMatrix4(camera.matrixWorldInverse).z > 0;
    probe.project(camera);
    const arrow = edgeArrow(probe.x, probe.y, behind);
    const key = `${arrow.onScreen}:${Math.round(arrow.rotationDeg / 5)}:${arrow.x.toFixed(2)}:${arrow.y.toFixed(2)}`;
    if (key !== last.current) {
      last.current = key;
      onArrow(arrow);
    }
  });
  return (
    <group position={position} rotation={[0, facing, 0]}>
      <ArModel url={modelUrl} scale={placement.scale} fitSizeM={sizeM} onLoaded={onModelLoaded} />
    </group>
  );
}

export default function CameraScene(props: SceneProps) {
  return (
    <Canvas
      gl={{ alpha: true, antialias: true }}
      camera={{ fov: AR_CAMERA_FOV_DEG, near: 0.1, far: 500, position: [0, 0, 0] }}
      style={{ position: 'absolute', inset: 0, background: 'transparent' }}
      dpr={[1, 2]}
    >
      <hemisphereLight args={['#ffffff', '#8d99a6', 1.3]} />
      <directionalLight position={[5, 10, 5]} intensity={1.5} />
      <Rig {...props} />
    </Canvas>
  );
}
