// Build-time renderer of the prerendered pages (scripts/prerender.ts runs it in Node after the client
// build): a page's HTML as the browser's first render draws it, so it paints before any JS arrives and
// main.tsx hydrates it. No data, no browser APIs: only pages whose first render reads nothing from the API
// are prerendered (/register reads only when submitted).
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './AppRoot';
import { LandingRoot } from './LandingRoot';
import { LoginRoot } from './LoginRoot';
import { appRoutes, LANDING_TITLE, LOGIN_TITLE } from './routes';

export type PrerenderedPage = { html: string; title: string };

// A page under the data layout (/register) creates the tRPC client as its module loads, and tRPC's socket
// client looks up the WebSocket class then (Node 20 has none). It is lazy: nothing connects while a page
// is rendered to HTML, so a class that refuses to be built is enough.
globalThis.WebSocket ??= class NoSocketAtBuildTime {
  constructor() {
    throw new Error('No WebSocket while prerendering');
  }
} as unknown as typeof WebSocket;

/** The page at `url` (its path, and the query it is prerendered for, if any). */
export async function renderPage(url: string): Promise<PrerenderedPage> {
  // The landing page has its own entry (landing.tsx) and is drawn by the same tree here.
  if (url === '/') return { html: renderToString(<LandingRoot />), title: LANDING_TITLE };
  // So has the sign-in page (login.tsx, decision 851).
  if (url === '/login') return { html: renderToString(<LoginRoot />), title: LOGIN_TITLE };
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: the router answered a redirect`);
  if (context.statusCode !== 200) {
    const errors = Object.values(context.errors ?? {}).map((e) => (e instanceof Error ? e.stack ?? e.message : String(e)));
    throw new Error(`${url}: status ${context.statusCode}${errors.length ? `\n${errors.join('\n')}` : ''}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppRoot>
      {/* hydrate={false}: no inline hydration script (the CSP refuses inline scripts); there is no data to pass. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  const title = context.matches
    .map((m) => (m.route.handle as { title?: string } | undefined)?.title)
    .findLast((t): t is string => Boolean(t));
  return { html, title: title ?? 'Dinohunt' };
}
