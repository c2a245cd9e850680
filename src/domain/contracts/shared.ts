// Pieces every contract shares: a point on the map, and the fields every session event's payload carries.
import { z } from 'zod';

/** A point in decimal degrees, as the server stores and sends it. */
export const LatLng = z.object({ lat: z.number(), lng: z.number() });
export type LatLng = z.infer<typeof LatLng>;

/** Milliseconds since the epoch: the server's time of the change. */
export const Timestamp = z.number().describe('Milliseconds since the epoch');

/** What the payload of an event of one game session always holds: its session and when it changed. */
export const SessionEventFields = {
  sessionId: z.number().int(),
  timestamp: Timestamp,
};
