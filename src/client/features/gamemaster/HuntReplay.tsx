// The replay of an ended hunt (issue 26, helper hunts; decision 820): every hunter's path and
// each observation on a timeline, with play, pause, speed and a scrubber. Past the privacy
// policy's 48 hours the paths are gone and the screen says so; the observations remain.
import { ActionIcon, Alert, Badge, Box, Center, Group, Loader, ScrollArea, SegmentedControl, Select, Slider, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRotate, IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { advanceReplay, formatReplayClock, replayFrame } from '../../../domain/hunt-replay';
import { REPLAY_SPEED_DEFAULT, REPLAY_SPEEDS, REPLAY_TICK_MS } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { pathColour } from './replayColours';
import type { ReplayData } from './replayTypes';

const ReplayMap = lazy(() => import('./ReplayMap'));
const MAP_HEIGHT = 'clamp(260px, 52vh, 520px)';

/** The replay's time span: from the start (or the first thing that happened) to the end. */
function timeline(data: ReplayData): { start: number; end: number } {
  const end = Date.parse(data.endTime);
  const firsts = [
    data.startTime ? Date.parse(data.startTime) : Number.POSITIVE_INFINITY,
    ...data.hunters.map((h) => h.points[0]?.t ?? Number.POSITIVE_INFINITY),
    data.observations[0]?.t ?? Number.POSITIVE_INFINITY,
  ];
  const start = Math.min(...firsts);
  return Number.isFinite(start) && start < end ? { start, end } : { start: end, end };
}

const ALL_TEAMS = 'all';

export function HuntReplay({ sessionId, teamHunt = false }: { sessionId: number; teamHunt?: boolean }) {
  // A team hunt (issue 42): the replay can show one team's hunters and observations (the server's teamId filter).
  const teams = trpc.teams.list.useQuery({ id: sessionId }, { enabled: teamHunt, retry: false, staleTime: 60_000 });
  const [teamId, setTeamId] = useState(ALL_TEAMS);
  const team = teams.data?.teams.find((t) => String(t.id) === teamId);
  const replay = trpc.hunts.replay.useQuery(
    { id: sessionId, ...(team ? { teamId: team.id } : {}) },
    { retry: false, staleTime: 60_000, placeholderData: (previous) => previous },
  );
  if (replay.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Loading the replay" />
      </Center>
    );
  }
  if (!replay.data) {
    return (
      <Alert color="red" title="Replay unavailable">
        {errorMessage(replay.error, 'The replay could not be loaded.')}
      </Alert>
    );
  }
  const teamList = teams.data?.teams ?? [];
  return (
    <Stack gap="sm">
      {teamList.length > 0 && (
        <Select
          label="Show"
          data={[{ value: ALL_TEAMS, label: 'Every team' }, ...teamList.map((t) => ({ value: String(t.id), label: `Team ${t.name}` }))]}
          value={team ? teamId : ALL_TEAMS}
          onChange={(v) => setTeamId(v ?? ALL_TEAMS)}
          allowDeselect={false}
          maw={320}
          data-testid="replay-team"
        />
      )}
      {/* A new team starts its replay from the beginning. */}
      <ReplayPlayer key={`${team?.id ?? ALL_TEAMS}-${replay.isPlaceholderData}`} data={replay.data} />
    </Stack>
  );
}

