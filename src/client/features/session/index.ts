export { SessionStateBanner } from './SessionStateBanner';
export { StatusBadge } from './StatusBadge';
export { TimeBadge, TimeBadgeView } from './TimeBadge';
export { type ClockSession, type SessionClock, sessionStatusBadge, useSessionClock } from './useSessionClock';
export { RemovedNotice } from './RemovedNotice';
