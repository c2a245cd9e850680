// The benchmarks' app server children run compiled, as `npm start` serves: each server entry
// (bench/ws/server.ts, bench/http.bench.ts's server role) is bundled by the same esbuild
// build as the server (scripts/build-server.ts: no keepNames, packages external, source
// maps) into dist/bench-server/, and forked with plain node. COMPILED=0 forks the
// TypeScript through tsx instead, as `npm start` did before (for a before/after).
import path from 'node:path';
import { COMPILED_NODE_FLAGS, compile, isStale } from '../scripts/build-server';

export const COMPILED = process.env.COMPILED !== '0';

/** The file to fork and the node flags for it: compiled when COMPILED, else the source under tsx. */
export async function serverChild(entry: string): Promise<{ file: string; execArgv: string[] }> {
  if (!COMPILED) return { file: entry, execArgv: ['--import', 'tsx'] };
  const name = path.relative(path.resolve('bench'), entry).replace(/\.ts$/, '').replaceAll(path.sep, '-');
  const outfile = path.resolve('dist/bench-server', `${name}.js`);
  if (isStale(outfile, ['bench'])) await compile(entry, outfile);
  return { file: outfile, execArgv: [...COMPILED_NODE_FLAGS] };
}

export const serverKind = () => (COMPILED ? 'compiled (esbuild, no keepNames)' : 'tsx (esbuild keepNames)');
