// Team names and colours by id, for the comms feeds' team badges (issue 42).
import type { TeamLabels } from '../comms';

export function teamLabels(teams: readonly { id: number; name: string; color: string }[] | undefined): TeamLabels {
  return new Map((teams ?? []).map((t) => [t.id, { name: t.name, color: t.color }]));
}
