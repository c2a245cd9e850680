// Every route of the product (the server's list is src/domain/client-routes.ts).
// Pages load lazily, so the landing page never carries the map, the payment
// form or three.js.
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteErrorPage } from './components/AppErrorBoundary';
import { PageLoader } from './components/PageLoader';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { LandingPage } from './pages/LandingPage';

/** Lazy route: `page(() => import('./pages/XPage'), 'XPage')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

function comingSoon(title: string): RouteObject['Component'] {
  return () => <ComingSoonPage title={title} />;
}

export const routes: RouteObject[] = [
  { path: '/', Component: LandingPage },
  { path: '/login', lazy: page(() => import('./pages/LoginPage'), 'LoginPage') },
  { path: '/register', lazy: page(() => import('./pages/RegisterPage'), 'RegisterPage') },
  { path: '/privacy-policy', lazy: page(() => import('./pages/PrivacyPolicyPage'), 'PrivacyPolicyPage') },
  { path: '/terms-conditions', lazy: page(() => import('./pages/TermsPage'), 'TermsPage') },
  { path: '/subscription', lazy: page(() => import('./pages/SubscriptionPage'), 'SubscriptionPage') },
  { path: '/checkout', lazy: page(() => import('./pages/CheckoutPage'), 'CheckoutPage') },
  { path: '/gamemaster', lazy: page(() => import('./features/billing/GameMasterPlaceholder'), 'GameMasterPlaceholder') },
  { path: '/hunter', Component: comingSoon('Field Operations') },
  { path: '/hunter-mobile', Component: comingSoon('Hunter Terminal') },
  { path: '/mobile-hunter', Component: comingSoon('Hunter Terminal') },
  { path: '/admin', lazy: page(() => import('./pages/AdminPage'), 'AdminPage') },
  { path: '/debug-models', lazy: page(() => import('./pages/DebugModelsPage'), 'DebugModelsPage') },
  { path: '/model-test', lazy: page(() => import('./pages/ModelTestPage'), 'ModelTestPage') },
  { path: '*', lazy: page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
];

/** Every page opens at its top (and Back returns to where it was), as on any site. */
function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export function createAppRouter() {
  // One root route so that any render or lazy-load failure shows 'Application Error'.
  return createBrowserRouter([
    { Component: RootLayout, ErrorBoundary: RouteErrorPage, HydrateFallback: PageLoader, children: routes },
  ]);
}
