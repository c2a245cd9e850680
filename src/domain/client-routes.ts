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
] as const;

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_ROUTES as readonly string[]).includes(path);
}
