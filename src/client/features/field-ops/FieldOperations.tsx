// The Field Operations screen for a signed-in hunter account (/hunter): join by
// session name and password, the mission briefing, then the live panels.
import { Box, Center, Container, Loader } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { EventOf } from '../../../domain/contracts';
import { HUNTER_VISIBLE_STATUSES, POLL_HUNTER_STATS_MS } from '../../../domain/rules';
import { AchievementToasts, toastFromPayload, useAchievementToasts } from '../achievements/AchievementToasts';
import { onFirstInteraction } from '../../lib/firstInteraction';
import { useGps } from '../gps/useGps';
import { useWakeLock } from '../gps/useWakeLock';
import { useHunterStats } from '../hunt/useHunterStats';
import { useSessionEnd } from '../hunt/useSessionEnd';
import { useSessionMission } from '../hunt/useSessionMission';
import { ConnectionBanner } from '../live/ConnectionBanner';
import { SessionLive } from '../live/SessionLive';
import { RemovedNotice } from '../session/RemovedNotice';
import { FieldOpsHeader } from './FieldOpsHeader';
import { fieldOpsEventHandler } from './useFieldOpsEvents';
import { LazyBriefingDialog, LazyJoinMissionDialog, preloadFieldOpsDialogs } from './lazyDialogs';
import { LazyActiveSession, LazyJoinView, preloadActiveSession } from './lazyViews';
import { briefingShown, markBriefingShown } from './sessionPointer';
import { useFieldSession } from './useFieldSession';
import { trpc } from '../../trpc';

export function FieldOperations() {
  // The dialogs' code arrives on the hunter's first touch, not with the page (decision 856).
  useEffect(() => onFirstInteraction(preloadFieldOpsDialogs), []);
  // The session's panels on first use (decision 910): fetched once a session is known, or on the first touch
  // (a tap on Resume or Join Mission is about to need them).
  useEffect(() => onFirstInteraction(preloadActiveSession), []);
  const field = useFieldSession();
  const hasSession = field.sessionId !== null;
  useEffect(() => {
    if (hasSession) preloadActiveSession();
  }, [hasSession]);
  const end = useSessionEnd(field.sessionId, field.session?.status);
  const toasts = useAchievementToasts();
  const onAchievement = (event: EventOf<'achievement_earned'> & { id: number }) => toasts.push(toastFromPayload(event.id, event.payload));
  const utils = trpc.useUtils();
  const teamName = (teamId: number) =>
    utils.teams.list.getData({ id: field.sessionId ?? 0 })?.teams.find((t) => t.id === teamId)?.name ?? null;
  return (
    <SessionLive sessionId={field.sessionId} onEvent={fieldOpsEventHandler({ onSessionEnded: end.markEnded, onAchievement, ownHandle: field.session?.hunterHandle ?? null, teamName })}>
      <FieldOperationsBody
        field={field}
        end={end}
        achievements={<AchievementToasts items={toasts.items} onDismiss={toasts.dismiss} />}
      />
    </SessionLive>
  );
}

function FieldOperationsBody({
  field,
  end,
  achievements,
}: {
  field: ReturnType<typeof useFieldSession>;
  end: ReturnType<typeof useSessionEnd>;
  /** The "Achievement earned" toasts, under the header. */
  achievements: ReactNode;
}) {
  const { sessionId, session } = field;
  // Inside SessionLive, so it polls only while the live stream is down.
  const stats = useHunterStats(sessionId, POLL_HUNTER_STATS_MS);
  const { mission } = useSessionMission(session?.missionId);
  const [joinOpen, setJoinOpen] = useState(false);
  const [briefingOpen, setBriefingOpen] = useState(false);
  const running = session !== undefined && (HUNTER_VISIBLE_STATUSES as readonly string[]).includes(session.status);
  // One GPS watch for the page, from the moment a session is chosen; positions go to that session.
  const gps = useGps({ enabled: sessionId !== null, reportToSessionId: sessionId });
  useWakeLock(running);

  const openBriefing = (id: number) => {
    markBriefingShown(id);
    setBriefingOpen(true);
  };

  return (
    <Box mih="100dvh" bg="gray.1">
      <FieldOpsHeader dartsRemaining={stats.data?.dartsRemaining ?? null} captureCount={stats.data?.captureCount ?? null} />
      <ConnectionBanner />
      {achievements}
      <Container size="xl" px="xs" py="sm" component="main">
        {sessionId === null && field.removed !== null ? (
          <RemovedNotice sessionName={field.removed} actionLabel="Find another hunt" onDone={field.dismissRemoved} />
        ) : sessionId === null ? (
          <LazyJoinView
            onJoin={() => setJoinOpen(true)}
            joinedSessions={field.joinedSessions}
            joinedLoading={field.joinedLoading}
            onResume={field.choose}
            onExpeditionJoined={({ sessionId: id }) => {
              field.choose(id);
              if (!briefingShown(id)) openBriefing(id);
            }}
          />
        ) : session === undefined ? (
          <Center h={200}>
            <Loader role="status" aria-label="Loading the session" />
          </Center>
        ) : (
          <LazyActiveSession
            session={session}
            mission={mission}
            gps={gps}
            stats={stats}
            end={end}
            onOpenBriefing={() => setBriefingOpen(true)}
            onLeave={() => {
              setBriefingOpen(false);
              field.leave();
            }}
          />
        )}
      </Container>
      <LazyJoinMissionDialog
        opened={joinOpen}
        onClose={() => setJoinOpen(false)}
        onJoined={({ sessionId: id }) => {
          setJoinOpen(false);
          field.choose(id);
          if (!briefingShown(id)) openBriefing(id);
        }}
      />
      <LazyBriefingDialog opened={briefingOpen && session !== undefined} onClose={() => setBriefingOpen(false)} session={session} mission={mission} />
    </Box>
  );
}
