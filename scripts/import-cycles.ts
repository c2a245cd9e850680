// Finds import cycles among the TypeScript files under a folder (neither dpdm nor madge is a
// dependency, and TypeScript 7 has no JavaScript compiler API: static import and export
// statements are read with a pattern). Type-only imports count too: a cycle of types still ties the modules together, and
// the issue (#41) names one that runs through `import type`. Usage:
//   npx tsx scripts/import-cycles.ts [folder ...]   (default: src/server/db); exits 1 on a cycle.
import fs from 'node:fs';
import path from 'node:path';

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name))
    .map((name) => path.resolve(folder, name));
}

/** `import ... from '...'`, `export ... from '...'` (over several lines) and `import '...'`, at a line's start. */
const STATIC_IMPORT = /^(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm;

/** The files under the folders that `file` imports (relative specifiers only). */
function importsOf(file: string, inScope: Set<string>): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => inScope.has(candidate));
    if (target) found.push(target);
  }
  return found;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function importCycles(folders: string[]): string[][] {
  const files = folders.flatMap(sourceFiles);
  const inScope = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file, inScope)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component.map((f) => path.relative(process.cwd(), f)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ['src/server/db'];
  const cycles = importCycles(folders);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.join(' <-> ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log(`no import cycle in ${folders.join(', ')}`);
}
