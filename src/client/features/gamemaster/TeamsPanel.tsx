// Teams at Mission HQ (issue 42): the session's team settings (its edit), then in a team session the
// ranking, a new team, auto-balance, and one card per team: rename, lock, delete, its join code and
// its hunters. Hunters move by dragging them between cards, or (keyboard, touch) with each hunter's
// "Move" menu. Every change answers through the team_* events; refusals are the server's words.
import { ActionIcon, Badge, Button, Center, CopyButton, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconCheck,
  IconCopy,
  IconDotsVertical,
  IconGripVertical,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type DragEvent, memo, useState } from 'react';
import { MAX_TEAM_NAME_LENGTH, MAX_TEAMS_PER_SESSION, POLL_GM_HUNTER_STATS_MS } from '../../../domain/rules';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { TeamRanking } from '../teams/TeamRanking';
import { TeamSettingsEditor } from './TeamSettingsEditor';
import { TeamSwatch } from '../teams/TeamSwatch';
import type { SessionTeams, Team, TeamMember } from '../teams/types';
import { useSessionTeams } from '../teams/useSessionTeams';
import { ConfirmDialog } from './ConfirmDialog';
import { notifyHqFailure, serverReason } from './hqNotices';
import { Panel } from './Panel';
import type { HqSession } from './types';

/** The drag payload's type: a hunter and the team they are dragged from ('' for none). */
const DRAG_TYPE = 'application/x-dinohunt-hunter';

type Move = (member: TeamMember, fromTeamId: number | null, toTeamId: number | null) => void;

export const TeamsPanel = memo(function TeamsPanel({ session }: { session: HqSession | null }) {
  const teamSession = session !== null && session.teamMode !== 'solo';
  const teams = useSessionTeams(session?.id ?? null, { enabled: teamSession, pollMs: POLL_GM_HUNTER_STATS_MS });
  const data = teamSession ? teams.data : undefined;
  return (
    <Panel
      title="Teams"
      icon={<IconUsersGroup size={20} aria-hidden />}
      testId="teams-panel"
      aside={data ? <Badge variant="light" color="jungle">{`${data.teams.length}/${MAX_TEAMS_PER_SESSION} teams`}</Badge> : null}
    >
      {session === null ? (
        <Text size="sm" c="dimmed">
          Select a session to set up its teams.
        </Text>
      ) : (
        <Stack gap="md">
          <TeamSettingsEditor session={session} />
          {teamSession &&
            (teams.isLoading ? (
              <Center py="sm">
                <Loader size="sm" role="status" aria-label="Loading teams" />
              </Center>
            ) : data ? (
              <TeamBoard sessionId={session.id} data={data} ended={session.status === 'completed'} />
            ) : (
              <Text size="sm" c="red.8">
                The teams could not be loaded.
              </Text>
            ))}
        </Stack>
      )}
    </Panel>
  );
});

function useTeamMutations(sessionId: number) {
  const utils = trpc.useUtils();
  const done = () => utils.teams.list.invalidate({ id: sessionId });
  const failed = (title: string, fallback: string) => (error: unknown) => notifyHqFailure(error, title, serverReason(error, fallback));
  return {
    create: trpc.teams.create.useMutation({ onSuccess: done, onError: failed('Team not created', 'The team could not be created') }),
    update: trpc.teams.update.useMutation({ onSuccess: done, onError: failed('Team not changed', 'The team could not be changed') }),
    remove: trpc.teams.delete.useMutation({ onSuccess: done, onError: failed('Team not deleted', 'The team could not be deleted') }),
    assign: trpc.teams.assign.useMutation({ onSuccess: done, onError: failed('Hunter not moved', 'The hunter could not be moved') }),
    unassign: trpc.teams.removeMember.useMutation({ onSuccess: done, onError: failed('Hunter not removed', 'The hunter could not be removed from the team') }),
    balance: trpc.teams.autoBalance.useMutation({
      onSuccess: async (res) => {
        const left = res.unplaced > 0 ? ` ${res.unplaced} left without a team: every team is full.` : '';
        notify({ title: 'Teams balanced', description: `${res.moved} ${res.moved === 1 ? 'hunter' : 'hunters'} moved.${left}` });
        await done();
      },
      onError: failed('Teams not balanced', 'The teams could not be balanced'),
    }),
  };
}

