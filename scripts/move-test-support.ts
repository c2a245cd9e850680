// Moves the test harnesses out of the production tree (issue #41, decision 962), once:
//   src/server/testing/*                    -> test/support/*
//   src/server/routers/sessions/test-support.ts -> test/support/sessions.ts
//   src/server/http/test-support.ts        -> test/support/live-session-world.ts
// with `git mv`, then rewrites every relative import of every tracked TypeScript file (and the moved files'
// own imports), the few paths built at run time (`import.meta.url`/`import.meta.dirname` plus a relative
// path), the paths named in comments and docs (decision records excepted: they are history), and adds
// `test` to tsconfig.json's `include`. It checks that no reference to an old path is left.
//
// Run it on a clean tree from the project root: `npx tsx scripts/move-test-support.ts`, then
// `npx tsc --noEmit -p tsconfig.json` and an integration test, and commit. It refuses to run twice.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_DIR = 'test/support';
/** This script names the old paths on purpose: it is left as it is. */
const THIS_SCRIPT = 'scripts/move-test-support.ts';

/** Old path -> new path, relative to the root. */
function plannedMoves(): Map<string, string> {
  const moves = new Map<string, string>();
  for (const file of git('ls-files', 'src/server/testing').split('\n').filter(Boolean)) {
    moves.set(file, `${TARGET_DIR}/${path.posix.relative('src/server/testing', file)}`);
  }
  moves.set('src/server/routers/sessions/test-support.ts', `${TARGET_DIR}/sessions.ts`);
  moves.set('src/server/http/test-support.ts', `${TARGET_DIR}/live-session-world.ts`);
  return moves;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
}

const CODE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.d.ts', '.js', '/index.ts', '/index.tsx'];

/** The tracked file (root-relative, as before the move) an import `spec` written in `fromDir` names, if any. */
function resolveOld(fromDir: string, spec: string, tracked: Set<string>): { file: string; suffix: string } | null {
  const base = path.posix.normalize(path.posix.join(fromDir, spec));
  for (const suffix of RESOLVE_SUFFIXES) if (tracked.has(base + suffix)) return { file: base + suffix, suffix };
  return null;
}

function relativeSpec(fromDir: string, toFile: string, suffix: string): string {
  const withoutSuffix = suffix ? toFile.slice(0, -suffix.length) : toFile;
  const rel = path.posix.relative(fromDir, withoutSuffix);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Import specifiers: `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `require('…')`. */
const SPECIFIER = /(\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\bvi\.mock\(\s*|\brequire\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;
/** A path built at run time from this module's folder: `import.meta.url)), '../../..'`. */
const URL_RELATIVE = /(import\.meta\.url\)\),\s*)(['"])(\.{1,2}(?:\/[^'"\n]*)?)\2/g;
/** `path.join(import.meta.dirname, 'a', 'b.ts')`: string segments only. */
const DIRNAME_JOIN = /path\.(join|resolve)\(import\.meta\.dirname((?:,\s*'[^'\n]*')+)\)/g;

function rewriteFile(oldFile: string, text: string, moves: Map<string, string>, tracked: Set<string>): string {
  const newFile = moves.get(oldFile) ?? oldFile;
  const oldDir = path.posix.dirname(oldFile);
  const newDir = path.posix.dirname(newFile);
  let out = text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const target = resolveOld(oldDir, spec, tracked);
    if (!target) return whole;
    const movedTarget = moves.get(target.file) ?? target.file;
    if (movedTarget === target.file && newDir === oldDir) return whole;
    return `${lead}${quote}${relativeSpec(newDir, movedTarget, target.suffix)}${quote}`;
  });
  out = out.replace(URL_RELATIVE, (whole, lead: string, quote: string, rel: string) => {
    if (newDir === oldDir) return whole;
    const absolute = path.posix.normalize(path.posix.join(oldDir, rel));
    return `${lead}${quote}${path.posix.relative(newDir, absolute) || '.'}${quote}`;
  });
  out = out.replace(DIRNAME_JOIN, (whole, fn: string, segments: string) => {
    const parts = [...segments.matchAll(/'([^'\n]*)'/g)].map((m) => m[1] as string);
    const target = path.posix.normalize(path.posix.join(oldDir, ...parts));
    const movedTarget = moves.get(target) ?? target;
    if (movedTarget === target && newDir === oldDir) return whole;
    return `path.${fn}(import.meta.dirname, '${path.posix.relative(newDir, movedTarget)}')`;
  });
  return out;
}

/** Paths written in comments and docs: the old folder and files, with or without a leading `src/server/`. */
function rewriteMentions(text: string, moves: Map<string, string>): string {
  let out = text;
  for (const [from, to] of moves) out = out.split(from).join(to);
  return out.split('src/server/testing/').join(`${TARGET_DIR}/`);
}

/** Lines that still name an old path (git grep answers 1 when it finds none). */
function leftReferences(): string[] {
  try {
    return git('grep', '-n', '-E', 'server/testing|test-support', '--', '.', ':!docs/decisions', `:!${THIS_SCRIPT}`)
      .split('\n')
      .filter(Boolean);
  } catch (err) {
    if ((err as { status?: number }).status === 1) return [];
    throw err;
  }
}

function main(): void {
  const moves = plannedMoves();
  if (git('status', '--porcelain', '--untracked-files=no').trim()) throw new Error('Commit or stash your changes first: the move must be a commit of its own.');
  if (fs.existsSync(path.join(ROOT, TARGET_DIR))) throw new Error(`${TARGET_DIR} exists already: the move has been made.`);
  if (!fs.existsSync(path.join(ROOT, 'src/server/testing'))) throw new Error('src/server/testing is gone: nothing to move.');

  const tracked = new Set(git('ls-files').split('\n').filter(Boolean));
  const codeFiles = [...tracked].filter((file) => CODE.test(file) && file !== THIS_SCRIPT);
  // Read every file before the move, rewrite with the old layout in mind, write after it.
  const rewritten = new Map<string, string>();
  for (const file of codeFiles) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const updated = rewriteMentions(rewriteFile(file, text, moves, tracked), moves);
    if (updated !== text) rewritten.set(moves.get(file) ?? file, updated);
  }
  const textFiles = [...tracked].filter((file) => /\.(md|json|ya?ml)$/.test(file) && !file.startsWith('docs/decisions/'));
  for (const file of textFiles) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const updated = rewriteMentions(text, moves);
    if (updated !== text) rewritten.set(file, updated);
  }

  fs.mkdirSync(path.join(ROOT, TARGET_DIR), { recursive: true });
  for (const [from, to] of moves) git('mv', from, to);
  for (const [file, text] of rewritten) fs.writeFileSync(path.join(ROOT, file), text);

  const tsconfigPath = path.join(ROOT, 'tsconfig.json');
  const tsconfig = fs.readFileSync(tsconfigPath, 'utf8');
  if (!/"include":\s*\[[^\]]*"test"/.test(tsconfig)) {
    fs.writeFileSync(tsconfigPath, tsconfig.replace(/("include":\s*\[[^\]]*?)\s*\]/, '$1, "test"]'));
  }

  const left = leftReferences();
  git('add', '-A', TARGET_DIR, 'tsconfig.json', ...rewritten.keys());
  console.log(`Moved ${moves.size} files to ${TARGET_DIR}/ and rewrote ${rewritten.size} files.`);
  if (left.length > 0) {
    console.error(`References to the old paths are left, fix them by hand:\n${left.join('\n')}`);
    process.exitCode = 1;
  }
  console.log('Next: npx tsc --noEmit -p tsconfig.json, an integration test, npx biome check --write test, then commit.');
}

main();
