// Build-time renderer of the prerendered pages (scripts/prerender.ts runs it in Node after the client
// build): a page's HTML as the browser's first render draws it, so it paints before any JS arrives and
// main.tsx hydrates it. No data, no browser APIs: only pages drawn without the API are prerendered.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './AppRoot';
import { LandingRoot } from './LandingRoot';
import { LoginRoot } from './LoginRoot';
import { appRoutes, LANDING_TITLE, LOGIN_TITLE } from './routes';

export type PrerenderedPage = { html: string; title: string };

export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  // The landing page has its own entry (landing.tsx) and is drawn by the same tree here.
  if (pathname === '/') return { html: renderToString(<LandingRoot />), title: LANDING_TITLE };
  // So has the sign-in page (login.tsx, decision 851).
  if (pathname === '/login') return { html: renderToString(<LoginRoot />), title: LOGIN_TITLE };
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname}: the router answered a redirect`);
  if (context.statusCode !== 200) throw new Error(`${pathname}: status ${context.statusCode}`);
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
