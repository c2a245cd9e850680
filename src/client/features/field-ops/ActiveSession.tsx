// Field Operations with a joined session: the six panels, the species card and the
// end dialogs. The server decides what is shown: dinosaurs (visible to hunters only
// while the session runs), stats, messages; the live stream keeps them current.
import { Box, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { PLAYABLE_STATUSES, POLL_DINOSAURS_FIELD_OPS_MS } from '../../../domain/rules';
import { trpc } from '../../trpc';
import { type Gps, GpsErrorNotice } from '../gps';
import { MissionCompleteDialog } from '../hunt/MissionCompleteDialog';
import { HuntAchievements } from '../achievements';
import { SessionEndDialog } from '../hunt/SessionEndDialog';
import type { HunterStats, HuntSession, Mission } from '../hunt/types';
import { useMissionCompletion } from '../hunt/useMissionCompletion';
import { useObserve } from '../hunt/useObserve';
import type { useSessionEnd } from '../hunt/useSessionEnd';
import { usePollWhileOffline } from '../live';
import { toMapDinosaurs } from '../map/toMapDinosaurs';
import { useNearestTarget } from '../scanner/useNearestTarget';
import { SpeciesCard } from '../species/SpeciesCard';
import { useSpeciesCatalogue } from '../species/useSpeciesCatalogue';
import { ArScannerPanel } from './ArScannerPanel';
import { CommsChannelPanel } from './CommsChannelPanel';
import classes from './fieldOps.module.css';
import { MissionStatusPanel } from './MissionStatusPanel';
import { PerformancePanel } from './PerformancePanel';
import { QuickActionsPanel } from './QuickActionsPanel';
import { ScanListPanel } from './ScanListPanel';
import { usePlayArea } from '../play-area/usePlayArea';
import { ZoneWarningBanner } from '../play-area/ZoneWarningBanner';
import { isAlarming } from '../play-area/zoneWords';
import { TacticalMapPanel } from './TacticalMapPanel';
import { TeamPanel } from './TeamPanel';
import { useSessionTeams } from '../teams/useSessionTeams';
import { useTeammates } from '../teams/useTeammates';
import { POLL_HUNTER_STATS_MS } from '../../../domain/rules';

type Props = {
  session: HuntSession;
  mission: Mission | null;
  gps: Gps;
  /** The hunter's stats query (shared with the header). */
  stats: { data: HunterStats | undefined; isLoading: boolean; error: unknown };
  end: ReturnType<typeof useSessionEnd>;
  onOpenBriefing: () => void;
  onLeave: () => void;
};

export function ActiveSession({ session, mission, gps, stats, end, onOpenBriefing, onLeave }: Props) {
  const sessionId = session.id;
  const dinosaurRefetch = usePollWhileOffline(POLL_DINOSAURS_FIELD_OPS_MS);
  const dinosaurQuery = trpc.deploy.list.useQuery({ id: sessionId }, { refetchInterval: dinosaurRefetch });
  const dinosaurs = useMemo(() => toMapDinosaurs(dinosaurQuery.data), [dinosaurQuery.data]);
  const catalogue = useSpeciesCatalogue();
  const statsObserved = stats.data?.observedDinosaurIds;
  const observedIds = useMemo(() => new Set(statsObserved ?? []), [statsObserved]);
  const { target } = useNearestTarget({
    position: gps.position,
    dinosaurs,
    species: catalogue.species,
    sessionStatus: session.status,
    // The nearest dinosaur this hunter has not observed yet, as on the terminal.
    observedIds: statsObserved,
  });
  const observe = useObserve({ sessionId, target });
  const completion = useMissionCompletion(stats.data?.dinosaursObserved, dinosaurs.length, { sessionId });
  const [cardSpeciesId, setCardSpeciesId] = useState<number | null>(null);
  const playable = (PLAYABLE_STATUSES as readonly string[]).includes(session.status);
  const location = gps.position ? { lat: gps.position.lat, lng: gps.position.lng } : null;
  // The play area on the map, and where the server judged this hunter (issue 26), as on the terminal.
  const playArea = usePlayArea(sessionId);
  const zone = session.status === 'completed' ? null : playArea.data?.hunters[0]?.zone;
  // Teams (issue 42): the hunter's team, its size and live rank, its channel, the teammates on the map.
  const teamSession = session.teamMode !== 'solo';
  const teamsQuery = useSessionTeams(sessionId, { enabled: teamSession, pollMs: POLL_HUNTER_STATS_MS });
  const teams = teamSession ? teamsQuery.data : undefined;
  const myTeam = teams?.teams.find((t) => t.id === teams.myTeamId) ?? null;
  const teammates = useTeammates(sessionId, myTeam, stats.data?.hunterId ?? null, POLL_HUNTER_STATS_MS);

  return (
    <Stack gap="sm">
      {/* Mounted only when needed (the Stack would space an empty one); it vibrates as it appears. */}
      {isAlarming(zone) && <ZoneWarningBanner zone={zone} />}
      <GpsErrorNotice gps={gps} />
      <Box className={teamSession ? `${classes.grid} ${classes.withTeam}` : classes.grid}>
        <ArScannerPanel
          target={target}
          playable={playable}
          position={gps.position}
          observe={observe}
          onOpenSpecies={() => setCardSpeciesId(target?.species?.id ?? null)}
        />
        <ScanListPanel
          position={gps.position}
          accuracy={gps.position?.accuracy ?? null}
          status={session.status}
          dinosaurs={dinosaurs}
          species={catalogue.species}
          observedIds={observedIds}
          targetId={target?.dinosaur.id ?? null}
          onSelectSpecies={setCardSpeciesId}
        />
        <QuickActionsPanel sessionId={sessionId} location={location} teamId={myTeam?.id ?? null} />
        <MissionStatusPanel
          session={session}
          missionName={mission?.name ?? null}
          observed={stats.data?.dinosaursObserved ?? 0}
          total={dinosaurs.length}
          rank={
            myTeam && teams
              ? { place: myTeam.score.rank, of: teams.teams.length, team: true }
              : stats.data
                ? { place: stats.data.completionRank, of: stats.data.huntersInSession }
                : null
          }
          teamSize={myTeam ? { current: myTeam.memberCount, max: myTeam.maxSize } : null}
          onOpenBriefing={onOpenBriefing}
          onLeave={onLeave}
        />
        {teamSession && <TeamPanel session={session} teams={teams} loading={teamsQuery.isLoading} myTeam={myTeam} />}
        <CommsChannelPanel sessionId={sessionId} />
        <PerformancePanel stats={stats.data} isLoading={stats.isLoading} error={stats.error} />
        <TacticalMapPanel
          gps={gps}
          dinosaurs={dinosaurs}
          species={catalogue.species}
          teamCount={myTeam ? myTeam.memberCount : session.currentPlayers}
          teammates={teammates}
          playArea={playArea.shape}
          onDinosaurClick={(d) => setCardSpeciesId(d.speciesId)}
        />
      </Box>
      <SpeciesCard
        species={cardSpeciesId === null ? null : (catalogue.byId.get(cardSpeciesId) ?? null)}
        opened={cardSpeciesId !== null}
        onClose={() => setCardSpeciesId(null)}
      />
      <MissionCompleteDialog
        opened={completion.dialogOpen && !end.opened}
        result={completion.result}
        onContinue={completion.closeDialog}
      />
      <SessionEndDialog
        opened={end.opened}
        result={end.result}
        observed={stats.data?.dinosaursObserved ?? 0}
        loading={end.loading}
        onClose={() => {
          end.close();
          // The session is over: back to Join Mission.
          onLeave();
        }}
      >
        <HuntAchievements sessionId={sessionId} />
      </SessionEndDialog>
    </Stack>
  );
}
