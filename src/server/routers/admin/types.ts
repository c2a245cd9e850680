// Contracts of the admin router: input and output schemas, beside the procedures.
import { z } from 'zod';
import { AddCreditsFields } from '../../../domain/catalogue-schemas';
import { idParam } from '../../trpc';

export const tags = ['admin'];

export const SpeciesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scientificName: z.string().nullable(),
  description: z.string().nullable(),
  rarity: z.string().nullable(),
  dietType: z.string().nullable(),
  locomotionType: z.string().nullable(),
  length: z.string().nullable(),
  weight: z.string().nullable(),
  health: z.number().int(),
  captureRate: z.number(),
  modelUrl: z.string().nullable().describe('Public URL of the 3D model, e.g. /uploads/models/x.glb'),
  modelPath: z.string().nullable().describe('The model file relative to /uploads'),
  modelFileName: z.string().nullable().describe('The model file name as uploaded (display only), or null if unknown'),
  usdzUrl: z
    .string()
    .nullable()
    .describe('Public URL of the USDZ for iOS AR Quick Look beside the glb, e.g. /uploads/models/x.usdz; null when there is none'),
});

export const MissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  briefingVideoUrl: z.string().nullable(),
  coverPhotoFileName: z.string().nullable().describe('The cover photo file name as uploaded (display only)'),
  briefingVideoFileName: z.string().nullable().describe('The briefing video file name as uploaded (display only)'),
  difficulty: z.string().nullable(),
  duration: z.number().int().nullable(),
  maxPlayers: z.number().int(),
  objectives: z.array(z.string()),
});

export const GameMasterSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  sessionCredits: z.number().int(),
  accountStatus: z.string(),
});

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
