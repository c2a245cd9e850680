// "Forgot password?" end to end (issue #45) through a real SMTP server on loopback (smtp-server),
// mails read with mailparser: the link, the token's single use and expiry, the same answer for
// known and unknown addresses, old sign-ins and sockets ended, and the queue delivering once the
// mail server is back. Runs on PostgreSQL too (DATABASE_URL).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../../domain/rules';
import { RESET_LINK_INVALID } from '../../domain/schemas';
import { accountTokens, mailOutbox } from '../db/schema';
import { hashToken } from '../auth/lucia';
import { WsClient } from '../../../test/support/comms-kit';
import { ApiClient, signUp, startTestServer, type TestServer } from '../../../test/support/harness';
import { linkToken, type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';

let smtp: SmtpSink;
let server: TestServer;
const sockets: WsClient[] = [];
let clock: number | undefined;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hunt.example.org', MAIL_RATE_LIMIT: '50' });
  server.deps.now = () => clock ?? Date.now();
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await server.close();
  await smtp.stop();
});

const NEW_PASSWORD = 'Amber-Trail-2026';
/** The reset mail's queue row for `to` (registration queued a confirmation to the same address before it). */
const resetRow = async (to: string) =>
  (await server.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'password_reset'))))[0];
const login = (username: string, password: string) => new ApiClient(server.url).post('/api/auth/login', { username, password });

async function askForLink(email: string) {
  const since = smtp.received.length;
  const res = await new ApiClient(server.url).post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true });
  return smtp.waitFor(email, { since, subject: /Reset your Dinohunt password/ });
}

describe('password reset by email', () => {
  it('mails a link to PUBLIC_URL/reset-password; the token sets the new password once, and signs nobody in', async () => {
    const hunter = await signUp(server, 'hunter', { firstName: 'Mary' });
    const email = `${hunter.user.username}@example.com`;
    const mail = await askForLink(email.toUpperCase()); // the address in any case
    expect(mail.from).toBe('no-reply@dinohunt.app');
    expect(mail.text).toContain('Hello Mary,');
    expect(mail.text).toMatch(/https:\/\/hunt\.example\.org\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain('Choose a new password');
    expect(mail.html).toContain('https://hunt.example.org/reset-password?token=');
    const token = linkToken(mail);
    // Stored hashed only, expiring within the hour.
    const [stored] = await server.deps.db.select().from(accountTokens).where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(stored?.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(JSON.stringify(await server.deps.db.select().from(accountTokens))).not.toContain(token);
    // Once sent, the queue keeps no copy of the link.
    await expect.poll(async () => (await resetRow(email))?.status).toBe('sent');
    expect(JSON.stringify(await server.deps.db.select().from(mailOutbox))).not.toContain(token);

    const weak = await new ApiClient(server.url).post('/api/auth/reset-password', { token, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.data.fieldErrors.password).toMatch(/too common/);

    const reset = await new ApiClient(server.url).post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });
    expect(reset.headers.getSetCookie().join(';')).not.toMatch(/dinohunt_session=[^;]+/);
    expect((await login(hunter.user.username, 'Fossil-Trail-42')).status).toBe(401);
    expect((await login(hunter.user.username, NEW_PASSWORD)).status).toBe(200);
    await smtp.waitFor(email, { subject: /password was changed/ });

    const again = await new ApiClient(server.url).post('/api/auth/reset-password', { token, password: 'Second-Trail-2027' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(RESET_LINK_INVALID);
    expect((await login(hunter.user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('a token does not work after it expires, nor once a newer link was sent', async () => {
    const hunter = await signUp(server, 'hunter');
    const email = `${hunter.user.username}@example.com`;
    const first = linkToken(await askForLink(email));
    const second = linkToken(await askForLink(email));
    const replaced = await new ApiClient(server.url).post('/api/auth/reset-password', { token: first, password: NEW_PASSWORD });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error).toBe(RESET_LINK_INVALID);

    clock = Date.now() + PASSWORD_RESET_TTL_MS + 1000;
    try {
      const late = await new ApiClient(server.url).post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe(RESET_LINK_INVALID);
    } finally {
      clock = undefined;
    }
    expect((await login(hunter.user.username, 'Fossil-Trail-42')).status).toBe(200);
    const made = await new ApiClient(server.url).post('/api/auth/reset-password', { token: 'not-a-token-at-all', password: NEW_PASSWORD });
    expect(made.status).toBe(400);
  });

  it('answers known and unknown addresses alike, in the same time within noise; only the known one gets a mail', async () => {
    const hunter = await signUp(server, 'hunter');
    const known = `${hunter.user.username}@example.com`;
    const unknown = `nobody-${hunter.user.username}@example.com`;
    const ask = async (email: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const body = await res.text();
      return { status: res.status, body, ms: performance.now() - started };
    };
    await ask(unknown); // warm up
    const knownRuns: number[] = [];
    const unknownRuns: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const a = await ask(known);
      const b = await ask(unknown);
      expect(a.status).toBe(b.status);
      expect(a.body).toBe(b.body);
      knownRuns.push(a.ms);
      unknownRuns.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // The known address's work (lookup, token, mail) happens after the answer: no measurable gap.
    expect(Math.abs(median(knownRuns) - median(unknownRuns))).toBeLessThan(15);
    await smtp.waitFor(known, { subject: /Reset your Dinohunt password/ });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.some((m) => m.to === unknown)).toBe(false);

    const invalid = await new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Please enter a valid email address');
  });

  it('a reset ends every old sign-in of the account and closes its sockets', async () => {
    const gm = await signUp(server, 'gamemaster');
    const phone = new ApiClient(server.url);
    expect((await phone.post('/api/auth/login', { username: gm.user.username, password: 'Fossil-Trail-42' })).status).toBe(200);
    // With an https PUBLIC_URL the sign-in cookie is __Host-dinohunt_session: send the whole jar.
    const ws = WsClient.connect(server, '', phone.cookies());
    sockets.push(ws);
    await ws.next((f) => f.type === 'connected');

    const token = linkToken(await askForLink(`${gm.user.username}@example.com`));
    expect((await new ApiClient(server.url).post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await ws.closed).code).toBe(4401);
    expect((await gm.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
  });

  it('the queue delivers a mail asked for while the mail server was down, once it is back', async () => {
    const hunter = await signUp(server, 'hunter');
    const email = `${hunter.user.username}@example.com`;
    await smtp.stop();
    const since = smtp.received.length;
    const res = await new ApiClient(server.url).post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(200); // the answer does not wait for the mail server
    // The first attempt fails and the mail waits for its retry.
    await expect
      .poll(
        async () => {
          const row = await resetRow(email);
          return row?.status === 'queued' && row.attempts >= 1;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const waiting = await resetRow(email);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.lastError).toBeTruthy();
    await smtp.restart();
    // Its retry comes due; the next tick sends it.
    clock = Date.now() + 60_000;
    try {
      await server.deps.mail.tick();
      const mail = await smtp.waitFor(email, { since, timeoutMs: 15_000, subject: /Reset your Dinohunt password/ });
      expect(linkToken(mail)).toHaveLength(43);
    } finally {
      clock = undefined;
    }
    await expect.poll(async () => (await resetRow(email))?.status).toBe('sent');
    expect(smtp.received.slice(since).filter((m) => m.to === email && /Reset your/.test(m.subject))).toHaveLength(1);
  });
});
