// Mission Control's create-session form (live-play spec, section 5): name and
// password required and trimmed, max players 10/15/20/25 (default 25) under the
// plan's cap, duration 15..120 minutes (default 120), an optional mission.
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconPlus, } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { maxPlayerChoices } from '../../../domain/mission-control';
import { DEFAULT_DURATION_MIN, DURATION_OPTIONS_MIN, } from '../../../domain/rules';
import { EXPEDITION_MESSAGES } from '../../../domain/expeditions';
import { CreateSessionInput } from '../../../domain/session-schemas';
import { DEFAULT_MAX_TEAM_SIZE } from '../../../domain/rules';
import { type TeamSettings, TeamModeFields } from '../teams/TeamModeFields';
import { SessionPasswordField } from './SessionPasswordField';
import { errorStatus, fieldErrors, isUnauthorized } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ExpeditionFields, type ExpeditionValues } from './ExpeditionFields';
import { HQ_FAILURE, HQ_SUCCESS, notifyHqFailure, serverReason } from './hqNotices';
import type { HqSession } from './types';

const NO_MISSION = 'none';
const LIMIT_REACHED = 409;

type Values = { name: string; password: string; maxPlayers: string; duration: string; missionId: string } & ExpeditionValues & TeamSettings;

export function CreateSessionForm({ onCreated }: { onCreated: (session: HqSession) => void }) {
  const utils = trpc.useUtils();
  const subscription = trpc.billing.userSubscription.useQuery(undefined, { retry: false });
  const missions = trpc.admin.missionsList.useQuery();
  const cap = subscription.data?.plan?.maxPlayersPerSession ?? null;
  const choices = maxPlayerChoices(cap);
  // The weekly plan limit: the server's own words, with the way out (buy credits).
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: '',
      password: '',
      maxPlayers: String(choices.defaultValue),
      duration: String(DEFAULT_DURATION_MIN),
      missionId: NO_MISSION,
      isPublic: false,
      meetingPoint: null,
      meetingNote: '',
      teamMode: 'solo',
      maxTeamSize: DEFAULT_MAX_TEAM_SIZE,
      teamSwitchAfterStart: false,
    },
    validate: schemaResolver(CreateSessionInput, { sync: true }),
  });

  // The plan arrives after the first render: move the default under its cap once.
  const planDefault = String(choices.defaultValue);
  // Follow the plan's default until the game master picks a size. Mantine's form
  // functions change identity on every render: depending on them re-ran this effect
  // after each of its own updates, an endless render loop that froze navigation.
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => {
    if (!formRef.current.isDirty('maxPlayers')) formRef.current.setFieldValue('maxPlayers', planDefault);
  }, [planDefault]);

  const create = trpc.sessions.create.useMutation({
    onSuccess: async (session) => {
      setLimitMessage(null);
      form.setValues({ name: '', password: '', isPublic: false, meetingPoint: null, meetingNote: '', teamMode: 'solo', teamSwitchAfterStart: false });
      form.resetDirty();
      notify({ title: HQ_SUCCESS.created, description: `"${session.name}" is ready: deploy dinosaurs, then start it.` });
      await Promise.all([utils.sessions.list.invalidate(), utils.billing.userSubscription.invalidate()]);
      onCreated(session);
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      form.setErrors(fieldErrors(error));
      const reason = serverReason(error, HQ_FAILURE.create);
      setLimitMessage(errorStatus(error) === LIMIT_REACHED ? reason : null);
      notifyHqFailure(error, HQ_FAILURE.createTitle, reason);
    },
  });

  const submit = form.onSubmit((values) => {
    // The server says the same; checked here too so the map is marked before a round trip.
    if (values.isPublic && !values.meetingPoint) {
      form.setFieldError('meetingPoint', EXPEDITION_MESSAGES.meetingPointRequired);
      return;
    }
    // A solo session has no team size: the field is left out, not sent as a hidden default.
    const { maxTeamSize, ...rest } = values;
    create.mutate(CreateSessionInput.parse(values.teamMode === 'solo' ? rest : { ...rest, maxTeamSize }));
  });
  const meetingPointError = form.errors.meetingPoint;

  const missionOptions = [
    { value: NO_MISSION, label: 'No mission' },
    ...(missions.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label="Create session">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Session Name" placeholder="e.g. Jurassic Park Run" required key={form.key('name')} {...form.getInputProps('name')} />
          <SessionPasswordField
            placeholder="Shared with hunters"
            key={form.key('password')}
            {...form.getInputProps('password')}
            onGenerate={(password) => form.setFieldValue('password', password)}
          />
          <Select
            label="Max Players"
            description={cap === null ? 'No plan cap' : `Your plan: up to ${cap} per session`}
            data={choices.options.map((o) => ({
              value: String(o.value),
              label: o.allowed ? `${o.value} players` : `${o.value} players (above plan)`,
              disabled: !o.allowed,
            }))}
            allowDeselect={false}
            key={form.key('maxPlayers')}
            {...form.getInputProps('maxPlayers')}
          />
          <Select
            label="Duration"
            description="Minutes of play"
            data={DURATION_OPTIONS_MIN.map((m) => ({ value: String(m), label: `${m} minutes` }))}
            allowDeselect={false}
            key={form.key('duration')}
            {...form.getInputProps('duration')}
          />
        </SimpleGrid>
        <Select
          label="Mission (optional)"
          data={missionOptions}
          allowDeselect={false}
          searchable={missionOptions.length > 8}
          nothingFoundMessage="No mission found"
          disabled={missions.isLoading}
          placeholder={missions.isLoading ? 'Loading missions…' : undefined}
          key={form.key('missionId')}
          {...form.getInputProps('missionId')}
        />
        <TeamModeFields
          value={{ teamMode: form.values.teamMode, maxTeamSize: form.values.maxTeamSize, teamSwitchAfterStart: form.values.teamSwitchAfterStart }}
          onChange={(next) => {
            form.setValues(next);
            form.clearFieldError('maxTeamSize');
          }}
          maxPlayers={Number(form.values.maxPlayers)}
          error={typeof form.errors.maxTeamSize === 'string' ? form.errors.maxTeamSize : null}
        />
        <ExpeditionFields
          value={{ isPublic: form.values.isPublic, meetingPoint: form.values.meetingPoint, meetingNote: form.values.meetingNote }}
          onChange={(next) => {
            form.setValues(next);
            form.clearFieldError('meetingPoint');
          }}
          meetingPointError={typeof meetingPointError === 'string' ? meetingPointError : null}
          sessionId={null}
        />
        {limitMessage && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Weekly session limit reached" data-testid="plan-limit">
            {limitMessage}{' '}
            <Anchor component={Link} to="/checkout?mode=credits" fw={700}>
              Buy credits
            </Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
            Create Session
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
