// Issue 41: "adding an event type without handling it on the client fails `npm run typecheck`".
// The proof runs the real compiler on the real switch: a temporary copy of domain/contracts whose
// AppEvent union has one member more, and a copy of applyEventToCache.ts that imports it. With the
// extra member, `unhandledEvent(event)` at the end of the switch must fail ("not assignable to
// 'never'"); without it, the same files must compile cleanly. Only the router's and the tRPC
// client's types (and the teams cache edits typed by them) are replaced (by `any`): they shape the cache calls, not which events the switch
// names, and pulling them in would compile the whole server (minutes on a shared machine).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const LIVE = path.join(ROOT, 'src/client/features/live');
const CONTRACTS = path.join(ROOT, 'src/domain/contracts');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** Where each relative import of applyEventToCache.ts goes in the copy (a new import fails the test: add it here). */
const SWITCH_IMPORTS: Record<string, string> = {
  '../../../domain/contracts': './contracts/index',
  '../../../domain/rules': path.join(ROOT, 'src/domain/rules'),
  '../../../server/routers': './stubs',
  '../../trpc': './stubs',
  '../teams/teamCache': './stubs',
};
const STUBS = `// The router's and the client's types, left open: they do not decide which events the switch names.
// biome-ignore lint/suspicious/noExplicitAny: a stand-in type
export type AppRouter = any;
// biome-ignore lint/suspicious/noExplicitAny: a stand-in value
export declare const trpc: any;
// The teams read's cache edits (features/teams/teamCache.ts), typed by the router too.
// biome-ignore lint/suspicious/noExplicitAny: a stand-in value
export declare const withRanking: any, withTeam: any, withoutTeam: any;
`;
/** The extra member: a session event like the others, which no case of the switch names. */
const EXTRA_MEMBER = "event('brand_new_event', sessionPayload({}), 'An event added without a client case.'),";

const RELATIVE_IMPORT = /(from\s+|import\s*\(\s*)'(\.[^']*)'/g;

function rewriteImports(text: string, map: (specifier: string) => string): string {
  return text.replace(RELATIVE_IMPORT, (_all, lead: string, specifier: string) => `${lead}'${map(specifier)}'`);
}

/** Copies contracts/ (extra member or not) and the switch into a fresh directory; returns the copy of the switch. */
function writeProgram(dir: string, withExtraMember: boolean): string {
  fs.mkdirSync(path.join(dir, 'contracts'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const name of fs.readdirSync(CONTRACTS).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    // Imports within contracts/ stay relative (so they reach the copies); the rest point at the real files.
    let text = rewriteImports(fs.readFileSync(path.join(CONTRACTS, name), 'utf8'), (s) =>
      s.startsWith('./') ? s : path.resolve(CONTRACTS, s),
    );
    if (name === 'events.ts') {
      const opening = "export const AppEvent = z.discriminatedUnion('type', [";
      if (!text.includes(opening)) throw new Error(`events.ts no longer declares the union as "${opening}"`);
      if (withExtraMember) text = text.replace(opening, `${opening}\n  ${EXTRA_MEMBER}`);
    }
    fs.writeFileSync(path.join(dir, 'contracts', name), text);
  }
  const source = rewriteImports(fs.readFileSync(path.join(LIVE, 'applyEventToCache.ts'), 'utf8'), (s) => {
    const target = SWITCH_IMPORTS[s];
    if (!target) throw new Error(`applyEventToCache.ts imports ${s}: say in SWITCH_IMPORTS where the copy finds it`);
    return target;
  });
  fs.writeFileSync(path.join(dir, 'stubs.ts'), STUBS);
  const copy = path.join(dir, 'applyEventToCache.ts');
  fs.writeFileSync(copy, source);
  // The project's options, but for the callbacks that the stubs leave untyped (their parameters are `any`).
  const compilerOptions = { types: [], noEmit: true, noImplicitAny: false };
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), compilerOptions, include: [], files: ['applyEventToCache.ts'] }),
  );
  return copy;
}

type Diagnostic = { file: string; line: number; message: string };

/** The project's compiler over the copy, its errors parsed from `file(line,col): error TSnnnn: message`. */
function compile(dir: string): Diagnostic[] {
  const run = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8', cwd: dir });
  const output = `${run.stdout}${run.stderr}`;
  const diagnostics = [...output.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+: (.*)$/gm)].map((m) => ({
    file: path.resolve(dir, m[1]!),
    line: Number(m[2]),
    message: m[3]!,
  }));
  if (run.status !== 0 && diagnostics.length === 0) throw new Error(`tsc failed without diagnostics: ${output}`);
  return diagnostics;
}

/** The 1-based line of `unhandledEvent(event)` in the switch's copy. */
function lineOfTheEnd(file: string): number {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.trim() === 'unhandledEvent(event);');
  if (index < 0) throw new Error('applyEventToCache.ts no longer ends its switch with unhandledEvent(event)');
  return index + 1;
}

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-exhaustive-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('applyEventToCache handles every member of AppEvent (checked by the compiler)', () => {
  it('compiles as it is: every member of the union has its case', () => {
    const dir = freshDir();
    writeProgram(dir, false);
    expect(compile(dir)).toEqual([]);
  }, 60_000);

  it('fails to compile at unhandledEvent(event) when the union gains a member no case names', () => {
    const dir = freshDir();
    const copy = writeProgram(dir, true);
    const diagnostics = compile(dir);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: copy, line: lineOfTheEnd(copy) });
    expect(diagnostics[0]?.message).toMatch(/brand_new_event.*not assignable to parameter of type 'never'/);
  }, 60_000);
});
