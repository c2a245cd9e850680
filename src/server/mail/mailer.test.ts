// The mail queue's guarantees (decision 991), through a real SMTP server on loopback: mailers that all
// believe they lead (processes during a hand-over) send each mail once, because each attempt claims
// its row first; a mail past MAIL_RATE_LIMIT is dropped. On PostgreSQL (DATABASE_URL) the claims race
// on separate connections of the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMail } from '../db/queries/mail-outbox';
import type { Leadership } from '../db/leadership';
import { mailOutbox } from '../db/schema';
import { MEMORY_RATE_LIMITS } from '../services/rate-limit-store';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import { type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { createMailer } from './mailer';
import { createMailTransport } from './transport';

let smtp: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

/** A process that believes it leads, whatever the others believe. */
const alwaysLeading: Leadership = {
  isLeader: () => true,
  onChange: () => () => {},
  runAsLeader: (work) => work(),
  start: async () => {},
  close: async () => {},
};

const quiet = { info() {}, warn() {}, error() {} };

describe('mail queue', () => {
  it('three mailers ticking at once send each mail exactly once', async () => {
    const others = [0, 1].map(() =>
      createMailer({
        config: { MAIL_RATE_LIMIT: 100 },
        db: server.deps.db,
        transport: createMailTransport({ SMTP_URL: smtp.url, MAIL_FROM: 'Dinohunt <no-reply@dinohunt.app>' }, () => quiet),
        limits: MEMORY_RATE_LIMITS,
        leadership: alwaysLeading,
        now: Date.now,
        log: () => quiet,
      }),
    );
    const since = smtp.received.length;
    const addresses = Array.from({ length: 12 }, (_, i) => `race-${i}@example.com`);
    for (const to of addresses) {
      await insertMail(
        server.deps.db,
        { toAddress: to, userId: null, kind: 'password_changed', subject: `For ${to}`, textBody: 'Hello', htmlBody: '<p>Hello</p>' },
        Date.now(),
      );
    }
    await Promise.all([server.deps.mail.tick(), ...others.map((m) => m.tick()), server.deps.mail.tick(), ...others.map((m) => m.tick())]);
    await Promise.all(addresses.map((to) => smtp.waitFor(to, { since })));
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would have arrived by now
    const got = smtp.received.slice(since).map((m) => m.to);
    expect(got.sort()).toEqual([...addresses].sort());
    const rows = await server.deps.db.select().from(mailOutbox);
    for (const to of addresses) expect(rows.find((r) => r.toAddress === to)).toMatchObject({ status: 'sent', attempts: 1, textBody: '' });
    await Promise.all(others.map((m) => m.stop()));
  });

  it('past MAIL_RATE_LIMIT a mail to the same address is dropped, not queued', async () => {
    const mail = { to: 'Busy@Example.com', userId: null, kind: 'password_changed' as const, content: { subject: 'x', text: 'x', html: 'x' } };
    const answers: boolean[] = [];
    for (let i = 0; i < 4; i += 1) answers.push(await server.deps.mail.queue(server.deps.db, { ...mail, to: i % 2 ? 'busy@example.com' : mail.to }));
    expect(answers).toEqual([true, true, true, false]);
  });
});
