// The service worker (the installable Hunter Terminal, vite.config.ts): registered once the page has
// loaded. It precaches only the shell (HTML, manifest, icons), not every chunk of the app (decision 802):
// the modules and styles a page uses are cached as they load, the ones loaded before the worker took
// control included (public/sw-cache-loaded.js), so a page opened once opens again offline.
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
