/**
 * When a hunter's fused position is sent to the server (comms.reportPosition).
 *
 * The server needs a fresh position for observations (at most
 * OBSERVATION_POSITION_MAX_AGE_MS old) and the game master's live map; the
 * phone needs to save battery and data. So: about every 3 s while holding
 * still, at once after 5 m of movement or a change of precision tier, never
 * more often than once a second, never a fix the fusion rejected, and never a
 * held fix so old that re-sending it would pass a stale position off as fresh.
 *
 * Pure: the caller passes the clock.
 */
import type { FusedPosition } from './gps';
import {
  POSITION_REPORT_INTERVAL_MS,
  POSITION_REPORT_MAX_FIX_AGE_MS,
  POSITION_REPORT_MIN_INTERVAL_MS,
  POSITION_REPORT_MIN_MOVE_M,
} from './rules';
import { distanceMeters } from './scanner';

/** What was last sent, and when (the caller's clock, ms). */
export interface SentReport {
  readonly position: FusedPosition;
  readonly sentAt: number;
}

export interface ReportCandidate {
  /** The fusion's output; null when it rejected or ignored the fix (never sent). */
  readonly position: FusedPosition | null;
  /** When the fix behind it arrived (the caller's clock, ms). */
  readonly receivedAt: number;
}

export type ReportReason = 'first' | 'moved' | 'precision' | 'interval';

/** Why the candidate should be sent now, or null when it should not. */
export function reportReason(last: SentReport | null, candidate: ReportCandidate, now: number): ReportReason | null {
  const { position } = candidate;
  if (position === null) return null;
  if (now - candidate.receivedAt > POSITION_REPORT_MAX_FIX_AGE_MS) return null;
  if (last === null) return 'first';
  const elapsed = now - last.sentAt;
  if (elapsed < POSITION_REPORT_MIN_INTERVAL_MS) return null;
  if (distanceMeters(last.position, position) >= POSITION_REPORT_MIN_MOVE_M) return 'moved';
  if (last.position.precision !== position.precision) return 'precision';
  if (elapsed >= POSITION_REPORT_INTERVAL_MS) return 'interval';
  return null;
}

/** The procedure's input for a position (PositionFields of src/domain/comms-schemas.ts, without the session id). */
export function reportBody(position: FusedPosition): {
  lat: number;
  lng: number;
  accuracy: number;
  precision: string;
  timestamp: number;
} {
  return {
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy,
    precision: position.precision,
    timestamp: position.timestamp,
  };
}
