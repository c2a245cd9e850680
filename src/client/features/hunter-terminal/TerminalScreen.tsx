// The five-tab Hunter Terminal for one session: the data every tab shares (one
// GPS watch, the session, its dinosaurs, the hunter's stats), header, tabs,
// dialogs. Live through SessionLive; each query polls only while it is down.
import { Alert, Paper, Tabs } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { type MutableRefObject, memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { leftLabel } from '../../../domain/hunt-target';
import { distanceMeters } from '../../../domain/scanner';
import { HUNTER_VISIBLE_STATUSES, POLL_DINOSAURS_TERMINAL_MS, POLL_HUNTER_STATS_MS } from '../../../domain/rules';
import { PageLoader } from '../../components/PageLoader';
import { AchievementToasts, toastFromPayload, useAchievementToasts } from '../achievements/AchievementToasts';
import { errorMessage, errorStatus, removedFrom } from '../../lib/errors';
import { removedMessage } from '../../../domain/removed';
import { trpc } from '../../trpc';
import { useGps } from '../gps/useGps';
import { useWakeLock } from '../gps/useWakeLock';
import { useHunterStats } from '../hunt/useHunterStats';
import { useMissionCompletion } from '../hunt/useMissionCompletion';
import { useObserve } from '../hunt/useObserve';
import { useSessionEnd } from '../hunt/useSessionEnd';
import { useSessionMission } from '../hunt/useSessionMission';
import { ConnectionBanner } from '../live/ConnectionBanner';
import type { LiveEvent } from '../live/types';
import { usePollWhileOffline } from '../live/useLiveConnection';
import { onFirstInteraction } from '../../lib/firstInteraction';
import { toMapDinosaurs } from '../map/toMapDinosaurs';
import { useHuntTarget } from '../scanner/useHuntTarget';
// Not the play-area barrel: its HQ tools carry the geometry (turf) the phone does not need.
import { usePlayArea } from '../play-area/usePlayArea';
import { ZoneWarningBanner } from '../play-area/ZoneWarningBanner';
import { SessionStateBanner } from '../session/SessionStateBanner';
import type { SpeciesLite } from '../species/types';
import { useSpeciesCatalogue } from '../species/useSpeciesCatalogue';
import { BriefTab } from './tabs/BriefTab';
import { MapTab } from './tabs/MapTab';
import { ScanTab } from './tabs/ScanTab';
import classes from './terminal.module.css';
import { TerminalGpsDock } from './TerminalGpsDock';
import { TerminalHeader } from './TerminalHeader';
import { TerminalNotice } from './TerminalNotice';
import { TerminalTabBar } from './TerminalTabBar';
import { LazyMissionCompleteDialog, LazySpeciesCard, LazyTerminalEndDialog, preloadTerminalDialogs } from './lazyDialogs';
import { LazyArHuntTab, LazyCommsTab } from './lazyTabs';
import { isTerminalTab } from './terminalTabs';
import { useHunterIdentity } from './useHunterIdentity';
import { HunterTeamCard } from '../teams/HunterTeamCard';
import { useSessionTeams } from '../teams/useSessionTeams';
import { useTeammates } from '../teams/useTeammates';
import { useFillsScreen } from './useFillsScreen';
import { useTerminalTab } from './useTerminalTab';
import { handleTerminalEvent, speciesNameLookup } from './useTerminalEvents';

type Props = {
  sessionId: number;
  /** Set here, called by the SessionLive above (see HunterTerminal). */
  eventHandler: MutableRefObject<((event: LiveEvent) => void) | null>;
};

// The banners change with their own props only: memoised, the terminal's frequent renders (each answer, fix and
// tick, synchronous tasks) skip them (issue #25, decision 911).
const StateBanner = memo(SessionStateBanner);
const ZoneBanner = memo(ZoneWarningBanner);
const Toasts = memo(AchievementToasts);
const Connection = memo(ConnectionBanner);

const isHunterVisible = (status: string | null | undefined) =>
  (HUNTER_VISIBLE_STATUSES as readonly string[]).includes(status ?? '');

export function TerminalScreen({ sessionId, eventHandler }: Props) {
  useFillsScreen();
  // Kept across a reload (sessionStorage), so a reload mid-hunt does not go back to Brief.
  const { tab, setTab, arRestored } = useTerminalTab(sessionId);
  const [cameraNoteSeen, setCameraNoteSeen] = useState(false);
  // The dialogs' code arrives on the hunter's first touch, not with the terminal (decision 850).
  useEffect(() => onFirstInteraction(preloadTerminalDialogs), []);
  // The species card, and the dinosaur it was opened for (its distance and hunt state).
  const [card, setCard] = useState<{ species: SpeciesLite; dinosaurId: number | null } | null>(null);
  // Successes the stats have not caught up with yet: the next target is offered at once.
  const [justObserved, setJustObserved] = useState<number[]>([]);
  const [unread, setUnread] = useState(0);
  const identity = useHunterIdentity();
  const achievementToasts = useAchievementToasts();

  // No spec interval for the session itself: while the socket is down it follows the dinosaurs' 5 s,
  // since their visibility depends on its status.
  const sessionPoll = usePollWhileOffline(POLL_DINOSAURS_TERMINAL_MS);
  const sessionQuery = trpc.sessions.get.useQuery({ id: sessionId }, { refetchInterval: sessionPoll });
  // The screen's first full render (header, banners, Brief, tab bar, the hunt's hooks) runs as a deferred
  // render, in slices that leave the main thread free between them: on a slow phone it was one task of
  // 300 ms or more, a screen that ignores the hunter's thumb (issue #25).
  const session = useDeferredValue(sessionQuery.data);
  const status = session?.status ?? null;
  const visible = isHunterVisible(status);

  const dinosaurPoll = usePollWhileOffline(POLL_DINOSAURS_TERMINAL_MS);
  const dinosaurQuery = trpc.deploy.list.useQuery({ id: sessionId }, { enabled: Boolean(session), refetchInterval: dinosaurPoll });
  // Hunters see dinosaurs only while the hunt runs (the server also enforces it).
  const dinosaurs = useMemo(() => (visible ? toMapDinosaurs(dinosaurQuery.data) : []), [visible, dinosaurQuery.data]);

  const catalogue = useSpeciesCatalogue();
  const stats = useHunterStats(sessionId, POLL_HUNTER_STATS_MS);
  const { mission, isLoading: missionLoading } = useSessionMission(session?.missionId);

  const ended = status === 'completed';
  // The play area on the map, and where the server judged this hunter (issue 26).
  const playArea = usePlayArea(sessionId);
  const zone = ended ? null : playArea.data?.hunters[0]?.zone;
  const gps = useGps({ enabled: true, reportToSessionId: session && !ended ? sessionId : null });
  useWakeLock(visible);
  const statsObserved = stats.data?.observedDinosaurIds;
  const observedIds = useMemo(() => [...new Set([...(statsObserved ?? []), ...justObserved])], [statsObserved, justObserved]);
  // One target for every tab: the nearest dinosaur this hunter has not observed, or their pick.
  const hunt = useHuntTarget({
    position: gps.position,
    dinosaurs,
    species: catalogue.species,
    sessionStatus: status,
    observedIds,
  });
  const onObservation = useCallback((result: { success: boolean; dinosaurId: number }) => {
    if (result.success) setJustObserved((ids) => (ids.includes(result.dinosaurId) ? ids : [...ids, result.dinosaurId]));
  }, []);
  const observe = useObserve({
    sessionId,
    // Observed already: no dart at it (the button is off too).
    target: hunt.targetObserved ? null : hunt.target,
    hunterId: identity.hunterId,
    onResult: onObservation,
  });
  const end = useSessionEnd(sessionId, status);
  // Teams (issue 42): the hunter's team, its live rank, its channel and the teammates on the map.
  const teamSession = Boolean(session) && session?.teamMode !== 'solo';
  const teamsQuery = useSessionTeams(sessionId, { enabled: teamSession, pollMs: POLL_HUNTER_STATS_MS });
  const teams = teamSession ? teamsQuery.data : undefined;
  const myTeam = teams?.teams.find((t) => t.id === teams.myTeamId) ?? null;
  const teammates = useTeammates(sessionId, myTeam, stats.data?.hunterId ?? null, POLL_HUNTER_STATS_MS);
  const teamName = myTeam?.name;
  const teamColor = myTeam?.color;
  const teamRank = myTeam?.score.rank;
  const teamCount = teams?.teams.length ?? 0;
  const headerTeam = useMemo(
    () => (teamName && teamColor && teamRank !== undefined ? { name: teamName, color: teamColor, rank: teamRank, of: teamCount } : null),
    [teamName, teamColor, teamRank, teamCount],
  );
  const commsTeam = useMemo(() => (myTeam ? { id: myTeam.id, name: myTeam.name, color: myTeam.color } : null), [myTeam]);
  const completion = useMissionCompletion(stats.data?.dinosaursObserved, dinosaurs.length, { sessionId });

  eventHandler.current = (event) =>
    handleTerminalEvent(event, {
      speciesName: speciesNameLookup(catalogue.byId),
      ownHandle: session?.hunterHandle ?? null,
      teamName: (teamId) => teams?.teams.find((t) => t.id === teamId)?.name ?? null,
      onSessionEnded: end.markEnded,
      onUnreadMessage: () => {
        if (tab !== 'comms') setUnread((n) => n + 1);
      },
      onAchievement: (event) => {
        achievementToasts.push(toastFromPayload(event.id, event.payload));
      },
    });

  const openSpecies = (speciesId: number, dinosaurId: number | null = null) => {
    const species = catalogue.byId.get(speciesId);
    setCard(species ? { species, dinosaurId } : null);
  };
  const cardDinosaur = card?.dinosaurId == null ? undefined : dinosaurs.find((d) => d.id === card.dinosaurId);
  const cardDistance =
    cardDinosaur === undefined
      ? undefined
      : gps.position
        ? distanceMeters(gps.position, { lat: cardDinosaur.latitude, lng: cardDinosaur.longitude })
        : null;
  const cardState = cardDinosaur
    ? hunt.observed.has(cardDinosaur.id)
      ? 'observed'
      : cardDinosaur.id === hunt.target?.dinosaur.id
        ? 'target'
        : null
    : null;
  const chooseTab = (value: string | null) => {
    if (!isTerminalTab(value)) return;
    setTab(value);
    if (value === 'comms') setUnread(0);
  };

  if (sessionQuery.isLoading || (!session && sessionQuery.data)) return <PageLoader />;
  // Removed by the game master (decision 836): the refusal names the session, even over the data last shown.
  const removedName = removedFrom(sessionQuery.error);
  if (removedName !== null) {
    return (
      <TerminalNotice title="Removed from the hunt">
        {removedMessage(removedName)} You cannot rejoin this hunt; you can join another from the login page.
      </TerminalNotice>
    );
  }
  if (!session) {
    const code = errorStatus(sessionQuery.error);
    if (code === 404) {
      return <TerminalNotice title="Session not found">This hunt session does not exist any more.</TerminalNotice>;
    }
    if (code === 403) {
      return (
        <TerminalNotice title="Not part of this session">
          You have not joined this hunt. Join it from the login page with its session ID and password.
        </TerminalNotice>
      );
    }
    return (
      <TerminalNotice title="Hunt unavailable">{errorMessage(sessionQuery.error, 'The session could not be loaded.')}</TerminalNotice>
    );
  }

  const position = gps.position;
  return (
    <div className={classes.root} data-testid="hunter-terminal" data-session-status={status ?? undefined}>
      <TerminalHeader
        sessionName={session.name}
        handle={session.hunterHandle ?? null}
        gps={gps}
        session={session}
        observed={stats.data?.dinosaursObserved ?? null}
        available={hunt.progress.left}
        availableLabel={leftLabel(hunt.progress, visible || ended ? null : status === 'paused' ? 'paused' : 'waiting')}
        team={headerTeam}
      />
      <Connection />
      <Toasts items={achievementToasts.items} onDismiss={achievementToasts.dismiss} />
      <StateBanner session={session} />
      <ZoneBanner zone={zone} />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false} variant="unstyled" className={classes.tabs}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the content scrolls, and a tab of plain text (Brief) has nothing else to scroll it by keyboard (WCAG 2.1.1). */}
        <main className={classes.content} tabIndex={0} aria-label="Hunter Terminal">
          <Tabs.Panel value="brief" className={classes.panel}>
            {teamSession && (
              <Paper p="sm" radius="md" withBorder mb="sm">
                <HunterTeamCard session={session} teams={teams} loading={teamsQuery.isLoading} />
              </Paper>
            )}
            <BriefTab session={session} mission={mission} missionLoading={missionLoading} />
          </Tabs.Panel>
          <Tabs.Panel value="map" className={classes.mapPanel}>
            <MapTab
              playArea={playArea.shape}
              dinosaurs={dinosaurs}
              species={catalogue.species}
              gps={gps}
              visible={visible}
              status={status}
              hunt={hunt}
              teammates={teammates}
              onDinosaurClick={(d) => {
                hunt.pick(d.id);
                openSpecies(d.speciesId, d.id);
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="scan" className={classes.panel}>
            <ScanTab
              position={position}
              accuracy={gps.accuracy}
              status={status}
              dinosaurs={dinosaurs}
              species={catalogue.species}
              hunt={hunt}
            />
          </Tabs.Panel>
          <Tabs.Panel value="ar" className={classes.panel}>
            {arRestored && !cameraNoteSeen && (
              <Alert
                color="blue"
                variant="light"
                mb="sm"
                icon={<IconCamera aria-hidden />}
                title="Tap to restart the camera"
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => setCameraNoteSeen(true)}
                data-testid="camera-restart-note"
              >
                The page reloaded, so the camera stopped. If you were using the camera view, tap Start AR camera below.
              </Alert>
            )}
            <LazyArHuntTab
              hunt={hunt}
              status={status}
              observe={observe}
              position={position}
              heading={gps.heading}
              stats={stats.data ?? null}
              dinosaurs={dinosaurs}
              speciesById={catalogue.byId}
              onShowSpecies={(speciesId) => openSpecies(speciesId, hunt.target?.dinosaur.id ?? null)}
              sessionId={sessionId}
            />
          </Tabs.Panel>
          <Tabs.Panel value="comms" className={classes.panel}>
            <LazyCommsTab sessionId={sessionId} position={position} team={commsTeam} />
          </Tabs.Panel>
        </main>
        {/* Below the content, above the tab bar (decision 909): the content gives up the room, nothing in it moves. */}
        <TerminalGpsDock gps={gps} />
        <TerminalTabBar unread={unread} />
      </Tabs>

      <LazySpeciesCard
        species={card?.species ?? null}
        opened={card !== null}
        onClose={() => setCard(null)}
        distance={cardDistance}
        huntState={cardState}
      />
      <LazyTerminalEndDialog
        sessionId={sessionId}
        result={end.result}
        observed={observedIds.length}
        opened={end.opened}
        loading={end.loading}
        onClose={end.close}
      />
      <LazyMissionCompleteDialog
        opened={completion.dialogOpen && !end.opened}
        result={completion.result}
        onContinue={completion.closeDialog}
      />
    </div>
  );
}
