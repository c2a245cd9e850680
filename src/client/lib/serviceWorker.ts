// The service worker (the installable Hunter Terminal, vite.config.ts), registered once the page has loaded and
// settled (decision 921): at the first idle moment SERVICE_WORKER_SETTLE_MS after load. Its install (precaching,
// then caching every module the page loaded) competed with the terminal's first seconds for the phone's CPU and
// network; a page opened offline needs it only after that. It precaches only the shell (HTML, manifest, icons),
// not every chunk of the app (decision 802): the modules and styles a page uses are cached as they load, the ones
// loaded before the worker took control included (public/sw-cache-loaded.js), so a page opened once opens again
// offline.
import { SERVICE_WORKER_SETTLE_MS } from '../../domain/rules';

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  // Set once the worker has cached this page's modules: the page opens offline from then on.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'DINOHUNT_CACHED') document.documentElement.dataset.offlineReady = 'true';
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.startsWith('/assets/'));
        registration.active?.postMessage({ type: 'DINOHUNT_CACHE_LOADED', urls });
      })
      .catch(() => {
        // No worker (private mode, blocked): the app works online as before.
      });
  };
  const settled = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: SERVICE_WORKER_SETTLE_MS });
      else register();
    }, SERVICE_WORKER_SETTLE_MS);
  if (document.readyState === 'complete') settled();
  else window.addEventListener('load', settled, { once: true });
}
