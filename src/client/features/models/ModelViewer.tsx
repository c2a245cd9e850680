// A live 3D viewer for one model file (glb, gltf, fbx or obj) with orbit
// controls. Heavy (three.js + fiber): load it only through LazyModelViewer.
import { Bounds, Center, OrbitControls, useGLTF } from '@react-three/drei';
import { Canvas, useLoader } from '@react-three/fiber';
import { Component, type CSSProperties, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Object3D } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';

export type ModelViewerProps = {
  url: string;
  height?: number | string;
  autoRotate?: boolean;
  /**
   * 'on-activate' (default): the page scrolls over the viewer (wheel and vertical
   * swipes) until a click or tap on it turns on rotate and zoom; a click outside,
   * Escape or Done turns them off again. 'always': the controls are always on.
   */
  interaction?: 'on-activate' | 'always';
  /** What the model is, for the activation button's accessible name. */
  label?: string;
  /** Called once the model is in the scene, or with the error if it fails. */
  onState?: (state: 'loaded' | 'error', error?: unknown) => void;
};

// grounded: stands on y = 0 (the AR view) instead of being centred on the origin.
type ModelProps = { url: string; onLoaded: (object: Object3D) => void; grounded?: boolean };

/** Each viewer gets its own copy: loaders cache by URL and one object cannot sit in two scenes. */
function Shown({ object, onLoaded, grounded = false }: { object: Object3D; onLoaded: (object: Object3D) => void; grounded?: boolean }) {
  const copy = useMemo(() => cloneSkinned(object), [object]);
  const report = useRef(onLoaded);
  useEffect(() => report.current(copy), [copy]);
  return (
    <Center top={grounded}>
      <primitive object={copy} />
    </Center>
  );
}

function GltfModel({ url, onLoaded, grounded }: ModelProps) {
  // No Draco or Meshopt: their decoders need a CDN or WebAssembly (blocked by our CSP); our models are plain glTF.
  const { scene } = useGLTF(url, false, false);
  return <Shown object={scene} onLoaded={onLoaded} grounded={grounded} />;
}

function FbxModel({ url, onLoaded, grounded }: ModelProps) {
  return <Shown object={useLoader(FBXLoader, url)} onLoaded={onLoaded} grounded={grounded} />;
}

function ObjModel({ url, onLoaded, grounded }: ModelProps) {
  return <Shown object={useLoader(OBJLoader, url)} onLoaded={onLoaded} grounded={grounded} />;
}

/** One model file as a scene object (suspends while loading), for other fiber scenes such as the AR view. */
export function ModelObject(props: ModelProps) {
  const Model = modelFor(props.url);
  return <Model {...props} />;
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

const chip: CSSProperties = {
  position: 'absolute',
  padding: '6px 12px',
  borderRadius: 999,
  background: 'rgba(33, 37, 41, 0.78)',
  color: '#fff',
  fontSize: 13,
  fontWeight: 500,
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
};

const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/** Active while the user interacts; a pointer down outside the viewer or Escape ends it. */
function useActivation(always: boolean) {
  const [active, setActive] = useState(always);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (always || !active) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setActive(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setActive(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [always, active]);
  return { active, setActive, root };
}

export default function ModelViewer({
  url,
  height = 300,
  autoRotate = false,
  interaction = 'on-activate',
  label,
  onState,
}: ModelViewerProps) {
  const Model = modelFor(url);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const always = interaction === 'always';
  const { active, setActive, root } = useActivation(always);
  const touch = coarsePointer();
  return (
    <div
      ref={root}
      data-interactive={active ? 'true' : 'false'}
      style={{
        position: 'relative',
        height,
        width: '100%',
        borderRadius: 8,
        overflow: 'hidden',
        background: '#eef2f5',
        // Until activated, a vertical swipe scrolls the page (the canvas itself asks for touch-action: none).
        touchAction: active ? 'none' : 'pan-y',
        outline: active && !always ? '2px solid var(--mantine-primary-color-filled, #228be6)' : undefined,
        outlineOffset: -2,
      }}
    >
      {!loaded && !failed && (
        // Outside the canvas: drei's <Html> as a Suspense fallback trips React's DOM removal.
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 13, color: '#495057' }}>
          Loading model…
        </div>
      )}
      <ViewerBoundary
        onError={(e) => {
          // The boundary shows 'Model failed to load': the loading text must go.
          setFailed(true);
          onState?.('error', e);
        }}
      >
        <Canvas camera={{ position: [3, 2, 4], fov: 45 }} dpr={[1, 2]} frameloop={autoRotate ? 'always' : 'demand'}>
          <hemisphereLight args={['#ffffff', '#8d99a6', 1.2]} />
          <directionalLight position={[5, 8, 5]} intensity={1.6} />
          <directionalLight position={[-4, 3, -5]} intensity={0.5} />
          {/* Enabled throughout so autoRotate keeps turning; the user's gestures only count once activated. */}
          <OrbitControls
            makeDefault
            enableRotate={active}
            enableZoom={active}
            enablePan={active}
            autoRotate={autoRotate}
            autoRotateSpeed={1.5}
          />
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
      {!active && (
        // Covers the canvas, so wheel and swipes reach the page, not the 3D controls.
        <button
          type="button"
          data-testid="model-viewer-activate"
          // Starts with the chip's visible words, so voice control ("click Tap to rotate") finds it.
          aria-label={`${touch ? 'Tap to rotate' : 'Click to rotate and zoom'} ${label ?? 'the model'}`}
          onClick={() => setActive(true)}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            border: 0,
            padding: 0,
            background: 'transparent',
            cursor: 'pointer',
            touchAction: 'pan-y',
          }}
        >
          {loaded && <span style={{ ...chip, left: '50%', bottom: 10, transform: 'translateX(-50%)' }}>{touch ? 'Tap to rotate' : 'Click to rotate and zoom'}</span>}
        </button>
      )}
      {active && !always && (
        <button
          type="button"
          data-testid="model-viewer-done"
          onClick={() => setActive(false)}
          style={{ ...chip, pointerEvents: 'auto', top: 8, right: 8, border: 0, cursor: 'pointer' }}
        >
          Done
        </button>
      )}
    </div>
  );
}
