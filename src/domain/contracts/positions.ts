// A hunter's last known position as HQ reads it: comms.hunterLocations and the hunter_location event.
import { z } from 'zod';
import { LatLng } from './shared';

export const HunterPositionOutput = z.object({
  userId: z.string(),
  playerId: z.number().int(),
  hunterName: z.string(),
  teamId: z.number().int().nullable().describe("The hunter's team (null: none, or a solo session)"),
  location: LatLng,
  accuracy: z.number(),
  precision: z.string(),
  distanceTraveled: z.number(),
  timestamp: z.number().int(),
});
export type HunterPosition = z.infer<typeof HunterPositionOutput>;
