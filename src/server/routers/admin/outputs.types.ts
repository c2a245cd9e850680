// The admin catalogue's and accounts' answers: zod only, so services infer their return types from
// them (z.infer) without importing the router.
import { z } from 'zod';

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
  period: z
    .string()
    .nullable()
    .describe('When it lived (a knowledge fact the species card shows), e.g. "Late Cretaceous, about 68 to 66 million years ago"')
    .meta({ examples: ['Late Cretaceous, about 68 to 66 million years ago'] }),
  fossilSites: z
    .string()
    .nullable()
    .describe('Where its fossils were found (a knowledge fact the species card shows)')
    .meta({ examples: ['Western North America: Montana, the Dakotas, Wyoming, Alberta and Saskatchewan'] }),
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
  emailVerified: z.boolean().describe('Whether the game master confirmed the address (POST /admin/users/{id}/resend-verification sends the link again)'),
});

/** One account in the admin's search (GET /admin/users): any role. */
export const AdminUserSchema = z.object({
  id: z.string(),
  role: z.enum(['gamemaster', 'hunter', 'admin']).describe('The account role'),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  sessionCredits: z.number().int().describe('Session credits (game masters; 0 for others)'),
  accountStatus: z.string().describe('active or suspended'),
  createdAt: z.string().describe('When the account was created (ISO 8601)'),
});

/** What an account's status may be (decision 721). */
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;

export const AccountStatusOutput = z.object({
  success: z.literal(true),
  id: z.string(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
});
