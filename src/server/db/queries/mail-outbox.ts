// The mail queue's statements (mail/mail-queue.ts, decision 991). A mail is claimed by one
// conditional update, so of several processes (or two ticks of one) exactly one sends it.
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { plus } from '../expressions';
import { mailOutbox } from '../schema';
import type { Queryable } from '../types';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = { toAddress: string; userId: string | null; kind: string; subject: string; textBody: string; htmlBody: string };

export async function insertMail(q: Queryable, mail: NewMail, now: number): Promise<number> {
  const [row] = await q
    .insert(mailOutbox)
    .values({ ...mail, status: 'queued', attempts: 0, nextAttemptAt: now, createdAt: now })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Due: queued and its time come, or claimed by a process that did not finish within its claim. */
const due = (now: number) =>
  or(
    and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)),
    and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)),
  );

export async function dueMailIds(q: Queryable, now: number, limit: number): Promise<number[]> {
  const rows = await q.select({ id: mailOutbox.id }).from(mailOutbox).where(due(now)).orderBy(asc(mailOutbox.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** Takes the mail for one attempt until `claimUntil`: the row, or undefined when another claim won. */
export async function claimMail(q: Queryable, id: number, now: number, claimUntil: number): Promise<MailRow | undefined> {
  const [row] = await q
    .update(mailOutbox)
    .set({ status: 'sending', claimedUntil: claimUntil, attempts: plus(mailOutbox.attempts, 1) })
    .where(and(eq(mailOutbox.id, id), due(now)))
    .returning();
  return row;
}

/**
 * The attempt succeeded. Sent over SMTP, the bodies are emptied: a reset link is a secret the
 * database keeps only hashed (decision 990). Logged (no SMTP_URL), they stay for the outbox.
 */
export async function markDelivered(q: Queryable, id: number, status: 'sent' | 'logged', now: number): Promise<void> {
  await q
    .update(mailOutbox)
    .set({
      status,
      sentAt: now,
      claimedUntil: null,
      lastError: null,
      ...(status === 'sent' ? { textBody: '', htmlBody: '' } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

/** The attempt failed: queued again for `nextAttemptAt`, or given up (failed, bodies emptied). */
export async function markAttemptFailed(q: Queryable, id: number, error: string, nextAttemptAt: number | null): Promise<void> {
  await q
    .update(mailOutbox)
    .set(
      nextAttemptAt === null
        ? { status: 'failed', claimedUntil: null, lastError: error, textBody: '', htmlBody: '' }
        : { status: 'queued', claimedUntil: null, lastError: error, nextAttemptAt },
    )
    .where(eq(mailOutbox.id, id));
}

/** Deletes finished mails queued before `before`. */
export async function pruneMails(q: Queryable, before: number): Promise<void> {
  await q.delete(mailOutbox).where(and(inArray(mailOutbox.status, ['sent', 'logged', 'failed']), lt(mailOutbox.createdAt, before)));
}

/** The newest mails, for the admin's outbox. */
export async function latestMails(q: Queryable, limit: number): Promise<MailRow[]> {
  return q.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** How many mails wait (queued or being sent): the outbox's header. */
export async function waitingMailCount(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'sending']));
  return Number(row?.n ?? 0);
}
