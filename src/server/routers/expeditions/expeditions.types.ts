// Contracts of public expeditions and removing a hunter (issue 29, decisions 835-837).
import { z } from 'zod';
import { SESSION_STATUSES } from '../../../domain/rules';

export const ExpeditionOutputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(SESSION_STATUSES),
  startsAt: z.string().nullable().describe('When it started (live) or is scheduled to start; null: no time set yet'),
  meetingPoint: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  meetingNote: z.string().nullable(),
  description: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  maxPlayers: z.number().int(),
  currentPlayers: z.number().int(),
  spotsLeft: z.number().int(),
  distanceM: z.number().nullable().describe('Metres from the position in the query to the meeting point; null without one'),
  joined: z.boolean().describe('The caller already hunts in it'),
});

export const ExpeditionListOutput = z.array(ExpeditionOutputSchema);

export const RemoveHunterOutput = z.object({
  success: z.literal(true),
  hunterId: z.string(),
  hunterHandle: z.string(),
  currentPlayers: z.number().int().describe('Hunters left in the session'),
});

export const tags = ['expeditions'];
