// A part of a screen whose code arrives on first use (issue #25, decision 850), drawn so that a failed
// download (the phone offline before that part was ever opened) stays inside that part: a short notice
// with "Try again" instead of an error reaching the page's boundary and blanking the whole screen.
import { Alert, Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { type ComponentType, createContext, type LazyExoticComponent, lazy, type ReactNode, Suspense, useContext, useState } from 'react';

type Lazy<P> = LazyExoticComponent<ComponentType<P>>;

/** What a failed part says, and how it tries again (LazyChunkView provides it). */
const Retry = createContext<{ what: string; retry: () => void }>({ what: 'This part', retry: () => {} });

function DownloadFailed() {
  const { what, retry } = useContext(Retry);
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} title={`${what} could not load`} data-testid="chunk-load-error">
      It needs the network once. Check your connection, then try again.
      <Button mt="sm" size="sm" variant="default" onClick={retry} display="block">
        Try again
      </Button>
    </Alert>
  );
}

/**
 * A component loaded on its first render. A failed download renders the retry notice instead (no error
 * is thrown, so none reaches the page's boundary or the console); "Try again" loads it afresh (`retry`:
 * React keeps a lazy component's first answer). `preload` starts the download early (a finger on the
 * tab that shows it) and settles when it is done. Once loaded, `current` is the component itself, so a
 * render after the preload draws it in the same commit instead of suspending once (decision 913).
 */
export type LazyChunk<P> = {
  current: () => Lazy<P> | ComponentType<P>;
  retry: () => void;
  preload: () => Promise<void>;
};

export function lazyChunk<P>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const make = () =>
    lazy(() =>
      start().then(
        (component) => ({ default: component }),
        () => ({ default: DownloadFailed as ComponentType<P> }),
      ),
    );
  let component = make();
  return {
    current: () => loaded ?? component,
    retry: () => {
      component = make();
    },
    preload: () => start().then(
      () => {},
      () => {},
    ),
  };
}

type Props<P> = { chunk: LazyChunk<P>; what: string; fallback: ReactNode; props: P };

/** Renders `chunk` with `props`, `fallback` while it loads, and a retry notice naming `what` if it cannot. */
export function LazyChunkView<P extends object>({ chunk, what, fallback, props }: Props<P>) {
  const [attempt, setAttempt] = useState(0);
  // Chosen once per attempt: the lazy wrapper or, when already loaded, the component itself. Switching
  // between the two on a later render would be a different element type, and remount the part (its state lost).
  const [Current, setCurrent] = useState(() => chunk.current() as ComponentType<P>);
  const retry = () => {
    chunk.retry();
    setCurrent(() => chunk.current() as ComponentType<P>);
    setAttempt((n) => n + 1);
  };
  return (
    <Retry.Provider value={{ what, retry }}>
      <Suspense key={attempt} fallback={fallback}>
        <Current {...props} />
      </Suspense>
    </Retry.Provider>
  );
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
