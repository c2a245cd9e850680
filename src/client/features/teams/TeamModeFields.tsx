// A session's team settings (issue #42), shared by the create form, its edit, Run again and
// saved layouts: the mode (solo, open, assigned), the largest team (2 up to the session's
// player cap) and whether hunters may change team once the hunt has started.
import { NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';

export type TeamMode = 'solo' | 'open' | 'assigned';
export type TeamSettings = { teamMode: TeamMode; maxTeamSize: number; teamSwitchAfterStart: boolean };

/** The smallest team worth the name. */
export const MIN_TEAM_SIZE_FIELD = 2;

const MODE_HELP: Record<TeamMode, string> = {
  solo: 'Every hunter plays alone (no teams).',
  open: 'Hunters make a team with a name, or join one from the list or by its code.',
  assigned: 'You create the teams and place the hunters (drag them, or auto-balance).',
};

export function TeamModeFields({
  value,
  onChange,
  maxPlayers,
  disabled = false,
  error,
}: {
  value: TeamSettings;
  onChange: (next: TeamSettings) => void;
  /** The session's player cap: no team may be larger. */
  maxPlayers: number;
  disabled?: boolean;
  error?: string | null;
}) {
  const labelId = useId();
  const cap = Math.max(MIN_TEAM_SIZE_FIELD, maxPlayers);
  return (
    <Stack gap={6} data-testid="team-mode-fields">
      <Text size="sm" fw={500} id={labelId}>
        Teams
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        disabled={disabled}
        value={value.teamMode}
        onChange={(mode) => onChange({ ...value, teamMode: mode as TeamMode })}
        data={[
          { value: 'solo', label: 'Solo' },
          { value: 'open', label: 'Open teams' },
          { value: 'assigned', label: 'Assigned teams' },
        ]}
      />
      <Text size="xs" c="dimmed">
        {MODE_HELP[value.teamMode]}
      </Text>
      {value.teamMode !== 'solo' && (
        <>
          <NumberInput
            label="Max team size"
            description={`2 to ${cap} hunters (the session's player cap)`}
            min={MIN_TEAM_SIZE_FIELD}
            max={cap}
            clampBehavior="strict"
            allowDecimal={false}
            disabled={disabled}
            value={value.maxTeamSize}
            onChange={(v) => onChange({ ...value, maxTeamSize: typeof v === 'number' ? v : MIN_TEAM_SIZE_FIELD })}
            error={error ?? undefined}
          />
          <Switch
            label="Hunters may switch team after the start"
            description="Off: teams are fixed once the hunt starts (you can still move hunters)."
            disabled={disabled}
            checked={value.teamSwitchAfterStart}
            onChange={(e) => onChange({ ...value, teamSwitchAfterStart: e.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}
