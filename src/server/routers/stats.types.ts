// Contracts of the stats router's answers: zod only, so the services infer their return types from them.
import { z } from 'zod';

export const ObservationOutputSchema = z.object({
  success: z.boolean(),
  outcome: z.enum(['observed', 'missed', 'out_of_range']),
  message: z.string(),
  dinosaurId: z.number().int(),
  speciesId: z.number().int(),
  speciesName: z.string(),
  distance: z.number().describe("Metres from the hunter's last reported position, measured by the server"),
  range: z.number(),
  observationRate: z.number().describe('captureRate x 100'),
  dartsRemaining: z.number().int(),
  dartsUsed: z.number().int(),
  dinosaursObserved: z.number().int(),
  totalDinosaurs: z.number().int(),
  missionComplete: z.boolean(),
});

export const HunterStatsOutput = z.object({
  hunterId: z.string(),
  hunterName: z.string(),
  dinosaursObserved: z.number().int(),
  totalObservationTime: z.number().int().describe('Minutes in the running session since joining'),
  reportsSubmitted: z.number().int().describe('Messages sent to the session'),
  photosTaken: z.number().int(),
  distanceTraveled: z.number().describe('Metres, from stored positions'),
  uniqueSpeciesFound: z.number().int(),
  dartsRemaining: z.number().int(),
  dartsUsed: z.number().int(),
  captureCount: z.number().int(),
  accuracy: z.number().describe('Percent: successful observations / shots fired'),
  shotsFired: z.number().int(),
  completionRank: z.number().int().describe("The hunter's place among the session's hunters by dinosaurs observed (1 = best)"),
  huntersInSession: z.number().int().describe('How many hunters the session has'),
  observedDinosaurIds: z
    .array(z.number().int())
    .describe("The session dinosaurs (ids) this hunter has observed: the terminal marks them and offers the next one"),
});
