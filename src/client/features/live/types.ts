/** One event of a game session's live stream (tRPC `comms.events`). */
export type LiveEvent = {
  id: number;
  type: string;
  sessionId: number;
  /** Server time of the change, ms since the epoch. */
  timestamp: number;
  payload: Record<string, unknown>;
};

/**
 * The socket as a person should understand it: not needed (no session), opening,
 * delivering events, or interrupted (tRPC is reconnecting; screens poll meanwhile).
 */
export type LiveConnection = 'idle' | 'connecting' | 'live' | 'reconnecting';