function TeamBoard({ sessionId, data, ended }: { sessionId: number; data: SessionTeams; ended: boolean }) {
  const m = useTeamMutations(sessionId);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Team | null>(null);
  const move: Move = (member, fromTeamId, toTeamId) => {
    if (fromTeamId === toTeamId) return;
    if (toTeamId === null) {
      if (fromTeamId !== null) m.unassign.mutate({ id: sessionId, teamId: fromTeamId, playerId: member.playerId });
      return;
    }
    m.assign.mutate({ id: sessionId, teamId: toTeamId, playerId: member.playerId });
  };
  const targets = data.teams.map((t) => ({ id: t.id, name: t.name, full: t.memberCount >= t.maxSize }));
  const full = data.teams.length >= MAX_TEAMS_PER_SESSION;

  return (
    <Stack gap="sm">
      {!ended && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <form
            noValidate
            aria-label="Create a team"
            style={{ flex: '1 1 260px' }}
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim() === '') return;
              m.create.mutate({ id: sessionId, name }, { onSuccess: () => setName('') });
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="New team"
                placeholder="e.g. Raptors"
                maxLength={MAX_TEAM_NAME_LENGTH}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                disabled={full}
              />
              <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={m.create.isPending} disabled={full || name.trim() === ''}>
                Create team
              </Button>
            </Group>
          </form>
          <Tooltip label="Hunters without a team join the smallest teams, then teams are evened out" withArrow multiline w={260}>
            <Button
              variant="light"
              leftSection={<IconArrowsShuffle size={16} aria-hidden />}
              loading={m.balance.isPending}
              disabled={data.teams.length === 0}
              onClick={() => m.balance.mutate({ id: sessionId })}
            >
              Auto-balance
            </Button>
          </Tooltip>
        </Group>
      )}
      {data.teams.length > 0 && (
        <Paper withBorder p="xs" radius="md">
          <Text size="xs" fw={800} tt="uppercase" c="dark.4" mb={4}>
            Ranking (live)
          </Text>
          <TeamRanking teams={data.teams} compact />
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {data.teams.map((team) => (
          <TeamCard
            key={team.id}
            sessionId={sessionId}
            team={team}
            targets={targets}
            move={move}
            editable={!ended}
            onRename={(next) => m.update.mutate({ id: sessionId, teamId: team.id, name: next })}
            onLock={(locked) => m.update.mutate({ id: sessionId, teamId: team.id, locked })}
            onDelete={() => setDeleting(team)}
          />
        ))}
        <Column
          title="No team"
          color={null}
          teamId={null}
          members={data.unassigned}
          targets={targets}
          move={move}
          editable={!ended}
          empty="Every hunter is in a team."
        />
      </SimpleGrid>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this team?"
        message={`"${deleting?.name ?? ''}" will be deleted. Its hunters stay in the session without a team; its results so far are kept with each hunter.`}
        confirmLabel="Delete team"
        pending={m.remove.isPending}
        onConfirm={() => deleting && m.remove.mutate({ id: sessionId, teamId: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

type CardProps = {
  sessionId: number;
  team: Team;
  targets: { id: number; name: string; full: boolean }[];
  move: Move;
  editable: boolean;
  onRename: (name: string) => void;
  onLock: (locked: boolean) => void;
  onDelete: () => void;
};

function TeamCard({ team, targets, move, editable, onRename, onLock, onDelete }: CardProps) {
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(team.name);
  const header = (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        {renaming ? (
          <form
            noValidate
            aria-label={`Rename team ${team.name}`}
            style={{ flex: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              if (draft.trim() && draft.trim() !== team.name) onRename(draft);
              setRenaming(false);
            }}
          >
            <Group gap={4} wrap="nowrap">
              <TextInput size="xs" style={{ flex: 1 }} aria-label="Team name" value={draft} maxLength={MAX_TEAM_NAME_LENGTH} onChange={(e) => setDraft(e.currentTarget.value)} data-autofocus autoFocus />
              <Button size="compact-sm" type="submit">
                Save
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <TeamSwatch color={team.color} size={14} />
            <Text fw={800} truncate data-testid="team-name">
              {team.name}
            </Text>
          </Group>
        )}
        {editable && !renaming && (
          <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Tooltip label={`Rename ${team.name}`} withArrow>
              <ActionIcon
                variant="subtle"
                color="dark.6"
                aria-label={`Rename ${team.name}`}
                onClick={() => {
                  setDraft(team.name);
                  setRenaming(true);
                }}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={team.locked ? `Unlock ${team.name}: anyone may join from the list` : `Lock ${team.name}: joined only with its code`} withArrow multiline w={220}>
              <ActionIcon variant={team.locked ? 'filled' : 'subtle'} color="dark.6" aria-label={team.locked ? `Unlock ${team.name}` : `Lock ${team.name}`} aria-pressed={team.locked} onClick={() => onLock(!team.locked)}>
                {team.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={`Delete ${team.name}`} withArrow>
              <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${team.name}`} onClick={onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Badge variant={team.memberCount >= team.maxSize ? 'filled' : 'outline'} color={team.memberCount >= team.maxSize ? 'red.9' : 'dark.7'} data-testid="team-size">
          {team.memberCount}/{team.maxSize} hunters
        </Badge>
        <Badge variant="outline" color="dark.7" aria-label={`Rank ${team.score.rank}`}>
          #{team.score.rank}
        </Badge>
        {team.locked && (
          <Badge variant="filled" color="dark.6" leftSection={<IconLock size={10} aria-hidden />}>
            Locked
          </Badge>
        )}
      </Group>
      {team.code && <TeamCode code={team.code} teamName={team.name} />}
    </Stack>
  );
  return (
    <Column
      title={team.name}
      color={team.color}
      teamId={team.id}
      header={header}
      members={team.members}
      targets={targets}
      move={move}
      editable={editable}
      empty="No hunters yet: drag one here, or use a hunter's Move menu."
    />
  );
}

function TeamCode({ code, teamName }: { code: string; teamName: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dark.5">
        Code
      </Text>
      <Text ff="monospace" fw={800} fz="md" data-testid="team-code">
        {code}
      </Text>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <ActionIcon variant="subtle" color={copied ? 'green.9' : 'gray.8'} onClick={copy} aria-label={copied ? 'Copied' : `Copy the code of ${teamName}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

type ColumnProps = {
  title: string;
  color: string | null;
  teamId: number | null;
  header?: React.ReactNode;
  members: readonly TeamMember[];
  targets: { id: number; name: string; full: boolean }[];
  move: Move;
  editable: boolean;
  empty: string;
};

/** A team's card (or the hunters without a team): a drop target for dragged hunters. */
function Column({ title, color, teamId, header, members, targets, move, editable, empty }: ColumnProps) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => editable && e.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <Paper
      component="section"
      aria-label={teamId === null ? 'Hunters without a team' : `Team ${title}`}
      withBorder
      radius="md"
      p="xs"
      data-testid={teamId === null ? 'team-unassigned' : 'team-card'}
      data-team={teamId === null ? undefined : title}
      style={{
        borderTop: `6px solid ${color ?? 'var(--mantine-color-gray-5)'}`,
        outline: over ? '3px dashed var(--mantine-color-jungle-7)' : undefined,
        outlineOffset: 2,
      }}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const dragged = JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as { member: TeamMember; from: number | null };
        move(dragged.member, dragged.from, teamId);
      }}
    >
      {header ?? (
        <Text fw={800} c="dark.6">
          {title}
        </Text>
      )}
      <Stack component="ul" gap={4} mt="xs" mb={0} p={0} style={{ listStyle: 'none' }}>
        {members.length === 0 ? (
          <Text component="li" size="xs" c="dimmed">
            {empty}
          </Text>
        ) : (
          members.map((member) => (
            <MemberRow key={member.playerId} member={member} teamId={teamId} targets={targets} move={move} editable={editable} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

function MemberRow({
  member,
  teamId,
  targets,
  move,
  editable,
}: {
  member: TeamMember;
  teamId: number | null;
  targets: { id: number; name: string; full: boolean }[];
  move: Move;
  editable: boolean;
}) {
  const others = targets.filter((t) => t.id !== teamId);
  return (
    <Group
      component="li"
      gap={4}
      wrap="nowrap"
      justify="space-between"
      px={4}
      py={2}
      bg="gray.0"
      style={{ borderRadius: 6, cursor: editable ? 'grab' : undefined }}
      draggable={editable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ member, from: teamId }));
        e.dataTransfer.effectAllowed = 'move';
      }}
      data-testid="team-member"
      data-hunter={member.hunterName}
    >
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        {editable && <IconGripVertical size={14} aria-hidden color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />}
        <Text size="sm" fw={700} truncate>
          {member.hunterName}
        </Text>
      </Group>
      {editable && (others.length > 0 || teamId !== null) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="dark.6" size="md" aria-label={`Move ${member.hunterName}`}>
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {others.map((t) => (
              <Menu.Item key={t.id} disabled={t.full} onClick={() => move(member, teamId, t.id)}>
                {t.full ? `${t.name} (full)` : `Move to ${t.name}`}
              </Menu.Item>
            ))}
            {teamId !== null && (
              <Menu.Item color="red.8" onClick={() => move(member, teamId, null)}>
                Remove from team
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
