import { z } from 'zod';
import { USER_ROLES } from '../../domain/rules';

export const PublicUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  isGuest: z.boolean(),
  sessionCredits: z.number().int(),
  accountStatus: z.string(),
  emailVerified: z
    .boolean()
    .describe(
      'Whether the owner confirmed the address by its mailed link. Until then a game master cannot publish a public expedition or pay for a plan (when verification is required, decision 993).',
    ),
});

/** The signed-in user as GET /api/auth/user answers: a guest hunter also learns the game session it is bound to. */
export const CurrentUserSchema = PublicUserSchema.extend({
  gameSessionId: z
    .number()
    .int()
    .nullable()
    .describe("A guest hunter's game session (guests act only within it); null for accounts"),
});

export const LoginOutput = z.object({ user: PublicUserSchema });
export const RegisterOutput = z.object({ user: PublicUserSchema, role: z.enum(USER_ROLES) });
export const SuccessOutput = z.object({ success: z.literal(true) });
