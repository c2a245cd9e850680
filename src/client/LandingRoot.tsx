import { AppRoot } from './AppRoot';
import { LandingPage } from './pages/LandingPage';

/**
 * The landing page as its own entry draws it (landing.tsx) and as it is prerendered (prerender.tsx):
 * no router (decision 804); its links (components/AppLink.tsx) load the next page in full.
 */
export function LandingRoot() {
  return (
    <AppRoot>
      <LandingPage />
    </AppRoot>
  );
}
