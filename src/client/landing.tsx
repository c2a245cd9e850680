// The landing page's own entry (decision 804): it hydrates the page prerendered at build time
// (scripts/prerender.ts) with only what the page uses: React, its Mantine components and the sign-in
// status. Its links load the next page in full; the app's entry (main.tsx) runs on every other page.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './LandingRoot';
import { applyDeferredStyles } from './lib/deferredStyles';

applyDeferredStyles();
hydrateRoot(document.getElementById('root')!, <LandingRoot />);
