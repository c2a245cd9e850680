// The product's client routes (accounts spec, section 2). The server answers them
// with 200 and anything else with the app's 404 page and a 404 status.
export const CLIENT_ROUTES = [
  '/',
  '/login',
  '/register',
  '/subscription',
  '/checkout',
  '/hunter-mobile',
  '/mobile-hunter',
  '/gamemaster',
  '/hunter',
  '/admin',
  '/debug-models',
  '/model-test',
  '/privacy-policy',
  '/terms-conditions',
  // Not in the spec: the account's security (issue #14, decision 502).
  '/account',
  // Not in the spec: "Forgot password?" and the mailed links' pages (issue #45).
  '/forgot-password',
  '/reset-password',
  '/verify-email',
] as const;

/**
 * Client routes the service worker never answers with its cached shell (decision 924): their HTML is more than
 * the shell. Mission HQ's carries its first screen (decision 922), and HQ needs the network for everything;
 * /register is drawn at build time (decision 923), and nobody signs up offline. The hunter's pages keep the
 * cached shell: in a park without coverage it is what opens.
 */
export const PAGES_FROM_THE_SERVER: readonly (typeof CLIENT_ROUTES)[number][] = ['/gamemaster', '/register'];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(path);
}

/**
 * Pages rendered to HTML at build time (issue #25, decision 800): the file under the client build the
 * server sends for a request of the path, with no query string or exactly the page's `query`. Any other
 * query can change what the page draws (/login?tab=hunter&sessionId=...), so such a request gets the plain
 * shell and renders in the browser as before.
 */
export const PRERENDERED_PAGES: readonly { path: string; query?: string; file: string }[] = [
  { path: '/', file: 'prerendered/index.html' },
  { path: '/login', file: 'prerendered/login.html' },
  // Where an account starts (decision 923): from the header's Get Started, and the landing page's
  // "Become a GameMaster" with the account type chosen.
  { path: '/register', file: 'prerendered/register.html' },
  { path: '/register', query: 'role=gamemaster', file: 'prerendered/register-gamemaster.html' },
];

/** The URL a prerendered page is rendered for, and answers: its path, and its query if it has one. */
export const prerenderedUrl = (page: { path: string; query?: string }) => (page.query ? `${page.path}?${page.query}` : page.path);

/** The prerendered file for a request URL (path and query), or undefined. */
export function prerenderedFile(url: string): string | undefined {
  const [pathname, query] = url.split('?', 2) as [string, string | undefined];
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PRERENDERED_PAGES.find((p) => p.path === path && (p.query ?? '') === (query ?? ''))?.file;
}

/**
 * Route shells (issue #25 third round, decision 854): the shell (index.html) with `<link rel="modulepreload">`
 * for the route's first-load modules, written by the build for the pages a hunter opens on a phone and for
 * Mission HQ. The browser fetches the route's modules together with the shell's instead of discovering them
 * one import level at a time. Nothing of the page is in it, so a query string does not matter.
 */
export const ROUTE_SHELLS = [
  { path: '/hunter-mobile', file: 'route-shells/hunter-mobile.html', screen: 'terminal' },
  { path: '/mobile-hunter', file: 'route-shells/hunter-mobile.html', screen: 'terminal' },
  { path: '/hunter', file: 'route-shells/hunter.html', screen: 'field-ops' },
  // Mission HQ (decision 922): its first screen draws in one render, not after a chain of round trips.
  { path: '/gamemaster', file: 'route-shells/gamemaster.html', screen: 'hq' },
] as const;

export type RouteShell = (typeof ROUTE_SHELLS)[number];

/** The route shell for a request URL (path and query), or undefined. */
export function routeShellFor(url: string): RouteShell | undefined {
  const pathname = url.split('?', 1)[0]!;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_SHELLS.find((p) => p.path === path);
}
