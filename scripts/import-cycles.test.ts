import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclicComponents, findCycles, type ImportGraph, importGraphs, isCycleOf, withTypeImports } from './import-cycles';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds none in a graph without cycles', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('names a two-module cycle and a longer one, each closed on its first module', () => {
    const graph = graphOf({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c', 'f'], f: [] });
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'e', 'c'],
    ]);
  });

  it('puts every module of a tangled component on some printed cycle', () => {
    // a -> b -> a and a -> c -> a share a: one component, two cycles needed to show c.
    const graph = graphOf({ a: ['b', 'c'], b: ['a'], c: ['a'] });
    expect(cyclicComponents(graph)).toEqual([['a', 'b', 'c']]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'a', 'c'],
    ]);
  });

  it('counts a module importing itself', () => {
    expect(findCycles(graphOf({ a: ['a'], b: [] }))).toEqual([['a', 'a']]);
  });
});

describe('importGraphs', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { verbatimModuleSyntax: true, jsx: 'react-jsx' } }));
    // store <-> loader at run time: a real cycle.
    write('src/store.ts', "import { load } from './loader';\nexport const store = () => load();\n");
    write('src/loader.ts', "import { store } from './store';\nexport const load = () => store;\n");
    // shape -> user by type only, user -> shape by value: no cycle at run time.
    write('src/shape.ts', "import type { User } from './user';\nexport const shape = (u: User) => u;\n");
    write('src/user.ts', "import { shape } from './shape';\nexport type User = { name: string };\nexport const u = shape;\n");
    // lazy -> later by dynamic import only, later -> lazy statically: no cycle at load time.
    write('src/lazy.ts', "export const later = () => import('./later');\n");
    write('src/later.tsx', "import { later } from './lazy';\nimport 'node:fs';\nimport './style.css';\nexport const x = <b>{String(later)}</b>;\n");
    // An inline `type` name leaves the import as a side-effect import, which still loads the module.
    write('src/inline.ts', "import { type Side } from './side';\nexport type S = Side;\n");
    write('src/side.ts', "import './inline';\nexport type Side = 1;\n");
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps static value and side-effect imports at load time, adds dynamic ones, drops type-only, package and asset imports', async () => {
    const { loadTime, withDynamic } = await importGraphs(['src'], dir);
    expect(loadTime.get('src/store.ts')).toEqual(['src/loader.ts']);
    expect(loadTime.get('src/shape.ts')).toEqual([]);
    expect(loadTime.get('src/user.ts')).toEqual(['src/shape.ts']);
    expect(loadTime.get('src/lazy.ts')).toEqual([]);
    expect(withDynamic.get('src/lazy.ts')).toEqual(['src/later.tsx']);
    expect(loadTime.get('src/later.tsx')).toEqual(['src/lazy.ts']);
    expect(findCycles(loadTime)).toEqual([
      ['src/inline.ts', 'src/side.ts', 'src/inline.ts'],
      ['src/loader.ts', 'src/store.ts', 'src/loader.ts'],
    ]);
  });

  it('adds the type-only imports (the graph madge and dpdm draw), and labels each cycle by its weakest import', async () => {
    const { loadTime, withDynamic } = await importGraphs(['src'], dir);
    const graph = withTypeImports(withDynamic, dir);
    expect(graph.get('src/shape.ts')).toEqual(['src/user.ts']);
    const cycles = findCycles(graph);
    expect(cycles).toHaveLength(4);
    expect(cycles.filter((cycle) => isCycleOf(cycle, loadTime))).toHaveLength(2);
    expect(cycles.filter((cycle) => !isCycleOf(cycle, loadTime) && isCycleOf(cycle, withDynamic))).toEqual([
      ['src/later.tsx', 'src/lazy.ts', 'src/later.tsx'],
    ]);
    expect(cycles.filter((cycle) => !isCycleOf(cycle, withDynamic))).toEqual([['src/shape.ts', 'src/user.ts', 'src/shape.ts']]);
  });
});
