// Inputs of the achievements' procedures (issue 29). Zod only: the client's form reuses them.
import { z } from 'zod';
import { MESSAGES, RegisterFields } from './schemas';

/** Keep-as-account: a guest's registration; the role is always hunter (the guest is one). */
const KeepFields = RegisterFields.omit({ role: true });

const passwordsMatch = {
  message: MESSAGES.passwordsDontMatch,
  path: ['confirmPassword'],
};

export const KeepAchievementsInput = KeepFields.extend({
  confirmPassword: z.string({ error: MESSAGES.confirmPassword }).optional(),
})
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, passwordsMatch)
  .transform(({ confirmPassword: _confirmation, ...fields }) => fields);
export type KeepAchievementsInput = z.infer<typeof KeepAchievementsInput>;

/** The end dialog's form: the fields plus the confirmation, required here. */
export const KeepAchievementsForm = KeepFields.extend({
  confirmPassword: z.string({ error: MESSAGES.confirmPassword }).min(1, MESSAGES.confirmPassword),
}).refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type KeepAchievementsForm = z.infer<typeof KeepAchievementsForm>;
