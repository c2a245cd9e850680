// The session clock: on start and every SCHEDULER_TICK_MS it starts due scheduled
// sessions and ends expired ones (completionStatus time_expired), on the process
// that leads (deps.leadership, decision 889: one runner across a cluster; a process
// that becomes the leader ticks at once). Everything is computed from stored
// timestamps, so a restart or a hand-over loses nothing; reads also apply due
// transitions themselves (refreshSession), and every transition is conditional in
// the database, so a second runner changes nothing.
import { SCHEDULER_TICK_MS } from './limits';
import type { AppDeps } from '../deps';
import { runDueTransitions } from './game-sessions';

export type Scheduler = {
  /** Stops the clock; resolves once a tick still running has finished (the database may then close). */
  stop: () => Promise<void>;
  /**
   * Runs the due transitions now if this process leads (or joins the tick already running);
   * resolves to how many sessions changed (0 on a process that does not lead).
   */
  tick: () => Promise<number>;
};

export function startScheduler(deps: AppDeps, tickMs: number = SCHEDULER_TICK_MS): Scheduler {
  const { leadership } = deps;
  let running: Promise<number> | undefined;
  const run = async () => {
    try {
      // A leader that loses its lock mid-tick stops between sessions.
      return (await leadership.runAsLeader(() => runDueTransitions(deps, { stop: () => !leadership.isLeader() }))) ?? 0;
    } catch (err) {
      deps.log.error({ err }, 'session scheduler tick failed');
      return 0;
    } finally {
      running = undefined;
    }
  };
  // One tick at a time: a slow one is joined, not doubled, by the next.
  const tick = () => {
    running ??= run();
    return running;
  };
  // Fire and forget: a tick never rejects (it logs its own failure).
  void tick();
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  // Taking over: what fell due while no process led runs now, not at the next tick.
  const unsubscribe = leadership.onChange((leader) => {
    if (leader) void tick();
  });
  return {
    stop: async () => {
      clearInterval(timer);
      unsubscribe();
      await running;
    },
    tick,
  };
}
