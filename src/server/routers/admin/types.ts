// Contracts of the admin router: input and output schemas, beside the procedures.
import { z } from 'zod';
import { AddCreditsFields } from '../../../domain/catalogue-schemas';
import { idParam } from '../../trpc';

export const tags = ['admin'];

export { GameMasterSchema, MissionSchema, SpeciesSchema } from './outputs.types';

export const OverviewSchema = z.object({
  speciesCount: z.number().int(),
  missionCount: z.number().int(),
  activeSessions: z.number().int().describe('Sessions active, started or paused'),
  totalUsers: z.number().int().describe('Accounts, not counting guest hunters'),
  gameMasters: z.number().int(),
  guestHunters: z.number().int(),
});

export const NumericIdParam = (what: string) =>
  z.object({ id: idParam(`Invalid ${what} id`) });

export const UserIdParam = z.object({ id: z.string().trim().min(1, 'Invalid user id').max(100, 'Invalid user id') });

export const AddCreditsInput = UserIdParam.extend(AddCreditsFields.shape);

export const DeletedOutput = z.object({ success: z.literal(true), id: z.number().int(), message: z.string().optional() });

export const UserDeletedOutput = z.object({
  success: z.literal(true),
  id: z.string(),
  sessionsEnded: z.number().int(),
  sessionsDeleted: z.number().int(),
});

export const CreditsOutput = z.object({
  success: z.literal(true),
  id: z.string(),
  sessionCredits: z.number().int(),
  creditsAdded: z.number().int(),
});

/** The admin-only error responses every admin procedure documents. */
export const adminErrors = { 401: 'Not signed in', 403: 'Not an admin' } as const;
