// The session clock in the process: on start and every SCHEDULER_TICK_MS it
// starts due scheduled sessions and ends expired ones (completionStatus
// time_expired). Everything is computed from stored timestamps, so a restart
// loses nothing; reads also apply due transitions themselves (refreshSession).
import { SCHEDULER_TICK_MS } from '../../domain/rules';
import type { AppDeps } from '../deps';
import { runDueTransitions } from './game-sessions';

export type Scheduler = { stop: () => void; tick: () => number };

export function startScheduler(deps: AppDeps, tickMs: number = SCHEDULER_TICK_MS): Scheduler {
  const tick = () => {
    try {
      return runDueTransitions(deps);
    } catch (err) {
      deps.log.error({ err }, 'session scheduler tick failed');
      return 0;
    }
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
