import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A part that reads the API, on a page drawn without the tRPC and Query clients (the landing and
 * sign-in pages): its code and the clients (shared, see DataProviders.tsx) load right after the
 * page, and `fallback` shows meanwhile. The first render is always the fallback, so a page
 * prerendered at build time (scripts/prerender.ts) hydrates to the same HTML.
 *   const AccountActions = dataIsland(() => import('./AccountActions'), 'AccountActions', () => null);
 */
export function dataIsland<P extends object, M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  fallback: (props: P) => ReactNode,
) {
  const Loaded = lazy(async () => {
    const [module, { DataProviders }] = await Promise.all([load(), import('../DataProviders')]);
    const Component = module[name] as ComponentType<P>;
    return {
      default: (props: P) => (
        <DataProviders>
          <Component {...props} />
        </DataProviders>
      ),
    };
  });
  return function DataIsland(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    if (!mounted) return fallback(props);
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
