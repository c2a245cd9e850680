// A live 3D viewer for one model file (glb, gltf, fbx or obj) with orbit
// controls. Heavy (three.js + fiber): load it only through LazyModelViewer.
import { Bounds, Center, OrbitControls, useGLTF } from '@react-three/drei';
import { Canvas, useLoader } from '@react-three/fiber';
import { Component, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Object3D } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';

export type ModelViewerProps = {
  url: string;
  height?: number | string;
  autoRotate?: boolean;
  /** Called once the model is in the scene, or with the error if it fails. */
  onState?: (state: 'loaded' | 'error', error?: unknown) => void;
};

type ModelProps = { url: string; onLoaded: () => void };

/** Each viewer gets its own copy: loaders cache by URL and one object cannot sit in two scenes. */
function Shown({ object, onLoaded }: { object: Object3D; onLoaded: () => void }) {
  const copy = useMemo(() => cloneSkinned(object), [object]);
  const report = useRef(onLoaded);
  useEffect(() => report.current(), []);
  return (
    <Center>
      <primitive object={copy} />
    </Center>
  );
}

function GltfModel({ url, onLoaded }: ModelProps) {
  // No Draco or Meshopt: their decoders need a CDN or WebAssembly (blocked by our CSP); our models are plain glTF.
  const { scene } = useGLTF(url, false, false);
  return <Shown object={scene} onLoaded={onLoaded} />;
}

function FbxModel({ url, onLoaded }: ModelProps) {
  return <Shown object={useLoader(FBXLoader, url)} onLoaded={onLoaded} />;
}

function ObjModel({ url, onLoaded }: ModelProps) {
  return <Shown object={useLoader(OBJLoader, url)} onLoaded={onLoaded} />;
}

function modelFor(url: string) {
  const ext = url.split('?')[0]!.split('.').pop()?.toLowerCase();
  if (ext === 'fbx') return FbxModel;
  if (ext === 'obj') return ObjModel;
  return GltfModel;
}

class ViewerBoundary extends Component<{ children: ReactNode; onError: (e: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    if (this.state.failed) {
      return (
        <div role="alert" style={{ display: 'grid', placeItems: 'center', height: '100%', color: '#c92a2a', fontSize: 14 }}>
          Model failed to load
        </div>
      );
    }
    return this.props.children;
  }
}

export default function ModelViewer({ url, height = 300, autoRotate = false, onState }: ModelViewerProps) {
  const Model = modelFor(url);
  const [loaded, setLoaded] = useState(false);
  return (
    <div style={{ position: 'relative', height, width: '100%', borderRadius: 8, overflow: 'hidden', background: '#eef2f5' }}>
      {!loaded && (
        // Outside the canvas: drei's <Html> as a Suspense fallback trips React's DOM removal.
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 13, color: '#495057' }}>
          Loading model…
        </div>
      )}
      <ViewerBoundary onError={(e) => onState?.('error', e)}>
        <Canvas camera={{ position: [3, 2, 4], fov: 45 }} dpr={[1, 2]} frameloop={autoRotate ? 'always' : 'demand'}>
          <hemisphereLight args={['#ffffff', '#8d99a6', 1.2]} />
          <directionalLight position={[5, 8, 5]} intensity={1.6} />
          <directionalLight position={[-4, 3, -5]} intensity={0.5} />
          <OrbitControls makeDefault autoRotate={autoRotate} autoRotateSpeed={1.5} />
          <Suspense fallback={null}>
            <Bounds fit clip observe margin={1}>
              <Model
                url={url}
                onLoaded={() => {
                  setLoaded(true);
                  onState?.('loaded');
                }}
              />
            </Bounds>
          </Suspense>
        </Canvas>
      </ViewerBoundary>
    </div>
  );
}
