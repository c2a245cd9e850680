// The IWER emulator as a script for page.addInitScript, bundled with esbuild when a
// spec asks for it: it never goes through Vite, so it cannot reach the app's build.
import path from 'node:path';
import { build } from 'esbuild';

let bundled: Promise<string> | null = null;

export function iwerInitScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [path.resolve('e2e/support/iwer-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}
