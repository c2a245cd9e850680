import { type AnchorHTMLAttributes, type ComponentType, createContext, forwardRef, useContext } from 'react';

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

/** In-place navigation where the app's router provides it (routes.tsx); null on the landing page. */
export const AppNavigate = createContext<((to: string) => void) | null>(null);
