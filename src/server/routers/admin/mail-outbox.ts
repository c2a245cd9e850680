// The admin's view of the mail queue (issue #45): where mail goes, how many wait, the latest mails.
// Without SMTP_URL this is the development outbox: the mails' text, links included, is shown, since
// no mail leaves the server (decision 990). With SMTP the bodies are never shown (they may hold links).
import { z } from 'zod';
import { latestMails, waitingMailCount } from '../../db/queries/mail-outbox';
import { MAIL_OUTBOX_LISTED } from '../../mail/limits';
import { adminProcedure } from '../../trpc';
import { adminErrors, tags } from './types';

const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string().meta({ example: 'grace@example.com' }),
  kind: z.string().describe('password_reset, password_changed, email_verification or email_changed').meta({ example: 'password_reset' }),
  subject: z.string().meta({ example: 'Reset your Dinohunt password' }),
  status: z
    .enum(['queued', 'sending', 'sent', 'logged', 'failed'])
    .describe('logged: written to the log instead of sent (SMTP_URL unset); failed: given up after its retries'),
  attempts: z.number().int(),
  createdAt: z.number().int().describe('When it was queued (ms since the epoch)'),
  sentAt: z.number().int().nullable().describe('When it was sent or logged (ms since the epoch)'),
  lastError: z.string().nullable().describe("The mail server's answer to the last failed attempt"),
  text: z.string().nullable().describe('The text of a logged mail (development outbox); null for mails sent over SMTP'),
});

export const MailOutboxSchema = z.object({
  delivery: z.enum(['smtp', 'log']).describe('smtp: SMTP_URL is set; log: mails are written to the log and kept here'),
  waiting: z.number().int().describe('Mails queued or being sent'),
  mails: z.array(OutboxMail).describe(`The ${MAIL_OUTBOX_LISTED} newest mails, newest first`),
});

export const mailOutbox = adminProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/admin/mail-outbox',
      tags,
      summary: 'The mail queue: where mail goes, how many mails wait, and the newest mails',
      description:
        'Without SMTP_URL no mail leaves the server: each is written to the log and kept here with its text and links ' +
        '(the development outbox). With SMTP_URL the mails are listed without their text. Admins only: 401 without a ' +
        'sign-in, 403 for anyone else.',
      errorResponses: adminErrors,
    },
  })
  .input(z.void())
  .output(MailOutboxSchema)
  .query(async ({ ctx }) => {
    const showText = ctx.mail.delivery === 'log';
    const rows = await latestMails(ctx.db, MAIL_OUTBOX_LISTED);
    return {
      delivery: ctx.mail.delivery,
      waiting: await waitingMailCount(ctx.db),
      mails: rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        kind: r.kind,
        subject: r.subject,
        status: r.status,
        attempts: r.attempts,
        createdAt: r.createdAt,
        sentAt: r.sentAt,
        lastError: r.lastError,
        text: showText ? r.textBody : null,
      })),
    };
  });
