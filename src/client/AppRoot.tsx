import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode } from 'react';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { AppNotifications } from './components/AppNotifications';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every page renders around its router, in the browser (main.tsx) and at build time
 * (prerender.tsx): the two trees must be the same for a prerendered page to hydrate.
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <AppNotifications />
        <AppErrorBoundary>{children}</AppErrorBoundary>
      </MantineProvider>
    </StrictMode>
  );
}
