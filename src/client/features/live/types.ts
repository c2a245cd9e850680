/** One event of a game session's live stream (tRPC `comms.events`): the contract's (domain/contracts/stream.ts). */
export type { LiveEvent } from '../../../domain/contracts';

/**
 * The socket as a person should understand it: not needed (no session), opening,
 * delivering events, or interrupted (tRPC is reconnecting; screens poll meanwhile).
 */
export type LiveConnection = 'idle' | 'connecting' | 'live' | 'reconnecting';
