// The species model standing on the ground in an AR scene, at `scale` times life size
// (the generated models record metres per unit; other models are taken as metres).
// Part of the lazy AR chunks only: it pulls in three.js through the model viewer.
import { Suspense, useState } from 'react';
import type { Object3D } from 'three';
import { ModelObject } from '../models/ModelViewer';

function metresPerUnit(object: Object3D): number {
  let found = 1;
  object.traverse((o) => {
    const m = (o.userData as { metresPerUnit?: unknown }).metresPerUnit;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0) found = m;
  });
  return found;
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

export function ArModel({ url, scale, onLoaded }: { url: string | null | undefined; scale: number; onLoaded?: () => void }) {
  const [unit, setUnit] = useState(1);
  if (!url) return <Marker />;
  return (
    <group scale={scale * unit}>
      <Suspense fallback={null}>
        <ModelObject
          url={url}
          grounded
          onLoaded={(object) => {
            setUnit(metresPerUnit(object));
            onLoaded?.();
          }}
        />
      </Suspense>
    </group>
  );
}
