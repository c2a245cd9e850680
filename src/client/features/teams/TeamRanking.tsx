// The teams' ranking (decision 973: unique species, then observations, then darts accuracy; ties by
// who reached the score first), live from team_ranking events. HQ shows every team; a hunter's
// screen shows the same list with their own team marked.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { TeamSwatch } from './TeamSwatch';
import type { Team } from './types';

type Props = {
  teams: readonly Pick<Team, 'id' | 'name' | 'color' | 'memberCount' | 'score'>[];
  /** The viewer's own team, marked "You". */
  ownTeamId?: number | null;
  compact?: boolean;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function scoreLine(score: Team['score']): string {
  return `${plural(score.uniqueSpecies, 'species', 'species')} · ${plural(score.observations, 'observation', 'observations')} · ${score.accuracy}% accuracy`;
}

export function TeamRanking({ teams, ownTeamId = null, compact = false }: Props) {
  if (teams.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No teams yet.
      </Text>
    );
  }
  const ranked = [...teams].sort((a, b) => a.score.rank - b.score.rank || a.id - b.id);
  return (
    <Stack component="ol" gap={compact ? 4 : 6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Team ranking" data-testid="team-ranking">
      {ranked.map((t) => {
        const own = t.id === ownTeamId;
        return (
          <Group
            component="li"
            key={t.id}
            gap="xs"
            wrap="nowrap"
            px={6}
            py={compact ? 2 : 4}
            style={{ borderRadius: 6, background: own ? 'var(--mantine-color-jungle-0)' : undefined, borderLeft: `5px solid ${t.color}` }}
            data-testid="team-ranking-row"
            data-team={t.name}
            data-rank={t.score.rank}
          >
            <Text fw={900} fz={compact ? 'md' : 'lg'} w={36} ta="right" style={{ flexShrink: 0 }}>
              #{t.score.rank}
            </Text>
            <TeamSwatch color={t.color} />
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={800} size="sm" truncate>
                  {t.name}
                </Text>
                {own && (
                  <Badge size="xs" color="jungle.9" style={{ flexShrink: 0 }}>
                    You
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dark.4" data-testid="team-score">
                {scoreLine(t.score)}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
