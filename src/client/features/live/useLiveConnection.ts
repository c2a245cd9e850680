// The state of the live stream, shared with every block under <SessionLive>.
import { createContext, useContext } from 'react';
import type { LiveConnection } from './types';

export const LiveConnectionContext = createContext<LiveConnection>('idle');

export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}

/**
 * A query's `refetchInterval`: nothing while events arrive over the socket, the
 * spec's polling interval while they cannot (still connecting, or reconnecting).
 */
export function usePollWhileOffline(ms: number): number | false {
  return useLiveConnection() === 'live' ? false : ms;
}
