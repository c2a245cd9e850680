import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/precompress';
import { prerenderPlugin } from './scripts/prerender';
import { CLIENT_ROUTES, PAGES_FROM_THE_SERVER } from './src/domain/client-routes';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

/** A client route as the service worker matches it (pathname + search): optional trailing slash and query. */
const routePattern = (route: string) =>
  new RegExp(`^${route === '/' ? '/' : `${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?`}(\\?.*)?$`);

/**
 * @react-three/xr reaches its Meta Quest emulator (iwer, its dev UI and synthetic rooms: about 6 MB)
 * through a dynamic import even with `emulate: false`, so Vite would emit it. Production builds get an
 * empty stand-in instead; e2e tests install the emulator themselves (e2e/support/iwer-entry.ts).
 */
const XR_EMULATOR_STUB = '\0xr-emulator-stub';
const stubXrEmulator = (): Plugin => ({
  name: 'dinohunt:stub-xr-emulator',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const fromXr = importer?.replace(/\\/g, '/').includes('/@pmndrs/xr/dist/') ?? false;
    return fromXr && source === './emulate.js' ? XR_EMULATOR_STUB : null;
  },
  load(id) {
    return id === XR_EMULATOR_STUB ? 'export function emulate() { throw new Error("No WebXR emulator in this build"); }' : null;
  },
});

/**
 * Mantine's useId without its random id set after mount (src/client/lib/mantineId.ts, decision 920): that state
 * update made every commit that mounted a Mantine component with an id re-render at once, and run the screen's
 * passive effects in the same long task. Build only: the dev server pre-bundles Mantine whole.
 */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const mantineStableIds = (): Plugin => ({
  name: 'dinohunt:mantine-stable-ids',
  apply: 'build',
  load(id) {
    return MANTINE_USE_ID.test(id) ? `export { useId } from ${JSON.stringify(path.resolve('src/client/lib/mantineId.ts'))};` : null;
  },
});

/**
 * Mantine's stylesheet for every component (about 250 KB) on every page, split: each Mantine component
 * module imports its own CSS file (@mantine/core/styles/<Name>.css), so a component's styles travel in
 * the chunk that carries its code and a page holds only the styles of the components it renders.
 * main.tsx imports the base (reset, CSS variables, global classes). The dev server pre-bundles
 * @mantine/core into one file, so there it imports the whole stylesheet instead.
 */
const MANTINE_STYLES = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const MANTINE_COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:[^?]*[\\/])?(\w+)\.mjs$/;
/** Components whose styles global.css carries for every page instead: a notice's card, whose code is lazy. */
const MANTINE_GLOBAL_STYLES = new Set(['Notification']);
const mantineCssPerComponent = (): Plugin => {
  let serve = false;
  return {
    name: 'dinohunt:mantine-css-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return id.endsWith('/src/client/main.tsx') ? { code: `${code}\nimport '@mantine/core/styles.css';`, map: null } : null;
      }
      const name = MANTINE_COMPONENT.exec(id)?.[1];
      if (!name || MANTINE_GLOBAL_STYLES.has(name) || !fs.existsSync(path.join(MANTINE_STYLES, `${name}.css`))) return null;
      // Appended: imports run before the module body wherever they stand, and the source map stays right.
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';`, map: null };
    },
  };
};

/**
 * The code every page runs (issue #25, decision 852): React, Mantine's core (provider, Box, styles), its
 * notice store, the rules, the Mantine components every page's first paint draws, and the icons' factory,
 * in one chunk. Left to themselves they were split by which entries reach them into about twenty small
 * files, each compressed alone; as one they compress better and no page loads anything it would not.
 */
const CORE_MODULES = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|@mantine[\/]store)[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]core[\/]`,
    String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](Button|Loader|Transition|Text|Title|Stack|Center|Code|Paper|Anchor|Container|Group|Card|Badge|ThemeIcon)[\/]`,
    String.raw`node_modules[\/]@mantine[\/]hooks[\/]esm[\/]use-reduced-motion[\/]`,
    String.raw`node_modules[\/]@mantine[\/]notifications[\/]esm[\/]notifications\.store`,
    String.raw`node_modules[\/]@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes)`,
    String.raw`src[\/]domain[\/]rules\.ts$`,
  ].join('|'),
);

/**
 * The app modules the Hunter Terminal and Field Operations draw their first screen with (decision 914): the hunt's
 * hooks, the GPS, scanner and live-connection code, the session clock, the briefing. Only modules that / and
 * /login never load, and none that a screen loads later (tabs, dialogs, the map, 3D and AR stay their own chunks).
 */
