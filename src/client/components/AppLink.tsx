import { type AnchorHTMLAttributes, type ComponentType, createContext, forwardRef, useContext } from 'react';
import { FULL_LOAD_NOTICE_MS } from '../../domain/rules';
import { carryNotice, noticeAge } from '../lib/notify';

/**
 * A link of the parts the landing page shares with the app (header, footer, account buttons): the
 * app's router provides react-router's Link (routes.tsx), so they navigate in place there; the landing
 * page's own entry has no router (decision 804) and they are plain links that load the next page.
 */
export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

const PlainLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function PlainLink({ to, ...rest }, ref) {
  return <a ref={ref} href={to} {...rest} />;
});

export const LinkImplementation = createContext<ComponentType<AppLinkProps & { ref?: React.Ref<HTMLAnchorElement> }>>(PlainLink);

export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  const Impl = useContext(LinkImplementation);
  return <Impl ref={ref} {...props} />;
});

/** In-place navigation where the app's router provides it (routes.tsx); null on the landing and sign-in pages. */
export const AppNavigate = createContext<((to: string) => void) | null>(null);

/**
 * A full page load that carries the notice on screen to the next page (lib/notify.ts). A notice shown just
 * now (the join welcome) is on screen a moment first: the next page's own notices may replace it at once.
 */
function loadPage(to: string) {
  const age = noticeAge();
  window.setTimeout(
    () => {
      carryNotice();
      window.location.assign(to);
    },
    age === null ? 0 : Math.max(0, FULL_LOAD_NOTICE_MS - age),
  );
}

/** Goes to `to`: in place in the app, by a full page load on a page without the router (decisions 804, 851). */
export function useAppNavigate(): (to: string) => void {
  return useContext(AppNavigate) ?? loadPage;
}

/** The URL's query where the app's router provides it (routes.tsx); null on the landing and sign-in pages. */
export const AppSearch = createContext<string | null>(null);

/** The page's query parameters: the router's in the app, the document's elsewhere (none when prerendering). */
export function useAppSearchParams(): URLSearchParams {
  const search = useContext(AppSearch);
  return new URLSearchParams(search ?? (typeof window === 'undefined' ? '' : window.location.search));
}
