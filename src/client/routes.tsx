// Every route of the product (the server's list is src/domain/client-routes.ts).
// Pages load lazily, so the landing page never carries the map, the payment
// form or three.js; it does not even wait for the tRPC and Query clients, which
// every other page loads with its code through the data layout route.
import type { ComponentType } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, Outlet, type RouteObject, ScrollRestoration, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { ApplicationError } from './components/AppErrorBoundary';
import { AppNavigate, AppSearch, LinkImplementation } from './components/AppLink';
import { PageLoader } from './components/PageLoader';

/**
 * Lazy route: `page(() => import('./pages/XPage'), 'XPage')`. A page module may export `ready`, a promise
 * the route waits for before its first render: the code of a view it draws at once, so that view is in
 * the first paint instead of a spinner's place (decision 913).
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    if (module.ready instanceof Promise) await module.ready;
    return { Component: module[name] as ComponentType };
  };
}

const SITE = 'Dinohunt';
export const LANDING_TITLE = `${SITE}: AR dinosaur hunts in the real world`;
/** A route's page title, kept with the route so every page (deep links, Back) has its own. */
const titled = (name: string) => ({ handle: { title: `${name} · ${SITE}` } });
export const LOGIN_TITLE = titled('Sign in').handle.title;

/** Pages drawn without the tRPC and Query clients (their API parts read plain GETs: features/auth/signInStatus.ts). */
const lightRoutes: RouteObject[] = [
  // A full load of / runs the landing page's own entry (landing.tsx); here it is only reached in the app.
  { path: '/', lazy: page(() => import('./pages/LandingPage'), 'LandingPage'), handle: { title: LANDING_TITLE } },
  // A full load of /login (without a query) runs the sign-in page's own entry (login.tsx).
  { path: '/login', lazy: page(() => import('./pages/LoginPage'), 'LoginPage'), handle: { title: LOGIN_TITLE } },
  { path: '/forgot-password', lazy: page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage'), ...titled('Forgot password') },
  { path: '/reset-password', lazy: page(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage'), ...titled('Choose a new password') },
  { path: '/verify-email', lazy: page(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage'), ...titled('Confirm your address') },
];

/** Pages that read the API, under the layout that provides the tRPC and Query clients. */
export const dataRoutes: RouteObject[] = [
  { path: '/register', lazy: page(() => import('./pages/RegisterPage'), 'RegisterPage'), ...titled('Create Account') },
  { path: '/privacy-policy', lazy: page(() => import('./pages/PrivacyPolicyPage'), 'PrivacyPolicyPage'), ...titled('Privacy Policy') },
  { path: '/terms-conditions', lazy: page(() => import('./pages/TermsPage'), 'TermsPage'), ...titled('Terms & Conditions') },
  { path: '/subscription', lazy: page(() => import('./pages/SubscriptionPage'), 'SubscriptionPage'), ...titled('Plans') },
  { path: '/checkout', lazy: page(() => import('./pages/CheckoutPage'), 'CheckoutPage'), ...titled('Checkout') },
  { path: '/gamemaster', lazy: page(() => import('./pages/GameMasterPage'), 'GameMasterPage'), ...titled('Mission HQ') },
  { path: '/hunter', lazy: page(() => import('./pages/FieldOperationsPage'), 'FieldOperationsPage'), ...titled('Field Operations') },
  { path: '/hunter-mobile', lazy: page(() => import('./pages/HunterTerminalPage'), 'HunterTerminalPage'), ...titled('Hunter Terminal') },
  { path: '/mobile-hunter', lazy: page(() => import('./pages/HunterTerminalPage'), 'HunterTerminalPage'), ...titled('Hunter Terminal') },
  { path: '/account', lazy: page(() => import('./pages/AccountPage'), 'AccountPage'), ...titled('Account') },
  { path: '/admin', lazy: page(() => import('./pages/AdminPage'), 'AdminPage'), ...titled('System Administration') },
  { path: '/debug-models', lazy: page(() => import('./pages/DebugModelsPage'), 'DebugModelsPage'), ...titled('Model Debug') },
  { path: '/model-test', lazy: page(() => import('./pages/ModelTestPage'), 'ModelTestPage'), ...titled('Model Test') },
  { path: '*', lazy: page(() => import('./pages/NotFoundPage'), 'NotFoundPage'), ...titled('Page Not Found') },
];

/** Errors thrown while rendering a route (or loading its code). */
function RouteErrorPage() {
  const error = useRouteError();
  return <ApplicationError message={error instanceof Error ? error.message : String(error)} />;
}

/** Every page opens at its top (and Back returns to where it was), as on any site, under its own title. */
function RootLayout() {
  const matches = useMatches();
  const title = matches.map((m) => (m.handle as { title?: string } | undefined)?.title).findLast(Boolean);
  useDocumentTitle(title ?? SITE);
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    // Shared links (components/AppLink.tsx) navigate in place in the app.
    <LinkImplementation.Provider value={Link}>
      <AppNavigate.Provider value={navigate}>
        <AppSearch.Provider value={search}>
          <ScrollRestoration />
          <Outlet />
        </AppSearch.Provider>
      </AppNavigate.Provider>
    </LinkImplementation.Provider>
  );
}

/**
 * The route tree, fresh each call (a router resolves lazy routes into its objects): the browser's
 * router (main.tsx) and the build-time renderer of prerendered pages (prerender.tsx) use the same.
 */
export function appRoutes(): RouteObject[] {
  // One root route so that any render or lazy-load failure shows 'Application Error'.
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoader,
      children: [
        ...lightRoutes.map((route) => ({ ...route })),
        { lazy: page(() => import('./DataProviders'), 'DataLayout'), children: dataRoutes.map((route) => ({ ...route })) },
      ],
    },
  ];
}
