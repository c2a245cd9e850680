import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { AppNotifications } from './components/AppNotifications';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './routes';
import { cssVariablesResolver, theme } from './theme';
import { createTrpcClient, trpc } from './trpc';

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(createAppRouter);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <AppNotifications />
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
