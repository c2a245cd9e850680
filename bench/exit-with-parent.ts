// Benchmark children end with their benchmark. A child whose parent died (an uncaught error,
// a missing browser) would keep its server, sockets and database open, and the next
// measurement on the same machine would share the cores with it.
import type { ChildProcess } from 'node:child_process';

/**
 * In a forked child, first thing (before any setup it awaits): exit as soon as the parent's IPC channel closes
 * (the parent is gone), or at once if it has closed already. Not forked (no channel): nothing to follow.
 */
export function exitWithParent(): void {
  if (!process.send) return;
  if (!process.connected) process.exit(1);
  process.once('disconnect', () => process.exit(1));
}

/**
 * In the parent: kills `child` when this process exits, however it exits ('exit' also runs
 * after an uncaught error). Answers the undo, for a child stopped the normal way.
 */
export function killOnExit(child: ChildProcess): () => void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  return () => process.off('exit', kill);
}
