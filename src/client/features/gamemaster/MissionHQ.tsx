// Mission HQ (/gamemaster): the game master's live console. This file only
// composes: it picks the session, holds the deploy selection, and opens the
// session's live event stream around the panels.
import { UnconfirmedEmailBanner } from '../account/UnconfirmedEmailBanner';
import { Alert, Box, Container } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { deploySelectionReducer, NO_SELECTION } from '../../../domain/deploy-selection';
import { pickDefaultSession } from '../../../domain/mission-control';
import { POLL_DINOSAURS_TERMINAL_MS, POLL_GM_HUNTER_STATS_MS, POLL_TIME_STATUS_MS } from '../../../domain/rules';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../trpc';
import { ConnectionBanner, type LiveEvent, SessionLive, usePollWhileOffline } from '../live';
import { toMapDinosaurs } from '../map/toMapDinosaurs';
import { useSpeciesCatalogue } from '../species/useSpeciesCatalogue';
import { AchievementsFeed } from './AchievementsFeed';
import { BroadcastPanel } from './BroadcastPanel';
import { CommunicationsPanel } from './CommunicationsPanel';
import { DeploymentPanel } from './DeploymentPanel';
import { HqHeader } from './HqHeader';
import { HunterTracking } from './HunterTracking';
import { ChallengesPanel } from '../challenges/ChallengesPanel';
import { LivePlayers } from './LivePlayers';
import { MissionControl } from './MissionControl';
import { PastHunts } from './PastHunts';
import { LazyPlayAreaEditor, PlayAreaPanel, usePlayAreaTools, ZoneAlert, zoneNotice } from '../play-area';
import { placementProblem } from '../../../domain/play-area';
import { SavedLayouts } from './SavedLayouts';
import classes from './MissionHQ.module.css';
import { TacticalOverview } from './TacticalOverview';
import { toMapHunters } from './trackingRows';
import { TeamsPanel } from './TeamsPanel';
import { useSessionTeams } from '../teams/useSessionTeams';
import type { HqSession } from './types';
import { useDeployOnMap } from './useDeployOnMap';
import { useDinosaurEdits } from './useDinosaurEdits';

const MAP_HEIGHT = 'clamp(300px, 62vh, 640px)';
const FEED_HEIGHT = 360;
const NO_SESSIONS: HqSession[] = [];
const NO_POSITIONS: never[] = [];

export function MissionHQ() {
  const list = trpc.sessions.list.useQuery({});
  const sessions = list.data ?? NO_SESSIONS;
  // From the list already in the cache (the page's first reads, decision 922), the first render opens the
  // session at once; otherwise the effect below opens it when the list arrives.
  const [selectedId, setSelectedId] = useState<number | null>(() => (list.data ? (pickDefaultSession(list.data)?.id ?? null) : null));

  // With nothing selected, open the newest active or preparing session.
  useEffect(() => {
    if (selectedId !== null || !list.data) return;
    const pick = pickDefaultSession(list.data);
    if (pick) setSelectedId(pick.id);
  }, [selectedId, list.data]);

  const onEvent = useCallback((event: LiveEvent) => {
    if (event.type === 'hunter_joined') {
      notify({ title: 'Hunter Joined', description: `${event.payload.hunterHandle} joined the session.` });
    }
    if (event.type === 'hunter_zone') {
      const notice = zoneNotice(event.payload);
      if (notice) notify(notice);
    }
  }, []);

  return (
    <SessionLive sessionId={selectedId} onEvent={onEvent}>
      <ConnectionBanner />
      <Container component="main" size={1440} px={{ base: 'xs', sm: 'md' }} pb="xl">
        <HqHeader />
        <UnconfirmedEmailBanner />
        <HqBody sessions={sessions} listLoading={list.isLoading} selectedId={selectedId} onSelect={setSelectedId} />
      </Container>
    </SessionLive>
  );
}

type BodyProps = {
  sessions: HqSession[];
  listLoading: boolean;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
};