const HUNTER_APP_MODULES = new RegExp(
  [
    String.raw`src[\/]client[\/]features[\/]hunt[\/](useHunterStats|useSessionEnd|useSessionMission|useMissionCompletion|observeMessages|useObserve|BriefingMedia|difficulty|DifficultyBadge|MissionBriefing)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]gps[\/](GpsErrorNotice|gpsDisplay|GpsStatus|usePositionReports|useGps|useWakeLock)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]scanner[\/](useNearestTarget|DetectionList|RadarSweep|ScannerPanel|useHuntTarget)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]live[\/](useLiveConnection|useConnectionState|ConnectionBanner|applyEventToCache|serverClock|SessionLive)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]session[\/](useSessionClock|SessionStateBanner|TimeBadge)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]achievements[\/](AchievementBadge|AchievementToasts)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]map[\/](toMapDinosaurs|LazyTacticalMap)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]play-area[\/](usePlayArea|zoneWords|ZoneWarningBanner)\.tsx?$`,
    String.raw`src[\/]client[\/]features[\/]species[\/]useSpeciesCatalogue\.ts$`,
    String.raw`src[\/]client[\/]features[\/]auth[\/](useLogout|useCurrentUser)\.ts$`,
    String.raw`src[\/]client[\/]components[\/](LazyChunk|LazyTooltip)\.tsx$`,
    String.raw`src[\/]domain[\/](scan-readout|scanner|geo-types|gps|gps-acquisition|gps-heading|position-reporting|countdown|session-outcome|hunt-target|removed)\.ts$`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    react(),
    stubXrEmulator(),
    mantineStableIds(),
    mantineCssPerComponent(),
    prerenderPlugin(),
    precompressPlugin(),
    // Installable app: the manifest, icons and a service worker that precaches the shell so the
    // Hunter Terminal opens without network. Only the shell is cached: the worker has no route for
    // /api, /trpc, /ws or /uploads, so those always go to the network and are never served stale.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app itself (src/client/lib/serviceWorker.ts), which also hands the worker the
      // modules the page loaded before the worker took control.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Dinohunt Hunter Terminal',
        short_name: 'Dinohunt',
        description: 'Outdoor GPS-driven AR dinosaur hunts: the Hunter Terminal on your phone.',
        start_url: '/hunter-mobile',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f1f17',
        background_color: '#12341f',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the shell is precached (decision 802): precaching every chunk made a first visit of any
        // page download the whole app (about 450 KB of gzipped JS) in the background. Modules and
        // styles are cached as pages use them (runtime caching below, and public/sw-cache-loaded.js for
        // those loaded before the worker took control); three.js and AR too, once opened.
        globPatterns: ['*.{html,svg,png,ico}'],
        importScripts: ['/sw-cache-loaded.js'],
        runtimeCaching: [
          {
            // Hashed file names: a cached copy is the right one for good.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'dinohunt-assets', expiration: { maxEntries: 300 } },
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Only the app's own routes open the cached shell: API and upload navigations (the /api/login
        // redirect, a photo opened in a tab) and unknown paths (the server's 404) always reach the server.
        // Nor do the pages whose HTML is more than the shell (decision 924).
        navigateFallbackAllowlist: CLIENT_ROUTES.filter((route) => !PAGES_FROM_THE_SERVER.includes(route)).map(routePattern),
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/trpc(\/|$)/, /^\/ws(\/|$)/, /^\/uploads(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // .vite/manifest.json: the chunk graph scripts/prerender.ts reads.
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: CORE_MODULES,
            },
            {
              // The small Mantine parts and icons the Hunter Terminal and Field Operations draw first, in one file
              // instead of ten: on a phone each file costs a round trip before the first paint, six at a time over
              // HTTP/1.1 (decision 914). Only parts that / does not load; /login already used most of them (+0.1 KB).
              name: 'hunter-ui',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|CloseButton|Tabs|Progress|ActionIcon)[\\/]|node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(Eye|AlertTriangle|Paw|AugmentedReality|UserOff|Home|PlayerPlay)\.mjs$/,
            },
            // Shared code the hunter-app group below must not take in with its modules' dependencies, each kept in
            // the one file its pages already share: the router and the tRPC client (every signed-in page), the app
            // shell and the error words (/ and /login too), and the landing page's list and icons (decision 914).
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'trpc', test: /node_modules[\\/](@trpc|@tanstack|superjson|copy-anything)[\\/]|src[\\/]client[\\/]trpc\.ts$/ },
            {
              name: 'shell',
              test: /src[\\/]client[\\/](AppRoot\.tsx|theme\.ts|components[\\/](AppErrorBoundary|AppNotifications|AppLink)\.tsx|lib[\\/](firstInteraction|contrast|deferredStyles|notify|toastFloor)\.ts)$|modulepreload-polyfill/,
            },
            { name: 'errors', test: /src[\\/]client[\\/]lib[\\/]errors\.ts$/ },
            {
              name: 'landing-ui',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]List[\\/]|node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(Target|Messages|UsersGroup|Crown|MapPin|DeviceMobile|View360)\.mjs$/,
            },
            {
              name: 'hunter-app',
              test: HUNTER_APP_MODULES,
            },
          ],
        },
      },
      // The app's shell, and the landing and sign-in pages' own entries (prerendered, decisions 804, 851).
      input: { index: path.resolve('index.html'), landing: path.resolve('landing.html'), login: path.resolve('login.html') },
    },
  },
  // `npm run dev`: Vite serves the client with hot reload and forwards the API to the Node server.
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/uploads': server,
      '/trpc': { target: server, ws: true },
      '/ws': { target: server, ws: true },
    },
  },
});
