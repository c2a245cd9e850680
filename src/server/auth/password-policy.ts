// New passwords (registration, password change) must not be among the most common
// ones: the 49,000-word list zxcvbn-ts maintains (@zxcvbn-ts/language-common), compared
// without case. Server-side only: the list is too large for the client bundle.
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../errors';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((w) => w.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD = 'This password is too common: choose one that is harder to guess';

/** 400 with a field error on `password` when it is a common one (`message`: a session password's own). */
export function refuseCommonPassword(password: string, message = COMMON_PASSWORD): void {
  if (isCommonPassword(password)) throw badRequest(message, { fieldErrors: { password: message } });
}