function ReplayPlayer({ data }: { data: ReplayData }) {
  const { start, end } = useMemo(() => timeline(data), [data]);
  const [at, setAt] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(REPLAY_SPEED_DEFAULT);
  const tracks = useMemo(() => data.hunters.map((h) => ({ hunterId: h.hunterId, points: h.points })), [data]);
  const view = useMemo(() => replayFrame(tracks, data.observations, at), [tracks, data.observations, at]);
  const atEnd = at >= end;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setAt((t) => {
        const next = advanceReplay(t, REPLAY_TICK_MS, speed, end);
        if (next >= end) setPlaying(false);
        return next;
      });
    }, REPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, end]);

  const toggle = () => {
    if (atEnd) setAt(start);
    setPlaying((p) => !p || atEnd);
  };
  const deletedOn = new Date(data.pathsDeletedAt).toLocaleString();

  return (
    <Stack gap="sm" data-testid="hunt-replay">
      {data.pathsKept ? (
        <Text size="xs" c="dimmed">
          Paths are kept until {deletedOn} (48 hours after the hunt ended), then deleted as our privacy policy states.
        </Text>
      ) : (
        <Alert color="gray" variant="light" icon={<IconShieldLock size={18} aria-hidden />} title="Paths deleted" data-testid="replay-paths-gone">
          The hunters' GPS paths were deleted on {deletedOn}, 48 hours after the hunt ended, as our privacy policy states. The results
          and the observations below remain.
        </Alert>
      )}
      <Suspense fallback={<Box h={MAP_HEIGHT} bg="gray.2" aria-busy aria-label="Loading the replay map" />}>
        <ReplayMap data={data} view={view} height={MAP_HEIGHT} />
      </Suspense>
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          size="lg"
          radius="xl"
          variant="filled"
          color="jungle"
          onClick={toggle}
          aria-label={playing ? 'Pause replay' : atEnd ? 'Replay from the start' : 'Play replay'}
          data-testid="replay-play"
        >
          {playing ? <IconPlayerPauseFilled size={18} /> : atEnd ? <IconRotate size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(1, end - start)}
          step={1000}
          value={at - start}
          onChange={(v) => {
            setPlaying(false);
            setAt(start + v);
          }}
          label={(v) => formatReplayClock(v)}
          aria-label="Replay time"
          thumbProps={{ 'aria-valuetext': formatReplayClock(at - start) }}
          data-testid="replay-scrubber"
        />
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="replay-clock">
          {formatReplayClock(at - start)} / {formatReplayClock(end - start)}
        </Text>
      </Group>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          {data.hunters.map((h, i) => (
            <Badge key={h.hunterId} variant="outline" color="dark" leftSection={<Swatch colour={pathColour(i)} />} styles={{ root: { textTransform: 'none' } }}>
              {h.completionRank}. {h.hunterName}
            </Badge>
          ))}
        </Group>
        <SegmentedControl
          size="xs"
          value={String(speed)}
          onChange={(v) => setSpeed(Number(v))}
          data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `×${s}` }))}
          aria-label="Replay speed"
        />
      </Group>
      <Box>
        <Text fw={700} size="sm" mb={4}>
          Observations ({view.observations.length}/{data.observations.length})
        </Text>
        {data.observations.length === 0 ? (
          <Text size="sm" c="dimmed">
            No dinosaur was observed in this hunt.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={180} type="auto">
            <Stack component="ol" gap={2} m={0} p={0} style={{ listStyle: 'none' }} data-testid="replay-observations">
              {data.observations.map((o, i) => {
                const reached = i < view.observations.length;
                return (
                  <li key={`${o.t}-${o.hunterId}-${o.dinosaurId}`} data-reached={reached}>
                    <UnstyledButton
                      onClick={() => {
                        setPlaying(false);
                        setAt(o.t);
                      }}
                      w="100%"
                      px={6}
                      py={2}
                      style={{ borderRadius: 4, background: reached ? 'var(--mantine-color-yellow-1)' : undefined }}
                      aria-label={`${formatReplayClock(o.t - start)}: ${o.hunterName} observed ${o.speciesName}. Go to this moment`}
                    >
                      <Text size="sm" c={reached ? undefined : 'dimmed'}>
                        <Text span ff="monospace">
                          {formatReplayClock(o.t - start)}
                        </Text>{' '}
                        {o.hunterName} observed {o.speciesName}
                      </Text>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Box>
    </Stack>
  );
}

function Swatch({ colour }: { colour: string }) {
  return <Box w={10} h={10} style={{ borderRadius: 5, background: colour }} aria-hidden />;
}
