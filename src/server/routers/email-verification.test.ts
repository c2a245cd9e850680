// Confirming addresses (issue #45, decision 993) through a real SMTP server on loopback: a new game
// master plays and prepares but cannot publish a public expedition until the mailed link is followed;
// a change of address confirms the new one and tells the old one; the admin resends. Without
// SMTP_URL (the other tests' servers) new accounts start confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signInAdmin, signUp, startTestServer, subscribedGameMaster, type TestServer } from '../../../test/support/harness';
import { linkToken, type SmtpSink, startSmtpSink } from '../../../test/support/smtp-sink';
import { CONFIRM_TO_PAY, CONFIRM_TO_PUBLISH, EMAIL_LINK_INVALID } from '../services/email-verification';
import { startStripeDouble } from '../../../test/support/stripe-double';
import { subscriptionPlans } from '../db/schema';
import { eq } from 'drizzle-orm';

let smtp: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_RATE_LIMIT: '50' });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const HERE = { lat: 48.8584, lng: 2.2945 };
const publicSession = (name: string) => ({
  name,
  password: 'raptor-4821',
  maxPlayers: 10,
  duration: 60,
  isPublic: true,
  meetingPoint: HERE,
});

describe('email verification', () => {
  it('a new game master prepares hunts but publishes a public expedition only once the mailed link is followed', async () => {
    const since = smtp.received.length;
    const gm = await subscribedGameMaster(server); // a plan without charge needs no confirmation
    const email = `${gm.user.username}@example.com`;
    expect((await gm.get('/api/auth/user')).body.emailVerified).toBe(false);
    const mail = await smtp.waitFor(email, { since, subject: /Confirm your email address/ });
    expect(mail.html).toContain('Confirm my address');
    const token = linkToken(mail, '/verify-email');

    // Preparing works: a private session.
    const priv = await gm.post('/api/game-sessions', { ...publicSession('Private prep'), isPublic: false, meetingPoint: undefined });
    expect(priv.status).toBe(200);
    const refused = await gm.post('/api/game-sessions', publicSession('Too early'));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(CONFIRM_TO_PUBLISH);
    expect(refused.body.emailUnverified).toBe(true);
    const publish = await gm.put(`/api/game-sessions/${priv.body.id}/expedition`, { isPublic: true, meetingPoint: HERE });
    expect(publish.status).toBe(403);

    const confirmed = await new ApiClient(server.url).post('/api/auth/verify-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ success: true, email });
    expect((await gm.get('/api/auth/user')).body.emailVerified).toBe(true);
    expect((await gm.put(`/api/game-sessions/${priv.body.id}/expedition`, { isPublic: true, meetingPoint: HERE })).status).toBe(200);

    const again = await new ApiClient(server.url).post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(EMAIL_LINK_INVALID);
  });

  it('a change of address mails a confirmation to the new one and a notice to the old one; it changes once confirmed', async () => {
    const hunter = await signUp(server, 'hunter');
    const old = `${hunter.user.username}@example.com`;
    const next = `new-${hunter.user.username}@example.com`;
    const wrong = await hunter.post('/api/auth/change-email', { email: next, currentPassword: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fieldErrors.currentPassword).toBe('Current password is incorrect');
    const since = smtp.received.length;
    const res = await hunter.post('/api/auth/change-email', { email: next, currentPassword: 'Fossil-Trail-42' });
    expect(res.status).toBe(200);
    const notice = await smtp.waitFor(old, { since, subject: /address is changing/ });
    expect(notice.text).toContain(next);
    const confirmation = await smtp.waitFor(next, { since, subject: /Confirm your email address/ });
    expect((await hunter.get('/api/auth/user')).body.email).toBe(old); // not yet
    const confirmed = await new ApiClient(server.url).post('/api/auth/verify-email', { token: linkToken(confirmation, '/verify-email') });
    expect(confirmed.status).toBe(200);
    const me = (await hunter.get('/api/auth/user')).body;
    expect(me.email).toBe(next);
    expect(me.emailVerified).toBe(true);
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: next, password: 'Fossil-Trail-42' })).status).toBe(200);

    const other = await signUp(server, 'hunter');
    const clash = await hunter.post('/api/auth/change-email', { email: `${other.user.username}@example.com`, currentPassword: 'Fossil-Trail-42' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('An account with this email already exists');
  });

  it('the owner and the admin can send the link again; the earlier one stops working', async () => {
    const gm = await signUp(server, 'gamemaster');
    const email = `${gm.user.username}@example.com`;
    const first = linkToken(await smtp.waitFor(email), '/verify-email');
    const since = smtp.received.length;
    expect((await gm.post('/api/auth/resend-verification')).status).toBe(200);
    const second = linkToken(await smtp.waitFor(email, { since }), '/verify-email');
    expect(second).not.toBe(first);
    const admin = await signInAdmin(server);
    const since2 = smtp.received.length;
    expect((await admin.post(`/api/admin/users/${gm.user.id}/resend-verification`)).status).toBe(200);
    const third = linkToken(await smtp.waitFor(email, { since: since2 }), '/verify-email');
    expect((await gm.post(`/api/admin/users/${gm.user.id}/resend-verification`)).status).toBe(403);
    expect((await admin.post('/api/admin/users/nobody/resend-verification')).status).toBe(404);

    expect((await new ApiClient(server.url).post('/api/auth/verify-email', { token: first })).status).toBe(400);
    expect((await new ApiClient(server.url).post('/api/auth/verify-email', { token: second })).status).toBe(400);
    expect((await new ApiClient(server.url).post('/api/auth/verify-email', { token: third })).status).toBe(200);
    expect((await gm.post('/api/auth/resend-verification')).status).toBe(409);
    expect((await admin.post(`/api/admin/users/${gm.user.id}/resend-verification`)).status).toBe(409);
  });

  it('the outbox lists mails sent over SMTP without their text', async () => {
    const admin = await signInAdmin(server);
    const res = await admin.get('/api/admin/mail-outbox');
    expect(res.status).toBe(200);
    expect(res.body.delivery).toBe('smtp');
    expect(res.body.mails.length).toBeGreaterThan(0);
    expect(res.body.mails.every((m: { text: string | null }) => m.text === null)).toBe(true);
    const hunter = await signUp(server, 'hunter');
    expect((await hunter.get('/api/admin/mail-outbox')).status).toBe(403);
  });
});

