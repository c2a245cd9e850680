// Mantine's base styles; each component's own CSS comes with its code (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { AppNotifications } from './components/AppNotifications';
import { createAppRouter } from './routes';
import { cssVariablesResolver, theme } from './theme';

function App() {
  const [router] = useState(createAppRouter);
  // The tRPC and Query clients are provided by the routes (DataProviders.tsx), not here.
  return <RouterProvider router={router} />;
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
