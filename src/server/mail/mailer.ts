// The platform's mail (issue #45, decision 991). A request never waits on a mail server: it writes the
// mail to the mail_outbox table (or hands the whole job to `later`, so its answer does not depend on
// it) and returns. The process that leads the cluster (db/leadership.ts, decision 889) sends what is
// due, every MAIL_TICK_MS and at once when a mail is queued there; each mail is claimed by one
// conditional update first (db/queries/mail-outbox.ts), so one process sends it. A failed attempt is
// retried with a doubling wait; a restart loses nothing (the rows stay). Every mail counts against
// MAIL_RATE_LIMIT per address and per account (the shared rate-limit store on PostgreSQL).
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Leadership } from '../db/leadership';
import {
  claimMail,
  dueMailIds,
  insertMail,
  markAttemptFailed,
  markDelivered,
  pruneMails,
} from '../db/queries/mail-outbox';
import type { Queryable } from '../db/types';
import type { Limiter, RateLimitStore } from '../services/rate-limit-store';
import { MAIL_BATCH, MAIL_CLAIM_MS, MAIL_KEPT_MS, MAIL_MAX_ATTEMPTS, MAIL_RATE_WINDOW_S, MAIL_TICK_MS, retryDelayMs } from './limits';
import type { MailDelivery, MailTransport } from './transport';
import type { MailContent, MailKind } from './templates';

export type OutgoingMail = { to: string; userId: string | null; kind: MailKind; content: MailContent };

type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

export type Mailer = {
  delivery: MailDelivery;
  /**
   * Queues a mail within the rate limits: true when queued, false when a limit refused it (it is
   * then dropped and logged: the caller's answer must not tell). `q` may be the caller's transaction.
   */
  queue(q: Queryable, mail: OutgoingMail): Promise<boolean>;
  /**
   * Runs mail work after the request has answered (a forgot-password answer must not depend on
   * whether the address is known, in content or time); its failure is logged. `stop` waits for it.
   */
  later(work: () => Promise<void>): void;
  /** Sends what is due now if this process leads; resolves to how many mails were attempted. */
  tick(): Promise<number>;
  /** Starts the timer (app.ts onReady). */
  start(): void;
  /** Stops the timer; resolves once the work under way (a tick, `later` jobs) has finished. */
  stop(): Promise<void>;
};

export type MailerDeps = {
  config: Pick<Config, 'MAIL_RATE_LIMIT'>;
  db: Db;
  transport: MailTransport;
  limits: RateLimitStore;
  leadership: Leadership;
  now: () => number;
  log: () => Log;
};

/** The mail's address as the limits count it: one key per mailbox, whatever its case. */
const addressKey = (address: string) => address.trim().toLowerCase();

export function createMailer(deps: MailerDeps): Mailer {
  const perAddress: Limiter = deps.limits.window({ keyPrefix: 'mail-address', points: deps.config.MAIL_RATE_LIMIT, duration: MAIL_RATE_WINDOW_S });
  const perAccount: Limiter = deps.limits.window({ keyPrefix: 'mail-account', points: deps.config.MAIL_RATE_LIMIT, duration: MAIL_RATE_WINDOW_S });
  const pending = new Set<Promise<unknown>>();
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let nextPrune = 0;

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };

  const withinLimits = async (mail: OutgoingMail): Promise<boolean> => {
    try {
      await perAddress.consume(addressKey(mail.to));
      if (mail.userId) await perAccount.consume(mail.userId);
      return true;
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal; // the store failed, not the limit
      return false;
    }
  };

  /** One attempt at one claimed mail. */
  const attempt = async (id: number): Promise<boolean> => {
    const now = deps.now();
    const row = await claimMail(deps.db, id, now, now + MAIL_CLAIM_MS);
    if (!row) return false; // another process (or tick) has it
    try {
      await deps.transport.send(row.toAddress, { subject: row.subject, text: row.textBody, html: row.htmlBody });
      await markDelivered(deps.db, id, deps.transport.delivery === 'smtp' ? 'sent' : 'logged', deps.now());
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const givingUp = row.attempts >= MAIL_MAX_ATTEMPTS;
      await markAttemptFailed(deps.db, id, reason.slice(0, 500), givingUp ? null : deps.now() + retryDelayMs(row.attempts));
      // The mail's id and kind only: addresses stay out of the log.
      deps.log().warn(`mail ${id} (${row.kind}) not sent, attempt ${row.attempts}${givingUp ? ', given up' : ', will retry'}: ${reason}`);
    }
    return true;
  };

  const run = async (): Promise<number> => {
    try {
      return (
        (await deps.leadership.runAsLeader(async () => {
          const now = deps.now();
          if (now >= nextPrune) {
            nextPrune = now + MAIL_KEPT_MS / 14;
            await pruneMails(deps.db, now - MAIL_KEPT_MS);
          }
          let attempted = 0;
          for (const id of await dueMailIds(deps.db, now, MAIL_BATCH)) {
            if (!deps.leadership.isLeader()) break;
            if (await attempt(id)) attempted += 1;
          }
          return attempted;
        })) ?? 0
      );
    } catch (err) {
      deps.log().error(`mail queue tick failed: ${String(err)}`);
      return 0;
    } finally {
      running = undefined;
    }
  };

  // One tick at a time; a mail queued during a tick is picked up by the next (queue() asks for one).
  let again = false;
  const tick = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = run().then((n) => {
      if (again) {
        again = false;
        void track(tick());
      }
      return n;
    });
    return running;
  };

  return {
    delivery: deps.transport.delivery,
    async queue(q, mail) {
      if (!(await withinLimits(mail))) {
        deps.log().warn(`mail (${mail.kind}) not queued: past MAIL_RATE_LIMIT for its address or account`);
        return false;
      }
      const id = await insertMail(
        q,
        { toAddress: mail.to, userId: mail.userId, kind: mail.kind, subject: mail.content.subject, textBody: mail.content.text, htmlBody: mail.content.html },
        deps.now(),
      );
      // Sent at once on the leader. Queued in a transaction, it is seen once that commits: the caller
      // then calls tick(), or the timer finds it within MAIL_TICK_MS.
      setImmediate(() => void track(tick()));
      return id > 0;
    },
    later(work) {
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((err: unknown) => deps.log().error(`mail job failed: ${String(err)}`)),
      );
    },
    tick: () => track(tick()),
    start() {
      timer = setInterval(() => void track(tick()), MAIL_TICK_MS);
      timer.unref();
      // Taking over: what waited while no process led goes now.
      unsubscribe = deps.leadership.onChange((leader) => {
        if (leader) void track(tick());
      });
    },
    async stop() {
      if (timer) clearInterval(timer);
      unsubscribe?.();
      while (pending.size > 0) await Promise.allSettled([...pending]);
      deps.transport.close();
    },
  };
}
