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

/**
 * Under the verdict: darts left and the species' observation rate (captureRate x 100 %, computed by the
 * server). A miss in range says why (issue #46): a dart succeeds by chance, at that rate.
 */
export function verdictDescription(result: Pick<ObservationResult, 'outcome' | 'dartsRemaining' | 'observationRate'>): string {
  const figures = `Darts left: ${result.dartsRemaining} · Observation rate: ${result.observationRate}%`;
  return result.outcome === 'missed' ? `${chanceNote(result.observationRate)} ${figures}` : figures;
}

/** 'Each dart succeeds by chance: 40% of them for this species. Try again.' */
export function chanceNote(observationRate: number): string {
  return `Each dart succeeds by chance: ${observationRate}% of them for this species. Try again.`;
}