describe('with Stripe', () => {
  it('an unconfirmed game master cannot pay by card until the address is confirmed', async () => {
    const stripeApi = await startStripeDouble();
    const paying = await startTestServer({
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripeApi.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_dinohunt',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_dinohunt',
      STRIPE_API_BASE: stripeApi.url,
    });
    try {
      const gm = await signUp(paying, 'gamemaster');
      const [plan] = await paying.deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Starter'));
      const refused = await gm.post('/api/create-subscription', { planId: plan!.id });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(CONFIRM_TO_PAY);
      expect(refused.body.emailUnverified).toBe(true);
      const token = linkToken(await smtp.waitFor(`${gm.user.username}@example.com`), '/verify-email');
      expect((await new ApiClient(paying.url).post('/api/auth/verify-email', { token })).status).toBe(200);
      const allowed = await gm.post('/api/create-subscription', { planId: plan!.id });
      expect(allowed.status).toBe(200);
    } finally {
      await paying.close();
      await stripeApi.close();
    }
  });
});

describe('without SMTP_URL', () => {
  let offline: TestServer;
  beforeAll(async () => {
    offline = await startTestServer();
  });
  afterAll(() => offline.close());

  it('new accounts start confirmed, and the development outbox keeps each mail with its link', async () => {
    const gm = await signUp(offline, 'gamemaster');
    expect((await gm.get('/api/auth/user')).body.emailVerified).toBe(true);
    const res = await new ApiClient(offline.url).post('/api/auth/forgot-password', { email: `${gm.user.username}@example.com` });
    expect(res.status).toBe(200);
    const admin = await signInAdmin(offline);
    await expect
      .poll(async () => (await admin.get('/api/admin/mail-outbox')).body.mails.find((m: { to: string }) => m.to === `${gm.user.username}@example.com`)?.status, { timeout: 5000 })
      .toBe('logged'); // within a tick (MAIL_TICK_MS)
    const outbox = (await admin.get('/api/admin/mail-outbox')).body;
    expect(outbox.delivery).toBe('log');
    const mail = outbox.mails.find((m: { to: string }) => m.to === `${gm.user.username}@example.com`);
    expect(mail.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    // The link points at the origin the request was sent to (no PUBLIC_URL here).
    expect(mail.text).toContain(`${offline.url}/reset-password?token=`);
  });
});
