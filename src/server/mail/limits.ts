// The mail queue's timers and limits (issue #45): the server's plumbing, not game rules.

/** How often the leading process looks for due mails (a new mail on the leader goes at once). */
export const MAIL_TICK_MS = 2000;
/** Mails claimed in one tick, oldest first. */
export const MAIL_BATCH = 20;
/** A claimed mail not finished within this is claimed again (its process died mid-send). */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** Connecting to, greeting and talking with the SMTP server: past this the attempt fails and is retried. */
export const MAIL_SEND_TIMEOUT_MS = 30_000;
/** Attempts before a mail is given up (status failed): with the backoff below, about a day. */
export const MAIL_MAX_ATTEMPTS = 12;
/** The wait after the first failed attempt; it doubles with each one, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 5000;
export const MAIL_RETRY_MAX_MS = 4 * 60 * 60_000;
/** The window of the mail rate limits (MAIL_RATE_LIMIT mails per address and per account). */
export const MAIL_RATE_WINDOW_S = 60 * 60;
/** Sent and failed mails are deleted this long after they were queued; the development outbox keeps its mails as long. */
export const MAIL_KEPT_MS = 14 * 24 * 60 * 60_000;
/** Mails the admin's outbox lists, newest first. */
export const MAIL_OUTBOX_LISTED = 50;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_MAX_MS, MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
