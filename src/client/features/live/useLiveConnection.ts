// The state of the live stream, shared with every block under <SessionLive>.
import { createContext, useContext } from 'react';
import type { LiveConnection } from './types';

export const LiveConnectionContext = createContext<LiveConnection>('idle');

/**
 * Whether the screen's queries poll now: while the stream is down (reconnecting, or a first opening past its
 * grace, LIVE_FIRST_OPEN_GRACE_MS: decision 918), and always without a stream. Its own context, so a screen
 * that only polls does not redraw when the stream opens (its answer stays "no").
 */
export const LivePollingContext = createContext<boolean>(true);

export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}

/**
 * A query's `refetchInterval`: nothing while events arrive over the socket (or it is opening), the spec's
 * polling interval while they cannot.
 */
export function usePollWhileOffline(ms: number): number | false {
  return useContext(LivePollingContext) ? ms : false;
}
