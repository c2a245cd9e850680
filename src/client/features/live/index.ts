export { ConnectionBanner } from './ConnectionBanner';
export { useLiveConnection, usePollWhileOffline } from './useLiveConnection';
export { type ConnectionState, useConnectionDown, useConnectionState, useOnline } from './useConnectionState';
export { SessionLive } from './SessionLive';
export type { LiveConnection, LiveEvent } from './types';
