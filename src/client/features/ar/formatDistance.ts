/** A distance for the AR readout: "8.4 m" under 100 m, "240 m", "1.2 km". */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '—';
  if (metres < 100) return `${metres.toFixed(1)} m`;
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}
