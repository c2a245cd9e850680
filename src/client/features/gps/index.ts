export { GpsErrorNotice } from './GpsErrorNotice';
export { GpsStatus } from './GpsStatus';
export { formatAccuracy, TIER_LABEL } from './gpsDisplay';
export { type FusedPosition, type Gps, type GpsError, type PrecisionTier, type UseGpsOptions, useGps } from './useGps';
export { useWakeLock } from './useWakeLock';
