const M_PER_KM = 1000;

/** A distance as a hunter reads it: whole metres below a kilometre, then km with one decimal. */
export function formatDistance(meters: number): string {
  if (!Number.isFinite(meters)) return '—';
  if (meters < M_PER_KM) return `${Math.round(meters)} m`;
  return `${(meters / M_PER_KM).toFixed(1)} km`;
}
