// Single-use tokens of mailed links (issue #45; OWASP Forgot Password cheat sheet): 32 random bytes,
// stored only as their SHA-256 (as the sign-in tokens: lucia.ts hashToken), each for one purpose and
// a short time. Using one deletes it in the same statement that reads it, so two uses race for one row.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { accountTokens } from '../db/schema';
import type { Queryable } from '../db/types';
import { hashToken } from './lucia';

export type TokenPurpose = 'password_reset' | 'email_verification';

/** A new token for the account (replacing its earlier ones of the same purpose): the token itself, for the link. */
export async function issueAccountToken(
  q: Queryable,
  p: { userId: string; purpose: TokenPurpose; email: string; now: number; ttlMs: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  // One live link per purpose: a newer mail makes the older link stop working.
  await q.delete(accountTokens).where(and(eq(accountTokens.userId, p.userId), eq(accountTokens.purpose, p.purpose)));
  await q.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId: p.userId,
    purpose: p.purpose,
    email: p.email,
    expiresAt: p.now + p.ttlMs,
    createdAt: p.now,
  });
  return token;
}

/**
 * Uses the token: deletes its row and answers its account and address when it was for `purpose` and
 * unexpired; null otherwise (unknown, used, expired or another purpose: one answer for all).
 */
export async function useAccountToken(
  q: Queryable,
  token: string,
  purpose: TokenPurpose,
  now: number,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await q
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email, expiresAt: accountTokens.expiresAt });
  if (!row || row.expiresAt <= now) return null;
  return { userId: row.userId, email: row.email };
}

/** Ends the account's links of one purpose (its password was reset: older reset links stop working). */
export async function dropAccountTokens(q: Queryable, userId: string, purpose: TokenPurpose): Promise<void> {
  await q.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}
