import { AppRoot } from './AppRoot';
import { LoginPage } from './pages/LoginPage';

/**
 * The sign-in page as its own entry draws it (login.tsx) and as it is prerendered (prerender.tsx): no
 * router (decision 851); its links and its navigation after signing in load the next page in full.
 */
export function LoginRoot() {
  return (
    <AppRoot>
      <LoginPage />
    </AppRoot>
  );
}
