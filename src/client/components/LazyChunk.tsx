// A part of a screen whose code arrives on first use (issue #25, decision 850), drawn so that a failed
// download (the phone offline before that part was ever opened) stays inside that part: a short notice
// with "Try again" instead of React's error reaching the page's boundary and blanking the whole screen.
import { Alert, Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useState } from 'react';

type Lazy<P> = LazyExoticComponent<ComponentType<P>>;

/**
 * A component loaded on first render, and loaded afresh after a failure: React keeps a lazy component's
 * rejected promise, so "Try again" needs a new one (`retry`). `preload` starts the download early (a
 * finger on the tab that shows it); its errors are left to the render.
 */
export type LazyChunk<P> = {
  current: () => Lazy<P>;
  retry: () => void;
  preload: () => void;
};

export function lazyChunk<P>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const make = () => lazy(() => start().then((component) => ({ default: component })));
  let component = make();
  return {
    current: () => component,
    retry: () => {
      component = make();
    },
    preload: () => {
      start().catch(() => {});
    },
  };
}

type BoundaryProps = { chunk: { retry: () => void }; what: string; children: ReactNode };

/** Catches the chunk's failed download (and nothing else: other errors go on to the page's boundary). */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown; attempt: number }> {
  override state = { error: null as unknown, attempt: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly tryAgain = () => {
    this.props.chunk.retry();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error } = this.state;
    if (error === null) return <Wrapper key={this.state.attempt}>{this.props.children}</Wrapper>;
    // Not a download: the page's own boundary shows it, as before.
    if (!isChunkLoadError(error)) throw error;
    return (
      <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} title={`${this.props.what} could not load`} data-testid="chunk-load-error">
        It needs the network once. Check your connection, then try again.
        <Button mt="sm" size="sm" variant="default" onClick={this.tryAgain} display="block">
          Try again
        </Button>
      </Alert>
    );
  }
}

function Wrapper({ children }: { children: ReactNode }) {
  return children;
}

/** A failed `import()` of a built chunk: the browser's TypeError, or Vite's preload error for its CSS. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to fetch/i.test(
    error.message,
  );
}

type Props<P> = { chunk: LazyChunk<P>; what: string; fallback: ReactNode; props: P };

/** Renders `chunk` with `props`, `fallback` while it loads, and a retry notice naming `what` if it cannot. */
export function LazyChunkView<P extends object>({ chunk, what, fallback, props }: Props<P>) {
  return (
    <ChunkBoundary chunk={chunk} what={what}>
      <Suspense fallback={fallback}>
        <ChunkRender chunk={chunk} props={props} />
      </Suspense>
    </ChunkBoundary>
  );
}

function ChunkRender<P extends object>({ chunk, props }: { chunk: LazyChunk<P>; props: P }) {
  const Current = chunk.current() as ComponentType<P>;
  return <Current {...props} />;
}

/**
 * A dialog whose code arrives on its first opening (or earlier through the chunk's `preload`): nothing is
 * rendered, or downloaded, before that. Once opened it stays mounted, so its closing transition runs.
 */
export function LazyDialogView<P extends { opened: boolean }>({ chunk, what, props }: { chunk: LazyChunk<P>; what: string; props: P }) {
  const [needed, setNeeded] = useState(props.opened);
  if (props.opened && !needed) setNeeded(true);
  if (!needed) return null;
  return <LazyChunkView chunk={chunk} what={what} fallback={null} props={props} />;
}
