// The Hunter Terminal (/hunter-mobile and /mobile-hunter): who may play which
// session, then the five-tab screen inside the session's live stream.
import { useRef } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { SessionLive } from '../live/SessionLive';
import type { LiveEvent } from '../live/types';
import { TerminalNotice } from './TerminalNotice';
import { TerminalScreen } from './TerminalScreen';
import { useTerminalSessionId } from './useTerminalSessionId';

export function HunterTerminal() {
  const { sessionId, isLoading, isAuthenticated } = useTerminalSessionId();
  // The screen registers its handler here: SessionLive must sit above the screen's
  // queries (they poll only while its connection is down), yet the handler needs the screen's state.
  const onEvent = useRef<((event: LiveEvent) => void) | null>(null);

  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) {
    return (
      <TerminalNotice title="Sign in to hunt">
        Join a hunt from the login page with the session ID and password your game master gave you, and pick a hunter
        handle.
      </TerminalNotice>
    );
  }
  if (sessionId === null) {
    return (
      <TerminalNotice title="No hunt session">
        You have not joined a hunt session yet. Join one from the login page with its session ID and password.
      </TerminalNotice>
    );
  }
  return (
    <SessionLive sessionId={sessionId} onEvent={(event) => onEvent.current?.(event)}>
      <TerminalScreen sessionId={sessionId} eventHandler={onEvent} />
    </SessionLive>
  );
}
