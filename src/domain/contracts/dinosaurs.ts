// A deployed dinosaur as the API answers it: the deploy reads and writes, and the dinosaur_deployed/moved events.
import { z } from 'zod';

export const DinosaurOutputSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  speciesId: z.number().int(),
  latitude: z.string().describe('Decimal degrees, as a string'),
  longitude: z.string().describe('Decimal degrees, as a string'),
  health: z.number().int(),
  status: z.string(),
  speciesName: z.string(),
  modelUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type DinosaurOutput = z.infer<typeof DinosaurOutputSchema>;
