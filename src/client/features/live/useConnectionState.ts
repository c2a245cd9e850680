// The connection as a player should read it, on every live screen: the browser's own
// online/offline (TanStack Query's onlineManager, the same one that holds mutations
// back while offline and sends them on reconnect) and the live stream's state (a
// phone out of coverage often still says "online": the socket's pings find it out).
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CONNECTION_BACK_NOTICE_MS } from '../../../domain/rules';
import { useLiveConnection } from './useLiveConnection';

/** offline: the device has no network; reconnecting: the live stream dropped; back: it just returned. */
export type ConnectionState = 'online' | 'offline' | 'reconnecting' | 'back';

export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** True while what the screen shows may be out of date (offline, or the stream is down). */
export function useConnectionDown(): boolean {
  const online = useOnline();
  const live = useLiveConnection();
  return !online || live === 'reconnecting';
}

/** The banner's state: 'back' for CONNECTION_BACK_NOTICE_MS after being offline or reconnecting. */
export function useConnectionState(): ConnectionState {
  const online = useOnline();
  const live = useLiveConnection();
  const down: ConnectionState | null = !online ? 'offline' : live === 'reconnecting' ? 'reconnecting' : null;
  const wasDown = useRef(false);
  const [back, setBack] = useState(false);
  useEffect(() => {
    if (down) {
      wasDown.current = true;
      setBack(false);
      return;
    }
    // Back only once the stream (when there is one) delivers again.
    if (!wasDown.current || live === 'connecting') return;
    wasDown.current = false;
    setBack(true);
    const timer = window.setTimeout(() => setBack(false), CONNECTION_BACK_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [down, live]);
  return down ?? (back ? 'back' : 'online');
}
