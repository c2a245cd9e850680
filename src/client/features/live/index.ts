export { ConnectionBanner } from './ConnectionBanner';
export { useLiveConnection, usePollWhileOffline } from './useLiveConnection';
export { SessionLive } from './SessionLive';
export type { LiveConnection, LiveEvent } from './types';
