// A session's team settings in a few words (Run again, saved layouts, HQ's Teams panel).
import type { TeamSettings } from './TeamModeFields';

export const TEAM_MODE_LABELS: Record<TeamSettings['teamMode'], string> = {
  solo: 'Solo',
  open: 'Open teams',
  assigned: 'Assigned teams',
};

/** 'Solo (no teams)' or 'Assigned teams of up to 4, no switching after the start'. */
export function teamSettingsSummary(s: TeamSettings): string {
  if (s.teamMode === 'solo') return 'Solo (no teams)';
  const switching = s.teamSwitchAfterStart ? 'switching allowed after the start' : 'no switching after the start';
  return `${TEAM_MODE_LABELS[s.teamMode]} of up to ${s.maxTeamSize}, ${switching}`;
}
