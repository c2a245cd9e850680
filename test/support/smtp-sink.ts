// A real SMTP server on loopback for tests (smtp-server), every mail it receives parsed with
// mailparser. It can stop and start again on the same port, as a mail server that goes away.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; from: string; subject: string; text: string; html: string; parsed: ParsedMail };

export type SmtpSink = {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first mail to `to` (case-insensitive) received after `since` mails, within `timeoutMs`. */
  waitFor(to: string, opts?: { since?: number; timeoutMs?: number; subject?: RegExp }): Promise<ReceivedMail>;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
};

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain loopback: no certificate to offer
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address).join(',');
            received.push({
              to,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  let server = make();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const actualPort = await listen(port);
  return {
    url: `smtp://mailer:secret@127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    waitFor(to, opts = {}) {
      const { since = 0, timeoutMs = 10_000, subject } = opts;
      const find = () =>
        received.slice(since).find((m) => m.to.toLowerCase().split(',').includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => m.to).join(', ')})`));
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = make();
      await listen(actualPort);
    },
  };
}

/** The token of the first `/reset-password?token=...` (or other path) link in a mail's text. */
export function linkToken(mail: ReceivedMail, path = '/reset-password'): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}
