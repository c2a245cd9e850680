// Mantine's base styles; each component's own CSS comes with its code (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppRoot } from './AppRoot';
import { appRoutes } from './routes';
import { applyDeferredStyles } from './lib/deferredStyles';

applyDeferredStyles();
const container = document.getElementById('root')!;
const routes = appRoutes();

// The tRPC and Query clients are provided by the routes (DataProviders.tsx), not here.
function start() {
  if (!container.hasChildNodes()) {
    // A transition: React renders the page in slices and yields between them, so the first render is
    // not one long task on a slow phone (issue #25).
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <AppRoot>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppRoot>,
      ),
    );
    return;
  }
  // A page prerendered at build time (scripts/prerender.ts): its lazy route modules load before the
  // router is made, so the first client render is the prerendered one and React adopts its HTML.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  void Promise.all(
    lazyMatches.map(async (m) => {
      const load = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, await load(), { lazy: undefined });
    }),
  ).then(() =>
    hydrateRoot(
      container,
      <AppRoot>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppRoot>,
    ),
  );
}

start();
