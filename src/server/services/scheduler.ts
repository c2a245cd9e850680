// The session clock in the process: on start and every SCHEDULER_TICK_MS it
// starts due scheduled sessions and ends expired ones (completionStatus
// time_expired). Everything is computed from stored timestamps, so a restart
// loses nothing; reads also apply due transitions themselves (refreshSession).
import { SCHEDULER_TICK_MS } from '../../domain/rules';
import type { AppDeps } from '../deps';
import { runDueTransitions } from './game-sessions';

export type Scheduler = {
  /** Stops the clock; resolves once a tick still running has finished (the database may then close). */
  stop: () => Promise<void>;
  /** Runs the due transitions now (or joins the tick already running); resolves to how many sessions changed. */
  tick: () => Promise<number>;
};

export function startScheduler(deps: AppDeps, tickMs: number = SCHEDULER_TICK_MS): Scheduler {
  let running: Promise<number> | undefined;
  const run = async () => {
    try {
      return await runDueTransitions(deps);
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
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    tick,
  };
}
