// What state the hunt is in, in a player's words, under a play screen's header:
// waiting for the start, paused by the game master (and why the map is quiet),
// time up, ended. Nothing while the hunt runs. Ended is never called expired:
// only a clock that ran out is (domain/countdown playerSessionState).
import { Paper, Text } from '@mantine/core';
import { IconClockStop, IconFlag, IconHourglassEmpty, IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type PlayerSessionState, playerSessionState } from '../../../domain/countdown';
import { type ClockSession, useSessionClock } from './useSessionClock';

const STATES: Record<Exclude<PlayerSessionState, 'live'>, { title: string; detail: string; icon: ReactNode; bg: string; c: string }> = {
  waiting: {
    title: 'Waiting for the start',
    detail: 'The game master has not started the hunt yet: read the Brief meanwhile.',
    icon: <IconHourglassEmpty size={20} aria-hidden />,
    bg: 'blue.9',
    c: 'white',
  },
  paused: {
    title: 'Session paused',
    detail: 'The game master paused the hunt: dinosaurs are hidden and the clock is stopped until it resumes.',
    icon: <IconPlayerPause size={20} aria-hidden />,
    bg: 'orange.3',
    c: 'dark.9',
  },
  time_up: {
    title: 'Time is up',
    detail: "The hunt's time ran out: waiting for the game master to end it.",
    icon: <IconClockStop size={20} aria-hidden />,
    bg: 'red.9',
    c: 'white',
  },
  ended: {
    title: 'This hunt has ended',
    detail: 'The game master ended the hunt: your results are final.',
    icon: <IconFlag size={20} aria-hidden />,
    bg: 'dark.6',
    c: 'white',
  },
};

export function SessionStateBanner({ session }: { session: ClockSession }) {
  const { remainingMs } = useSessionClock(session);
  const state = playerSessionState(session.status, remainingMs);
  return (
    <div role="status" aria-live="polite" data-testid="session-state" data-state={state}>
      {state !== 'live' && (
        <Paper radius={0} px="md" py={6} bg={STATES[state].bg} c={STATES[state].c} data-testid="session-state-banner">
          <Text size="sm" fw={800} lh={1.3} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            {STATES[state].icon}
            {STATES[state].title}
          </Text>
          <Text size="sm" lh={1.3}>
            {STATES[state].detail}
          </Text>
        </Paper>
      )}
    </div>
  );
}
