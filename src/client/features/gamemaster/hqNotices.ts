// Mission HQ's notices: the spec's failure texts (live-play section 8) exactly,
// and success titles where the spec is silent.
import { errorMessage, errorStatus, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';

export const HQ_FAILURE = {
  createTitle: 'Session Creation Failed',
  create: 'Failed to create session',
  start: (reason: string) => `Failed to start session: ${reason}`,
  pause: 'Failed to pause mission',
  resume: 'Failed to resume mission.',
  end: 'Failed to end mission',
  clear: 'Failed to clear dinosaurs',
  deploy: 'Failed to deploy dinosaur',
} as const;

export const HQ_SUCCESS = {
  created: 'Session Created',
  started: 'Mission Started',
  scheduled: 'Mission Scheduled',
  paused: 'Mission Paused',
  resumed: 'Mission Resumed',
  ended: 'Mission Ended',
  cleared: 'Dinosaurs Cleared',
} as const;

/** Statuses whose message is the server's human reason (validation, rules); others get the spec's fixed text. */
const REASONED = new Set([400, 403, 404, 409, 429]);

/** The server's reason when it gave one, else `fallback`. */
export function serverReason(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  return status !== undefined && REASONED.has(status) ? errorMessage(error, fallback) : fallback;
}

/**
 * A failed mutation's notice. Unauthorized answers are left to the QueryClient,
 * which shows 'Unauthorized: You are logged out. Logging in again...' and
 * redirects: a second notice would replace that one.
 */
export function notifyHqFailure(error: unknown, title: string, description?: string) {
  if (isUnauthorized(error)) return;
  notify({ title, description, variant: 'destructive' });
}