/** Inside SessionLive, so every query polls only while live updates are down. */
function HqBody({ sessions, listLoading, selectedId, onSelect }: BodyProps) {
  const enabled = selectedId !== null;
  const id = selectedId ?? 0;
  const sessionQuery = trpc.sessions.get.useQuery({ id }, { enabled, refetchInterval: usePollWhileOffline(POLL_TIME_STATUS_MS) });
  const dinosaursQuery = trpc.deploy.list.useQuery({ id }, { enabled, refetchInterval: usePollWhileOffline(POLL_DINOSAURS_TERMINAL_MS) });
  const positionsQuery = trpc.comms.hunterLocations.useQuery(
    { id },
    { enabled, refetchInterval: usePollWhileOffline(POLL_GM_HUNTER_STATS_MS) },
  );
  const catalogue = useSpeciesCatalogue();
  const session = enabled ? (sessionQuery.data ?? null) : null;

  const [selection, dispatch] = useReducer(deploySelectionReducer, NO_SELECTION);
  // A selection never carries over to another session.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selected session changes
  useEffect(() => dispatch({ type: 'sessionChanged' }), [selectedId]);

  const dinosaurs = useMemo(() => toMapDinosaurs(session ? dinosaursQuery.data : undefined), [session, dinosaursQuery.data]);
  const positions = (session ? positionsQuery.data : undefined) ?? NO_POSITIONS;
  // Every team in its own colour on the map and in the tracking rows (issue 42).
  const teamsQuery = useSessionTeams(selectedId, { enabled: session !== null && session.teamMode !== 'solo', pollMs: POLL_GM_HUNTER_STATS_MS });
  const teams = session && session.teamMode !== 'solo' ? teamsQuery.data?.teams : undefined;
  const hunters = useMemo(() => toMapHunters(positions, teams), [positions, teams]);
  const areaTools = usePlayAreaTools(session);
  const deployOnMap = useDeployOnMap({
    session,
    selection,
    dispatch,
    speciesExists: (speciesId) => catalogue.byId.has(speciesId),
    deployedCount: dinosaurs.length,
    placementProblem: (p) => placementProblem(p, areaTools.data?.playArea ?? null, areaTools.data?.noGoZones ?? []),
  });
  // While a drawing tool is on, map clicks are corners, not deployments: a species picked before is put down.
  const drawing = areaTools.tool !== 'none';
  useEffect(() => {
    if (drawing) dispatch({ type: 'cancel' });
  }, [drawing]);
  const allowMapClick = useRef(areaTools.allowMapClick);
  allowMapClick.current = areaTools.allowMapClick;
  const onMapClick = useCallback(
    (p: { lat: number; lng: number }) => {
      if (allowMapClick.current()) deployOnMap(p);
    },
    [deployOnMap],
  );
  const mapLayers = useMemo(() => (session ? <LazyPlayAreaEditor tools={areaTools} /> : null), [session, areaTools]);

  const speciesName = useCallback((speciesId: number) => catalogue.byId.get(speciesId)?.name ?? 'The dinosaur', [catalogue.byId]);
  const edits = useDinosaurEdits(session, speciesName);
  const editable = session !== null && session.status !== 'completed';

  const created = useCallback((s: HqSession) => onSelect(s.id), [onSelect]);

  return (
    <Box className={classes.layout}>
      {sessionQuery.isError && enabled && (
        <Alert color="red" title="Session unavailable" withCloseButton onClose={() => onSelect(null)} style={{ order: -1 }}>
          {errorMessage(sessionQuery.error)}
        </Alert>
      )}
      <ZoneAlert sessionId={session?.id ?? null} />
      <Box className={classes.column}>
        <Box className={classes.control}>
          <MissionControl
            sessions={sessions}
            listLoading={listLoading}
            session={session}
            sessionLoading={enabled && sessionQuery.isLoading}
            onSelect={onSelect}
            onCreated={created}
          />
        </Box>
        <Box className={classes.players}>
          <LivePlayers session={session} />
        </Box>
        <Box className={classes.deployment}>
          <DeploymentPanel
            session={session}
            species={catalogue.species}
            speciesLoading={catalogue.isLoading}
            deployedCount={dinosaurs.length}
            selection={selection}
            dispatch={dispatch}
          />
        </Box>
        <Box className={classes.playArea}>
          <PlayAreaPanel tools={areaTools} status={session?.status ?? null} />
        </Box>
        <Box className={classes.achievements}>
          <AchievementsFeed sessionId={session?.id ?? null} maxHeight={FEED_HEIGHT} />
        </Box>
        <Box className={classes.layouts}>
          <SavedLayouts session={session} />
        </Box>
      </Box>
      <Box className={classes.column}>
        <Box className={classes.map}>
          <TacticalOverview
            sessionId={session?.id ?? null}
            dinosaurs={dinosaurs}
            hunters={hunters}
            species={catalogue.species}
            selecting={selection.speciesId !== null}
            onMapClick={onMapClick}
            onDinosaurMove={editable ? edits.onMove : undefined}
            onDinosaurRemove={editable ? edits.onRemove : undefined}
            height={MAP_HEIGHT}
            playArea={areaTools.tool === 'edit' ? null : areaTools.shape}
            mapLayers={mapLayers}
          />
        </Box>
        <Box className={classes.tracking}>
          <HunterTracking
            sessionId={session?.id ?? null}
            positions={positions}
            totalDinosaurs={dinosaurs.length}
            canRemove={session !== null && session.status !== 'completed'}
            teams={teams}
          />
        </Box>
        <Box className={classes.teams}>
          <TeamsPanel session={session} />
        </Box>
        <Box className={classes.objectives}>
          <ChallengesPanel sessionId={session?.id ?? null} editable={session !== null && session.status !== 'completed'} />
        </Box>
        <Box className={classes.talk}>
          <Box className={classes.broadcast}>
            <BroadcastPanel sessionId={session?.id ?? null} teams={teams} />
          </Box>
          <Box className={classes.comms}>
            <CommunicationsPanel sessionId={session?.id ?? null} maxHeight={FEED_HEIGHT} teams={teams} />
          </Box>
        </Box>
        <Box className={classes.past}>
          <PastHunts onCreated={created} />
        </Box>
      </Box>
    </Box>
  );
}
