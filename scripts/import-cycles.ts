// Import cycles in src/server, src/domain and src/client (issue #41): prints each one and exits 1
// if there is any. `npm run lint:cycles`; part of `npm test`. Decision 960.
//
// The graph is the one madge and dpdm draw (the measure), built from what the code runs:
// esbuild (which tsx and the server build use) parses every file with the project's tsconfig
// (verbatimModuleSyntax) and resolves its static and dynamic imports; `import { type A }` stays as
// the side-effect import it compiles to. To that the check adds the `import type` / `export type`
// edges between the project's modules, which esbuild erases. Each cycle is labelled: "at load time"
// (static imports only: a module can meet another half-initialised), "through a dynamic import" or
// "through an import type" (harmless at run time, but the modules are still tied together).
// `--load-time-only` checks the static value imports alone. TypeScript 7's compiler has no
// JavaScript API for this (no ts.preProcessFile), and neither madge nor dpdm is installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders checked, as `npm run lint:cycles` checks them. */
export const CHECKED_FOLDERS = ['src/server', 'src/domain', 'src/client'];

/** A module and the modules it imports (paths relative to the project root). */
export type ImportGraph = Map<string, string[]>;

const CODE_FILE = /\.(ts|tsx|mts|js|mjs)$/;
const DECLARATION_FILE = /\.d\.ts$/;

function codeFilesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => CODE_FILE.test(file) && !DECLARATION_FILE.test(file))
    .map((file) => path.join(folder, file));
}

/** The import graph of the project's modules: static imports only, and with dynamic `import()`s added. */
export type ImportGraphs = { loadTime: ImportGraph; withDynamic: ImportGraph };

/**
 * The import graphs of every code file under `folders` (absolute, or relative to `cwd`), as esbuild resolves
 * them with the tsconfig.json found from `cwd` (type-only imports erased). Packages, `node:` modules, Vite's
 * virtual modules and assets (CSS, images, `?url` imports) are left out: only the project's own modules count.
 */
export async function importGraphs(folders: string[], cwd = ROOT): Promise<ImportGraphs> {
  const entryPoints = folders.flatMap((folder) => codeFilesUnder(path.resolve(cwd, folder)));
  const leaveOut: esbuild.Plugin = {
    name: 'own-modules-only',
    setup(build) {
      // Bare specifiers (packages, node:, virtual:) and anything with a query are not our modules; `#`
      // imports (package.json "imports", decision 968) are: esbuild resolves them as the server runs.
      build.onResolve({ filter: /^[^./#]|\?/ }, (args) => ({ path: args.path, external: true }));
      // Relative imports of non-code files (styles, images, models).
      build.onResolve({ filter: /\.(css|svg|png|jpe?g|webp|gif|glb|gltf|usdz|json|html|txt|wasm)$/ }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
  const result = await esbuild.build({
    absWorkingDir: cwd,
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    outdir: path.join(cwd, '.import-cycles-out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [leaveOut],
    jsx: 'automatic',
    loader: { '.js': 'jsx' },
  });
  const loadTime: ImportGraph = new Map();
  const withDynamic: ImportGraph = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const own = input.imports.filter((edge) => !edge.external);
    const targets = (kinds: string[]) => [...new Set(own.filter((edge) => kinds.includes(edge.kind)).map((edge) => edge.path))].sort();
    loadTime.set(file, targets(['import-statement']));
    withDynamic.set(file, targets(['import-statement', 'dynamic-import']));
  }
  return { loadTime, withDynamic };
}

/** `import type … from './x'` and `export type … from './x'` (esbuild erases them before it resolves). */
const TYPE_IMPORT = /^\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

/** The graph with the type-only imports between its modules added (the graph madge or dpdm would draw). */
export function withTypeImports(graph: ImportGraph, cwd = ROOT): ImportGraph {
  const full: ImportGraph = new Map();
  for (const [file, imports] of graph) {
    const text = fs.readFileSync(path.join(cwd, file), 'utf8');
    const added = new Set(imports);
    for (const match of text.matchAll(TYPE_IMPORT)) {
      const base = path.posix.join(path.posix.dirname(file), match[1] as string);
      const target = RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((candidate) => graph.has(candidate));
      if (target) added.add(target);
    }
    full.set(file, [...added].sort());
  }
  return full;
}

/** True when every step of the cycle is an import of `graph`. */
export function isCycleOf(cycle: string[], graph: ImportGraph): boolean {
  return cycle.slice(1).every((to, i) => (graph.get(cycle[i] as string) ?? []).includes(to));
}

/** Strongly connected components with a cycle (two or more modules, or one importing itself), Tarjan's algorithm. */
export function cyclicComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flat()])].sort();

  // Iterative, so a long import chain cannot overflow the call stack.
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** The shortest cycle from `from` back to itself through modules of `within` (breadth-first). */
function shortestCycle(graph: ImportGraph, from: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as string;
    for (const target of graph.get(node) ?? []) {
      if (!within.has(target)) continue;
      if (target === from) {
        const cycle = [node];
        while (cycle[0] !== from) cycle.unshift(cameFrom.get(cycle[0] as string) as string);
        return [...cycle, from];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  throw new Error(`${from} is on no cycle`);
}

/**
 * Cycles to show for the graph: for each cyclic component, shortest cycles until every module of it is on
 * one (listing every elementary cycle can grow exponentially; this names each module involved at least once).
 * Each cycle starts and ends with the same module.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  for (const component of cyclicComponents(graph)) {
    const members = new Set(component);
    const covered = new Set<string>();
    for (const module of component) {
      if (covered.has(module)) continue;
      const cycle = shortestCycle(graph, module, members);
      for (const node of cycle) covered.add(node);
      cycles.push(cycle);
    }
  }
  return cycles;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadTimeOnly = process.argv.includes('--load-time-only');
  const { loadTime, withDynamic } = await importGraphs(CHECKED_FOLDERS);
  const graph = loadTimeOnly ? loadTime : withTypeImports(withDynamic);
  const cycles = findCycles(graph);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const what = `${CHECKED_FOLDERS.join(', ')} (${graph.size} modules, ${loadTimeOnly ? 'static value imports only' : 'dynamic and type imports included'}, ${seconds} s)`;
  if (cycles.length === 0) {
    console.log(`No import cycles in ${what}.`);
    return;
  }
  console.error(`${cycles.length} import cycle(s) in ${what}:`);
  for (const cycle of cycles) {
    const kind = isCycleOf(cycle, loadTime) ? 'at load time' : isCycleOf(cycle, withDynamic) ? 'through a dynamic import' : 'through an import type';
    console.error(`  (${kind}) ${cycle.join('\n    -> ')}`);
  }
  console.error('Break each one: move the shared part into a module of its own (see docs/decisions/960-*).');
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
