// The 3D viewer, loaded on demand: three.js, fiber and drei stay out of every
// other page's bundle. Reports its state on data-model-state for tests.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ModelViewerProps } from './ModelViewer';

const ModelViewer = lazy(() => import('./ModelViewer'));

export function LazyModelViewer(props: ModelViewerProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const height = props.height ?? 300;
  return (
    <div data-testid="model-viewer" data-model-state={state} data-model-url={props.url}>
      <Suspense
        fallback={
          <Center h={height} bg="gray.1" style={{ borderRadius: 8 }}>
            <Loader size="sm" />
          </Center>
        }
      >
        <ModelViewer
          {...props}
          onState={(s, e) => {
            setState(s);
            props.onState?.(s, e);
          }}
        />
      </Suspense>
    </div>
  );
}
