import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header, content and footer for the public and account pages. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}
