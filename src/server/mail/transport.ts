// Where a mail goes once the queue hands it on (issue #45): the SMTP server of SMTP_URL through
// nodemailer (STARTTLS where the server offers it, as nodemailer does by default on smtp://), or,
// without SMTP_URL, the process's log: the app then works offline, and the admin reads the mails in
// the development outbox (System Controls; the queue keeps their bodies, decision 990).
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config';
import { MAIL_SEND_TIMEOUT_MS } from './limits';
import type { MailContent } from './templates';

export type MailDelivery = 'smtp' | 'log';

export type MailTransport = {
  delivery: MailDelivery;
  /** Resolves once the mail server accepted the mail (or it was logged); rejects with the reason otherwise. */
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
};

type Log = { info(message: string): void };

export function createMailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: () => Log): MailTransport {
  if (!config.SMTP_URL) {
    return {
      delivery: 'log',
      async send(to, content) {
        // The text part has every link in full: a developer copies it from here.
        log().info(`Mail (not sent: SMTP_URL is unset) to ${to}: ${content.subject}\n${content.text}`);
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    // A mail server that hangs holds one queue slot, never a request: the queue retries later.
    connectionTimeout: MAIL_SEND_TIMEOUT_MS,
    greetingTimeout: MAIL_SEND_TIMEOUT_MS,
    socketTimeout: MAIL_SEND_TIMEOUT_MS,
  } satisfies SMTPTransport.Options);
  return {
    delivery: 'smtp',
    async send(to, content) {
      await transporter.sendMail({ from: config.MAIL_FROM, to, subject: content.subject, text: content.text, html: content.html });
    },
    close: () => transporter.close(),
  };
}

/** The start-up line that says where mail goes. */
export function describeMailDelivery(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): string {
  if (!config.SMTP_URL) {
    return 'Mail: SMTP_URL is unset, so no mail leaves this server: each one is written to this log with its links and kept in the development outbox (Admin, System Controls).';
  }
  const url = new URL(config.SMTP_URL);
  // Host and port only: the URL's user and password stay out of the log.
  return `Mail: sent through ${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)} from ${config.MAIL_FROM}.`;
}
