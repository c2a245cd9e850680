// A hunter's team on the phone (issue 42; Hunter Terminal's Brief and Field Operations): in a team,
// its name, colour, "team size current/max", live rank, members and join code to share, with
// switch and leave where the session allows; without one in an open session, create a team with a
// name, join one from the list, or join by code. Each refusal is said in the server's words (a full
// team, a locked one, a wrong code, a switch the game master does not allow). Thumb-sized controls.
import { Alert, Badge, Box, Button, CopyButton, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconDoorExit, IconLock, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_TEAM_NAME_LENGTH, TEAM_CODE_LENGTH } from '../../../domain/rules';
import { joinRefusal, teamChangeRefusal } from '../../../domain/teams';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { TeamRanking } from './TeamRanking';
import { TeamSwatch } from './TeamSwatch';
import { textOn } from './teamColour';
import type { SessionTeams, Team } from './types';

type SessionFacts = { id: number; status: string; hunterHandle?: string | undefined };

type Props = {
  session: SessionFacts;
  teams: SessionTeams | undefined;
  loading?: boolean;
};

export function HunterTeamCard({ session, teams, loading = false }: Props) {
  if (!teams || teams.teamMode === 'solo') {
    return loading ? (
      <Text size="sm" c="dimmed">
        Loading teams…
      </Text>
    ) : null;
  }
  const mine = teams.teams.find((t) => t.id === teams.myTeamId) ?? null;
  return (
    <Stack gap="sm" data-testid="hunter-team">
      {mine ? <OwnTeam session={session} teams={teams} team={mine} /> : <NoTeam session={session} teams={teams} />}
      {teams.teams.length > 0 && (
        <Box>
          <Text size="xs" fw={800} tt="uppercase" c="dark.4" mb={4}>
            Team ranking
          </Text>
          <TeamRanking teams={teams.teams} ownTeamId={mine?.id ?? null} compact />
        </Box>
      )}
    </Stack>
  );
}

/** The team mutations of a hunter, each refusal shown where the hunter looks (and as a notice). */
function useHunterTeamActions(sessionId: number) {
  const utils = trpc.useUtils();
  const [problem, setProblem] = useState<string | null>(null);
  const done = async () => {
    setProblem(null);
    await utils.teams.list.invalidate({ id: sessionId });
  };
  const failed = (title: string) => (error: unknown) => {
    if (isUnauthorized(error)) return;
    const reason = errorMessage(error, 'Please try again.');
    setProblem(reason);
    notify({ title, description: reason, variant: 'destructive' });
  };
  return {
    problem,
    clearProblem: () => setProblem(null),
    create: trpc.teams.create.useMutation({
      onSuccess: async (team) => {
        notify({ title: 'Team created', description: `You lead "${team.name}". Share its code with your friends.` });
        await done();
      },
      onError: failed('Team not created'),
    }),
    join: trpc.teams.join.useMutation({ onSuccess: done, onError: failed('Could not join the team') }),
    joinByCode: trpc.teams.joinByCode.useMutation({ onSuccess: done, onError: failed('Could not join the team') }),
    leave: trpc.teams.leave.useMutation({ onSuccess: done, onError: failed('Could not leave the team') }),
  };
}

