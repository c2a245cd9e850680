// Mission Control: the game master's sessions (switchable), the selected one's
// status card, and the create-session form (open by itself when there is no session).
import { SubscriptionSummary } from '../billing/SubscriptionSummary';
import { Button, Center, Collapse, Divider, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { statusBadge } from '../../../domain/countdown';
import { trpc } from '../../trpc';
import { CreateSessionForm } from './CreateSessionForm';
import { Panel } from './Panel';
import { SessionStatusCard } from './SessionStatusCard';
import type { HqSession } from './types';

type Props = {
  sessions: HqSession[];
  listLoading: boolean;
  session: HqSession | null;
  sessionLoading: boolean;
  onSelect: (id: number | null) => void;
  onCreated: (session: HqSession) => void;
};

export const MissionControl = memo(function MissionControl({ sessions, listLoading, session, sessionLoading, onSelect, onCreated }: Props) {
  const [formOpen, setFormOpen] = useState<boolean | null>(null);
  // The same query as Past hunts (one cache entry): "no sessions yet" would be untrue beside them.
  const hasPast = (trpc.sessions.list.useQuery({ includeEnded: true }).data ?? []).some((s) => s.status === 'completed');
  // Open by default only while there is nothing to run.
  const showForm = formOpen ?? (!listLoading && sessions.length === 0 && session === null);

  return (
    <Panel title="Mission Control" icon={<IconAdjustments size={20} aria-hidden />} testId="mission-control">
      <Stack gap="sm">
        {listLoading ? (
          <Center py="sm">
            <Loader size="sm" role="status" aria-label="Loading your sessions" />
          </Center>
        ) : sessions.length > 0 ? (
          <Select
            label="Your sessions"
            data={sessions.map((s) => ({ value: String(s.id), label: `${s.name} · #${s.id} · ${statusBadge(s.status)}` }))}
            value={session && sessions.some((s) => s.id === session.id) ? String(session.id) : null}
            placeholder={session ? `${session.name} (ended)` : 'Choose a session'}
            onChange={(v) => onSelect(v === null ? null : Number(v))}
            allowDeselect={false}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {session
              ? 'No other open sessions.'
              : hasPast
                ? 'No open sessions. Create one to start a hunt; ended ones are under Past hunts.'
                : 'No sessions yet. Create one to start a hunt.'}
          </Text>
        )}
        {sessionLoading && !session && (
          <Center py="sm">
            <Loader size="sm" role="status" aria-label="Loading the session" />
          </Center>
        )}
        {session && <SessionStatusCard session={session} onDismiss={() => onSelect(null)} />}
        <Divider />
        <Button
          variant="subtle"
          justify="space-between"
          rightSection={showForm ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          onClick={() => setFormOpen(!showForm)}
          aria-expanded={showForm}
          aria-controls="create-session-form"
        >
          New Session
        </Button>
        <Collapse expanded={showForm} id="create-session-form">
          <CreateSessionForm
            onCreated={(created) => {
              setFormOpen(false);
              onCreated(created);
            }}
          />
        </Collapse>
        {/* The plan's weekly allowance and credits: what the next session will cost. */}
        <SubscriptionSummary />
      </Stack>
    </Panel>
  );
});
