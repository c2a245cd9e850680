// Prerendered pages (issue #25, decision 800): a Vite plugin that, once the client build is written,
// renders the pages of PRERENDERED_PAGES to HTML in Node (src/client/prerender.tsx, built for SSR) and
// writes each into a copy of the built index.html. The page paints before any JS arrives; main.tsx
// hydrates it. The styles the page uses are inlined into its head (Beasties) and its stylesheets move
// to the end of the body, so nothing blocks the first paint; its route's CSS and JS are linked too.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_PAGES, prerenderedUrl, ROUTE_SHELLS } from '../src/domain/client-routes';
import { replaceLiterally } from '../src/server/http/html-splice';
import { filesForRoute, type Manifest } from './bundle-graph';

/**
 * Each prerendered page's HTML template (a built page of the Vite build: the landing and sign-in pages
 * have their own entries, landing.tsx and login.tsx) and the lazy route modules its first render needs
 * (for a page drawn by main.tsx, which loads them before hydrating), linked from its head.
 */
const PAGES: Record<string, { template: string; modules: string[] }> = {
  '/': { template: 'landing.html', modules: [] },
  '/login': { template: 'login.html', modules: [] },
  '/register': { template: 'index.html', modules: ['src/client/DataProviders.tsx', 'src/client/pages/RegisterPage.tsx'] },
};

/**
 * Each route shell's lazy route modules (source paths as the manifest names them): the data layout and the
 * page (routes.tsx). Their static imports follow (scripts/bundle-graph.ts); their own dynamic imports (the
 * map, AR, Comms, dialogs) stay on first use.
 */
const SHELL_MODULES: Record<(typeof ROUTE_SHELLS)[number]['file'], string[]> = {
  'route-shells/hunter-mobile.html': ['src/client/DataProviders.tsx', 'src/client/pages/HunterTerminalPage.tsx'],
  'route-shells/hunter.html': [
    'src/client/DataProviders.tsx',
    'src/client/pages/FieldOperationsPage.tsx',
    // What a link to /hunter shows (decision 910); the session's panels load when a session is known.
    'src/client/features/field-ops/JoinView.tsx',
  ],
  'route-shells/gamemaster.html': ['src/client/DataProviders.tsx', 'src/client/pages/GameMasterPage.tsx'],
};

/**
 * The shell with `<link rel="modulepreload">` for a route's modules and `<link rel="preload" as="style">`
 * for its styles (fetched early, applied when Vite's loader adds them, so the cascade's order is unchanged).
 * `crossorigin` as Vite's loader sets it, so the browser reuses the preloaded responses.
 */
export function routeShellDocument(shell: string, css: string[], js: string[]): string {
  const links = [
    ...js.filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...css.filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  if (!shell.includes('</head>')) throw new Error('index.html has no </head>');
  return replaceLiterally(shell, '</head>', `${links.join('\n    ')}\n  </head>`);
}

type RenderPage = (url: string) => Promise<{ html: string; title: string }>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with a page's HTML, title, colour scheme and its route's CSS and module preloads. */
export function pageDocument(shell: string, page: { html: string; title: string }, css: string[], js: string[]): string {
  const links = [
    ...css.filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.filter((file) => !shell.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  // The colour scheme MantineProvider sets on <html> once running: its CSS variables depend on it.
  const schemed = replaceLiterally(shell, '<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">');
  const titled = replaceLiterally(schemed, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  const linked = replaceLiterally(titled, '</head>', `${links.join('\n    ')}\n  </head>`);
  const out = replaceLiterally(linked, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
  if (!out.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div>');
  return out;
}

/** Beasties' `onload="this.media='all'"` becomes `data-deferred-css`: lib/deferredStyles.ts applies them. */
export function deferStylesheets(html: string): string {
  return html.replace(/\s+onload="this\.media='all'"/g, ' data-deferred-css');
}

async function renderer(root: string, cacheDir: string): Promise<RenderPage> {
  const outDir = path.join(cacheDir, 'prerender');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: path.join(root, 'src/client/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const module = (await import(`${pathToFileURL(path.join(outDir, 'prerender.mjs')).href}?t=${Date.now()}`)) as { renderPage: RenderPage };
  return module.renderPage;
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dinohunt:prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
        const renderPage = await renderer(config.root, config.cacheDir);
        const beasties = new Beasties({
          path: outDir,
          publicPath: '/',
          // Stylesheets stay where they are (their order in the cascade matters: styles the app adds later
          // come after them), with media="print" so they do not block the first paint. Beasties' inline
          // onload swap is replaced by a marker the entry scripts read (the CSP refuses inline handlers).
          preload: 'media',
          noscriptFallback: true,
          pruneSource: false,
          reduceInlineStyles: false,
          logLevel: 'warn',
        });
        for (const prerendered of PRERENDERED_PAGES) {
          const page = await renderPage(prerenderedUrl(prerendered));
          const entry = PAGES[prerendered.path];
          if (!entry) throw new Error(`${prerendered.path}: no template in scripts/prerender.ts PAGES`);
          const { template, modules } = entry;
          const { file } = prerendered;
          const shell = fs.readFileSync(path.join(outDir, template), 'utf8');
          const files = filesForRoute(manifest, modules, template);
          const html = deferStylesheets(await beasties.process(pageDocument(shell, page, files.css, files.js)));
          fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
          fs.writeFileSync(path.join(outDir, file), html);
        }
        const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const file of new Set(ROUTE_SHELLS.map((s) => s.file))) {
          const files = filesForRoute(manifest, SHELL_MODULES[file]);
          fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
          fs.writeFileSync(path.join(outDir, file), routeShellDocument(shell, files.css, files.js));
        }
        config.logger.info(`prerendered ${PRERENDERED_PAGES.map(prerenderedUrl).join(', ')}`);
      },
    },
  };
}
