/** The observation rate shown to players: captureRate x 100, as a whole percent (live-play spec, section 4). */
export function observationRateLabel(captureRate: number | null | undefined): string {
  if (typeof captureRate !== 'number' || !Number.isFinite(captureRate)) return '—';
  return `${Math.round(captureRate * 100)}%`;
}
