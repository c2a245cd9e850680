// The observation notices, worded as the live-play spec's error catalogue (section 8).
import type { ObservationResult } from './types';

export const OBSERVE_MESSAGES = {
  noTarget: { title: 'Observation Failed', description: 'No dinosaur found to observe' },
  noSession: { title: 'Session Error', description: 'No active session' },
  notActive: { title: 'Session Error', description: 'The session is not active' },
  noHunter: { title: 'Session Error', description: 'No hunter identity: sign in or join the session again' },
  failedTitle: 'Shot Failed',
  failedFallback: 'Failed to capture dinosaur',
} as const;

/** Darts left and the species' observation rate (captureRate x 100 %, computed by the server). */
export function verdictDescription(result: ObservationResult): string {
  return `Darts left: ${result.dartsRemaining} · Observation rate: ${result.observationRate}%`;
}
