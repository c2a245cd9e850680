import { describe, expect, it } from 'vitest';
import { filesForRoute, type Manifest } from './bundle-graph';

// Shaped like Vite's manifest: the entry, shared chunks (keys starting with "_") and lazy pages.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_mantine.js'],
    dynamicImports: ['src/pages/Login.tsx', 'src/pages/Map.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'], css: ['assets/mantine.css'] },
  '_form.js': { file: 'assets/form.js', imports: ['_mantine.js', '_react.js'] },
  'src/pages/Login.tsx': { file: 'assets/Login.js', isDynamicEntry: true, imports: ['_form.js', '_mantine.js'] },
  'src/pages/Map.tsx': {
    file: 'assets/Map.js',
    isDynamicEntry: true,
    imports: ['_form.js'],
    dynamicImports: ['src/three.ts'],
    css: ['assets/Map.css'],
  },
  'src/three.ts': { file: 'assets/three.js', isDynamicEntry: true, imports: ['_react.js'] },
};

describe('filesForRoute', () => {
  it('counts the entry and its static imports once each for a page inside the entry', () => {
    expect(filesForRoute(manifest, [])).toEqual({
      js: ['assets/index.js', 'assets/react.js', 'assets/mantine.js'],
      css: ['assets/index.css', 'assets/mantine.css'],
    });
  });

  it('adds the lazy page and its static imports, not what it imports dynamically', () => {
    const files = filesForRoute(manifest, ['src/pages/Map.tsx']);
    expect(files.js).toEqual(['assets/index.js', 'assets/react.js', 'assets/mantine.js', 'assets/Map.js', 'assets/form.js']);
    expect(files.js).not.toContain('assets/three.js');
    expect(files.css).toEqual(['assets/index.css', 'assets/mantine.css', 'assets/Map.css']);
  });

  it('adds a layout route and its page, sharing what they both import', () => {
    const files = filesForRoute(manifest, ['src/pages/Login.tsx', 'src/pages/Map.tsx']);
    expect(files.js.filter((f) => f === 'assets/form.js')).toHaveLength(1);
    expect(files.js).toContain('assets/Login.js');
  });

  it('refuses a key the manifest does not have (a renamed page must not count as zero bytes)', () => {
    expect(() => filesForRoute(manifest, ['src/pages/Gone.tsx'])).toThrow(/no chunk "src\/pages\/Gone.tsx"/);
  });
});
