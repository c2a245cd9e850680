// Imported by the service worker (vite.config.ts, workbox importScripts). A page's modules and styles
// load before the worker controls it, so the worker's runtime cache does not see them: the page posts
// their URLs once the worker is active (src/client/lib/serviceWorker.ts), and they are cached here (from
// the browser's HTTP cache: nothing is downloaded twice), so the page opens offline afterwards.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'DINOHUNT_CACHE_LOADED' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => {
    try {
      const parsed = new URL(url);
      return parsed.origin === self.location.origin && parsed.pathname.startsWith('/assets/');
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches
      .open('dinohunt-assets')
      .then((cache) => Promise.all(urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url).catch(() => undefined)))))
      // The page learns that it would now open offline.
      .then(() => event.source?.postMessage({ type: 'DINOHUNT_CACHED' })),
  );
});
