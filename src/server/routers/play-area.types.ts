// Contracts of the play-area procedures (REST bodies and tRPC results).
import { z } from 'zod';
import { ZONE_STATES } from '../../domain/play-area-schemas';

const Point = z.object({ lat: z.number(), lng: z.number() });

export const PlayAreaOutputSchema = z.object({
  sessionId: z.number().int(),
  playArea: z.array(Point).nullable().describe('The play area, corners in order; null: play anywhere'),
  noGoZones: z.array(z.array(Point)).describe('No-go zones inside the area, each a list of corners'),
  hunters: z
    .array(
      z.object({
        playerId: z.number().int(),
        userId: z.string(),
        hunterName: z.string(),
        zone: z.enum(ZONE_STATES).nullable().describe('inside, outside_area or in_no_go; null before the first fix or without an area'),
        since: z.string().nullable().describe('When the zone state last changed'),
      }),
    )
    .describe("Where the server judged each hunter last (the owner and admins: every hunter; a hunter: themselves)"),
  dinosaursMisplaced: z
    .number()
    .int()
    .describe('For the owner and admins: dinosaurs outside the area or in a no-go zone (starting asks first); 0 for hunters'),
});

export const tags = ['play-area'];
