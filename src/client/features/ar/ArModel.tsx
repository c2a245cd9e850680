// The species model standing on the ground in an AR scene, at `scale` times life size
// (the generated models record metres per unit; other models are taken as metres).
// Part of the lazy AR chunks only: it pulls in three.js through the model viewer.
import { Suspense, useRef, useState } from 'react';
import { Box3, type Group, type Object3D, Vector3 } from 'three';
import { ModelObject } from '../models/ModelViewer';

function metresPerUnit(object: Object3D): number {
  let found = 1;
  object.traverse((o) => {
    const m = (o.userData as { metresPerUnit?: unknown }).metresPerUnit;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0) found = m;
  });
  return found;
}

/** The marker's height, metres. */
const MARKER_HEIGHT_M = 2;

/**
 * The object's largest extent (length, width or height) in the units of `group`: its world box
 * divided by the group's world scale. The largest, not the height: a long, low animal fitted by
 * its height would grow many times too long.
 */
function sizeIn(object: Object3D, group: Group | null): number | null {
  group?.updateWorldMatrix(true, true);
  const box = new Box3().setFromObject(object);
  if (box.isEmpty()) return null;
  const scale = group ? group.getWorldScale(new Vector3()).y : 1;
  const extent = box.getSize(new Vector3());
  const size = Math.max(extent.x, extent.y, extent.z) / (scale || 1);
  return Number.isFinite(size) && size > 0 ? size : null;
}

/** A plain marker when the species has no model (or while it loads). */
function Marker() {
  return (
    <mesh position={[0, 1, 0]}>
      <coneGeometry args={[0.5, 2, 16]} />
      <meshStandardMaterial color="#f08c00" />
    </mesh>
  );
}

/**
 * `scale`: times life size. `fitSizeM` instead: the model is scaled so its largest extent is this
 * many metres whatever its own size (the camera overlay sizes it to fill a share of the picture).
 */
export function ArModel({
  url,
  scale,
  fitSizeM,
  onLoaded,
}: {
  url: string | null | undefined;
  scale: number;
  fitSizeM?: number;
  onLoaded?: () => void;
}) {
  const [unit, setUnit] = useState(1);
  const [size, setSize] = useState<number | null>(null);
  const group = useRef<Group>(null);
  const fitting = fitSizeM !== undefined && fitSizeM > 0;
  if (!url) {
    return (
      <group scale={fitting ? fitSizeM / MARKER_HEIGHT_M : scale}>
        <Marker />
      </group>
    );
  }
  const shown = fitting ? (size ? fitSizeM / size : 1) : scale * unit;
  return (
    // While fitting, hidden until measured: no flash at the wrong size.
    <group ref={group} scale={shown} visible={!fitting || size !== null}>
      <Suspense fallback={null}>
        <ModelObject
          url={url}
          grounded
          onLoaded={(object) => {
            setUnit(metresPerUnit(object));
            setSize(sizeIn(object, group.current));
            onLoaded?.();
          }}
        />
      </Suspense>
    </group>
  );
}