function OwnTeam({ session, teams, team }: { session: SessionFacts; teams: SessionTeams; team: Team }) {
  const actions = useHunterTeamActions(session.id);
  const [switching, setSwitching] = useState(false);
  const changeRefusal = teamChangeRefusal({ ...teams, mode: teams.teamMode, status: session.status, currentTeamId: team.id });
  return (
    <Paper withBorder radius="md" p="sm" style={{ borderTop: `8px solid ${team.color}` }} data-testid="own-team">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <TeamSwatch color={team.color} size={18} />
          <Text fw={900} fz="lg" truncate data-testid="own-team-name">
            {team.name}
          </Text>
        </Group>
        <Badge size="lg" radius="sm" bg={team.color} c={textOn(team.color)} style={{ flexShrink: 0 }} data-testid="own-team-rank">
          #{team.score.rank} of {teams.teams.length}
        </Badge>
      </Group>
      <Group gap="md" mt={6}>
        <Text size="sm">
          <Text span fw={800}>
            Team size
          </Text>{' '}
          <span data-testid="own-team-size">
            {team.memberCount}/{team.maxSize}
          </span>
        </Text>
        {team.locked && (
          <Badge color="dark.6" leftSection={<IconLock size={12} aria-hidden />}>
            Locked
          </Badge>
        )}
      </Group>
      <Stack component="ul" gap={2} mt={6} mb={0} p={0} style={{ listStyle: 'none' }} aria-label="Team members" data-testid="own-team-members">
        {team.members.map((m) => (
          <Text component="li" key={m.playerId} size="sm" fw={m.hunterName === session.hunterHandle ? 800 : 500}>
            {m.hunterName}
            {m.hunterName === session.hunterHandle ? ' (you)' : ''}
          </Text>
        ))}
      </Stack>
      {team.code && (
        <Group gap={6} mt={8} wrap="nowrap">
          <Text size="sm" fw={700}>
            Team code
          </Text>
          <Text ff="monospace" fw={900} fz="xl" data-testid="own-team-code">
            {team.code}
          </Text>
          <CopyButton value={team.code}>
            {({ copied, copy }) => (
              <Button size="compact-md" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      {teams.teamMode === 'open' && session.status !== 'completed' && (
        <>
          <Divider my="sm" />
          {changeRefusal ? (
            <Text size="sm" c="dark.4" data-testid="switch-refusal">
              {changeRefusal}.
            </Text>
          ) : (
            <SimpleGrid cols={2} spacing="xs">
              <Button size="md" px="xs" variant="light" onClick={() => setSwitching((s) => !s)} aria-expanded={switching}>
                Switch team
              </Button>
              <Button
                size="md"
                px="xs"
                variant="outline"
                color="red.8"
                leftSection={<IconDoorExit size={18} aria-hidden />}
                loading={actions.leave.isPending}
                onClick={() => actions.leave.mutate({ id: session.id })}
              >
                Leave team
              </Button>
            </SimpleGrid>
          )}
          {switching && !changeRefusal && <JoinOptions session={session} teams={teams} currentTeamId={team.id} actions={actions} />}
        </>
      )}
      {actions.problem && <Problem text={actions.problem} onClose={actions.clearProblem} />}
    </Paper>
  );
}

function NoTeam({ session, teams }: { session: SessionFacts; teams: SessionTeams }) {
  const actions = useHunterTeamActions(session.id);
  const [name, setName] = useState('');
  if (teams.teamMode === 'assigned') {
    return (
      <Alert color="blue" variant="light" icon={<IconUsersGroup aria-hidden />} title="Waiting for your team" data-testid="no-team">
        The game master places every hunter in a team. Your team shows here as soon as you are in one.
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="no-team">
      <Text fw={800} mb={4}>
        Team up
      </Text>
      <Text size="sm" c="dark.4" mb="xs">
        Create a team and share its code, or join your friends' team.
      </Text>
      {session.status !== 'completed' && (
        <form
          noValidate
          aria-label="Create a team"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') return;
            actions.create.mutate({ id: session.id, name }, { onSuccess: () => setName('') });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              size="md"
              label="Team name"
              placeholder="e.g. Raptors"
              maxLength={MAX_TEAM_NAME_LENGTH}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                actions.clearProblem();
              }}
            />
            <Button type="submit" size="md" loading={actions.create.isPending} disabled={name.trim() === ''}>
              Create
            </Button>
          </Group>
        </form>
      )}
      <JoinOptions session={session} teams={teams} currentTeamId={null} actions={actions} />
      {actions.problem && <Problem text={actions.problem} onClose={actions.clearProblem} />}
    </Paper>
  );
}

/** The teams to join from the list (with why one cannot be joined) and the join-by-code field. */
function JoinOptions({
  session,
  teams,
  currentTeamId,
  actions,
}: {
  session: SessionFacts;
  teams: SessionTeams;
  currentTeamId: number | null;
  actions: ReturnType<typeof useHunterTeamActions>;
}) {
  const [code, setCode] = useState('');
  const others = teams.teams.filter((t) => t.id !== currentTeamId);
  return (
    <Stack gap="xs" mt="sm">
      {others.length > 0 && (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Teams to join">
          {others.map((t) => {
            const refusal = joinRefusal({
              mode: teams.teamMode,
              status: session.status,
              teamSwitchAfterStart: teams.teamSwitchAfterStart,
              currentTeamId,
              team: t,
              withCode: false,
            });
            return (
              <Group component="li" key={t.id} gap="xs" wrap="nowrap" justify="space-between" data-testid="joinable-team" data-team={t.name}>
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <TeamSwatch color={t.color} size={14} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={700} size="sm" truncate>
                      {t.name}
                    </Text>
                    <Text size="xs" c="dark.4">
                      {t.memberCount}/{t.maxSize} hunters{t.locked ? ' · locked: code only' : ''}
                    </Text>
                  </Stack>
                </Group>
                <Button
                  size="md"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  disabled={refusal !== null}
                  title={refusal ?? undefined}
                  loading={actions.join.isPending && actions.join.variables?.teamId === t.id}
                  onClick={() => actions.join.mutate({ id: session.id, teamId: t.id })}
                  aria-label={refusal ? `${t.name}: ${refusal}` : `Join ${t.name}`}
                >
                  {t.memberCount >= t.maxSize ? 'Full' : t.locked ? 'Locked' : 'Join'}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      <form
        noValidate
        aria-label="Join a team by code"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim() === '') return;
          actions.joinByCode.mutate({ id: session.id, code }, { onSuccess: () => setCode('') });
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="md"
            label="Team code"
            placeholder="e.g. K7M2QX"
            maxLength={TEAM_CODE_LENGTH * 2}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              actions.clearProblem();
            }}
            styles={{ input: { fontFamily: 'monospace', fontWeight: 800, letterSpacing: 2 } }}
          />
          <Button type="submit" size="md" variant="filled" loading={actions.joinByCode.isPending} disabled={code.trim() === ''}>
            Join by code
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function Problem({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Alert color="red" variant="light" mt="sm" withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="alert" data-testid="team-problem">
      {text}
    </Alert>
  );
}
