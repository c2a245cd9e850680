// Zod schemas shared by the client's forms and the server's inputs, carrying the
// specification's exact messages. This file imports only zod and the rules.
import { z } from 'zod';
import {
  MAX_EMAIL_LENGTH,
  MAX_HUNTER_HANDLE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_USERNAME_LENGTH,
  MIN_HUNTER_HANDLE_LENGTH,
  MIN_NEW_PASSWORD_LENGTH,
  MIN_USERNAME_LENGTH,
  SELF_REGISTRATION_ROLES,
} from './rules';
import { cleanName, hasInvisibleCharacters } from './text-keys';

export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  sessionIdRequired: 'Session ID is required',
  sessionPasswordRequired: 'Session password is required',
  handleTooShort: 'Hunter handle must be at least 3 characters',
  usernameTooShort: 'Username must be at least 3 characters',
  invalidEmail: 'Please enter a valid email address',
  /** New passwords (registration, password change); signing in accepts older, shorter ones. */
  passwordTooShort: `Password must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`,
  currentPasswordRequired: 'Current password is required',
  confirmPassword: 'Please confirm your password',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  selectRole: 'Please select a role',
  passwordsDontMatch: "Passwords don't match",
  handleInvisible: 'Hunter handle may not contain invisible or control characters',
} as const;

const tooLong = (n: number) => `Must be at most ${n} characters`;

/**
 * A hunter handle: the name other players read beside every message. Stored
 * NFKC with single spaces; invisible characters are refused so nobody can pose
 * as another hunter ('R\u200bex'). Uniqueness compares foldKey(handle).
 */
const handleLength = z
  .string({ error: MESSAGES.handleTooShort })
  .trim()
  .min(MIN_HUNTER_HANDLE_LENGTH, MESSAGES.handleTooShort)
  .max(MAX_HUNTER_HANDLE_LENGTH, tooLong(MAX_HUNTER_HANDLE_LENGTH));
// The lengths are checked as typed (so the OpenAPI document shows them) and again once cleaned.
export const HunterHandle = handleLength
  .refine((s) => !hasInvisibleCharacters(s), MESSAGES.handleInvisible)
  .transform(cleanName)
  .pipe(handleLength);

/** A password being chosen (registration, change): MIN_NEW_PASSWORD_LENGTH and up. */
const newPasswordField = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(MIN_NEW_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH));

export const LoginInput = z.object({
  // Sign-in by username or email address, so the email length bounds it.
  username: z
    .string({ error: MESSAGES.usernameRequired })
    .trim()
    .min(1, MESSAGES.usernameRequired)
    .max(MAX_EMAIL_LENGTH, tooLong(MAX_EMAIL_LENGTH)),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const HunterJoinInput = z.object({
  sessionId: z
    .union([z.string(), z.number()], { error: MESSAGES.sessionIdRequired })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MESSAGES.sessionIdRequired)),
  password: z
    .string({ error: MESSAGES.sessionPasswordRequired })
    .trim()
    .min(1, MESSAGES.sessionPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
  hunterHandle: HunterHandle,
});
export type HunterJoinInput = z.input<typeof HunterJoinInput>;

/**
 * What the server accepts: everything the form sends. The spec's client leaves
 * confirmPassword out; a client that sends it gets it checked here too.
 */
export const RegisterFields = z.object({
  username: z
    .string({ error: MESSAGES.usernameTooShort })
    .trim()
    .min(MIN_USERNAME_LENGTH, MESSAGES.usernameTooShort)
    .max(MAX_USERNAME_LENGTH, tooLong(MAX_USERNAME_LENGTH))
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores'),
  // Trim before checking: phone keyboards add a space after an autocompleted address.
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH, MESSAGES.invalidEmail),
  ),
  password: newPasswordField,
  firstName: z
    .string({ error: MESSAGES.firstNameRequired })
    .trim()
    .min(1, MESSAGES.firstNameRequired)
    .max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH)),
  lastName: z
    .string({ error: MESSAGES.lastNameRequired })
    .trim()
    .min(1, MESSAGES.lastNameRequired)
    .max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH)),
  role: z.enum(SELF_REGISTRATION_ROLES, { error: MESSAGES.selectRole }),
});

const passwordsMatch = {
  message: MESSAGES.passwordsDontMatch,
  path: ['confirmPassword'],
  // Compare as soon as both passwords are filled in, even while other fields are still invalid.
  when: ({ value }: { value: unknown }) => {
    const v = (value ?? {}) as { password?: unknown; confirmPassword?: unknown };
    return typeof v.password === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword.length > 0;
  },
};

export const RegisterInput = RegisterFields.extend({
  confirmPassword: z.string({ error: MESSAGES.confirmPassword }).optional(),
})
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, passwordsMatch)
  .transform(({ confirmPassword: _confirmation, ...fields }) => fields);
export type RegisterInput = z.infer<typeof RegisterInput>;

/** The registration form: the server's fields plus the confirmation, required here. */
export const RegisterForm = RegisterFields.extend({
  confirmPassword: z.string({ error: MESSAGES.confirmPassword }).min(1, MESSAGES.confirmPassword),
}).refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type RegisterForm = z.infer<typeof RegisterForm>;

/**
 * POST /auth/change-password. The server also refuses the most common passwords (a
 * list too large for the client bundle), answered as a field error on `password`.
 */
export const ChangePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, MESSAGES.currentPasswordRequired)
      .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmPassword }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, passwordsMatch)
  .transform(({ confirmPassword: _confirmation, ...fields }) => fields);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** An address as the account forms take it: trimmed (phone keyboards add a space), then checked. */
const emailField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.email({ error: MESSAGES.invalidEmail }).max(MAX_EMAIL_LENGTH, MESSAGES.invalidEmail),
);

/** POST /auth/forgot-password (issue #45): the address a reset link goes to, when an account has it. */
export const ForgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** POST /auth/reset-password: the token of the mailed link and the new password (the new-password rules). */
export const ResetPasswordInput = z
  .object({
    token: z.string({ error: RESET_LINK_INVALID }).trim().min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmPassword }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, passwordsMatch)
  .transform(({ confirmPassword: _confirmation, ...fields }) => fields);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The /reset-password form: the confirmation is required there. */
export const ResetPasswordForm = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmPassword }).min(1, MESSAGES.confirmPassword),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** POST /auth/change-email: the new address, confirmed by the current password. */
export const ChangeEmailInput = z.object({
  email: emailField,
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH)),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** POST /auth/verify-email: the token of the mailed confirmation link. */
export const VerifyEmailInput = z.object({
  token: z.string({ error: 'This confirmation link is invalid' }).trim().min(1, 'This confirmation link is invalid').max(200, 'This confirmation link is invalid'),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;
