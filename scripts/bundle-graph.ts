// What a first load of a route fetches, read from Vite's build manifest (`build.manifest: true`).
// Pure: no file system, so the walk is unit-tested over a small fake manifest.

/** One entry of `.vite/manifest.json` (the fields this walk reads). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type Manifest = Record<string, ManifestChunk>;

export type RouteFiles = { js: string[]; css: string[] };

/**
 * The JS and CSS files a route needs before it is usable: the HTML entry and its static imports
 * (the modulepreload links), then the route's lazy modules (its layout and page chunks) and their
 * static imports (Vite's preload helper fetches those with them). Further dynamic imports (three.js,
 * AR, the map) load only when used and are not followed. `lazyKeys` are source paths as the
 * manifest names them; none for a page bundled into the entry itself.
 */
export function filesForRoute(manifest: Manifest, lazyKeys: string[], entryKey = 'index.html'): RouteFiles {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
    seen.add(key);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const key of lazyKeys) visit(key);
  return { js, css: [...css] };
}
