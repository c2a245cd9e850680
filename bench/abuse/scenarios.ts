// The checks of issue #24 that hold or fail rather than take time: malicious lockout
// (an account's and a session's), who may download a photo sent to headquarters, the
// CSP's connect-src, and an account disabled outside the app.
import { JPEG } from '../../test/support/sample-files';
import { type Answer, Browser, json, Socket } from './client';
import { type Bench, nextAddress, pause } from './harness';
import { LOCK_SESSION_PASSWORD, register, type World } from './setup';

export type Check = { name: string; held: boolean; detail: string };
export type Scenario = { name: string; guest?: string; run: (bench: Bench, world: World) => Promise<Check> };

const refused = (status: number) => status === 401 || status === 403 || status === 404;
const said = (answer: Answer) => {
  const body = json<{ error?: string; message?: string }>(answer);
  const text = body?.error ?? body?.message;
  return text ? ` "${text.slice(0, 80)}"` : '';
};

export const SCENARIOS: Scenario[] = [
  {
    name: "Lockout: 10 wrong passwords for admin from one address, then admin's right password",
    async run(bench) {
      const login = (b: Browser, password: string) => b.post('/api/auth/login', { username: 'admin', password });
      // The real admin's browser signed in before (and signed out): its cookie jar is kept.
      const known = new Browser(bench.url, nextAddress());
      const first = await login(known, 'admin-password');
      if (first.status !== 200) throw new Error(`admin sign-in before the attack: ${first.status}`);
      await known.post('/api/auth/logout');
      const attacker = new Browser(bench.url, nextAddress());
      const wrong = new Map<number, number>();
      for (let i = 0; i < 10; i++) {
        const s = (await login(attacker, `not-the-password-${i}`)).status;
        wrong.set(s, (wrong.get(s) ?? 0) + 1);
      }
      const knownAfter = await login(known, 'admin-password');
      const unknown = new Browser(bench.url, nextAddress());
      const unknownAfter = await login(unknown, 'admin-password');
      for (const b of [known, attacker, unknown]) b.close();
      return {
        name: this.name,
        held: knownAfter.status === 200 && unknownAfter.status !== 200,
        detail:
          `wrong: ${[...wrong].map(([s, n]) => `${n}× ${s}`).join(', ')}; browser that signed in before: ${knownAfter.status}${said(knownAfter)}; ` +
          `unknown browser: ${unknownAfter.status}${said(unknownAfter)} (goal: the first 200, the second locked)`,
      };
    },
  },
  {
    name: "Join lock: 20 wrong join passwords for a session from one address, then a hunter's right one",
    async run(bench, world) {
      const join = (b: Browser, password: string, handle: string) =>
        b.post('/api/hunter/join-session', { sessionId: String(world.lockSessionId), password, hunterHandle: handle });
      const attacker = new Browser(bench.url, nextAddress());
      const wrong = new Map<number, number>();
      for (let i = 0; i < 20; i++) {
        const s = (await join(attacker, `guess-${i}`, `Guesser${i}`)).status;
        wrong.set(s, (wrong.get(s) ?? 0) + 1);
      }
      const hunter = new Browser(bench.url, nextAddress());
      const right = await join(hunter, LOCK_SESSION_PASSWORD, 'RealHunter');
      attacker.close();
      hunter.close();
      return {
        name: this.name,
        held: right.status === 200,
        detail: `wrong: ${[...wrong].map(([s, n]) => `${n}× ${s}`).join(', ')}; the hunter from another address: ${right.status}${said(right)}`,
      };
    },
  },
  {
    name: 'Media privacy: a photo sent to headquarters, fetched without a cookie and by an outsider',
    guest: 'hq-photo',
    async run(bench, world) {
      const sender = world.guest('hq-photo');
      const sent = await sender.upload(
        `/api/game-sessions/${world.sessionId}/upload-media`,
        { field: 'media', name: 'photo.jpg', type: 'image/jpeg', bytes: JPEG },
        { recipientType: 'headquarters', message: 'For HQ only' },
      );
      const url = json<{ mediaUrl?: string }>(sent)?.mediaUrl;
      if (sent.status !== 200 || !url) throw new Error(`headquarters photo upload: ${sent.status} ${sent.body.toString().slice(0, 200)}`);
      const anonymous = new Browser(bench.url, nextAddress());
      const outsider = await register(bench, 'hunter');
      const [none, other, gm] = [await anonymous.get(url), await outsider.get(url), await world.gm.get(url)];
      anonymous.close();
      outsider.close();
      const show = (a: Answer) => `${a.status} (Cache-Control: ${a.headers['cache-control'] ?? 'none'})`;
      return {
        name: this.name,
        held: refused(none.status) && refused(other.status) && gm.status === 200 && !/public/i.test(String(gm.headers['cache-control'] ?? '')),
        detail: `no cookie: ${show(none)}; outsider account: ${show(other)}; the game master: ${show(gm)}`,
      };
    },
  },
  {
    name: 'CSP connect-src: no bare scheme sources (ws:, wss:, https:, *)',
    async run(bench) {
      const client = new Browser(bench.url, nextAddress());
      const pages = [await client.get('/'), await client.get('/api/config')];
      client.close();
      const policies = pages.map((p) => String(p.headers['content-security-policy'] ?? ''));
      const connect = policies
        .map((p) => p.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src')) ?? '')
        .find((d) => d !== '');
      if (!connect) return { name: this.name, held: false, detail: 'no connect-src (no CSP header?)' };
      const bare = connect.split(/\s+/).slice(1).filter((s) => s === '*' || /^[a-z][a-z0-9+.-]*:$/i.test(s));
      // data: and blob: cannot reach another host; a bare ws:/wss:/http(s): or * can.
      const reachOut = bare.filter((s) => !/^(data|blob):$/i.test(s));
      return { name: this.name, held: reachOut.length === 0, detail: `${connect}${reachOut.length ? ` (any host: ${reachOut.join(' ')})` : ''}` };
    },
  },
  {
    name: 'Account disable: account_status changed in the database, is the next request refused?',
    async run(bench) {
      const account = await register(bench, 'hunter');
      const before = await account.get('/api/auth/user'); // the sign-in now sits in the server's cache
      const socket = new Socket(`${bench.wsUrl}/ws`, { cookie: account.cookie, localAddress: account.localAddress });
      await socket.until(() => socket.frames.some((f) => f.includes('"type":"connected"')), 5_000);
      let status = 'disabled';
      try {
        await bench.sql("UPDATE users SET account_status = 'disabled' WHERE id = ?", [account.userId], 'run');
      } catch {
        status = 'suspended'; // a schema that names the state so
        await bench.sql("UPDATE users SET account_status = 'suspended' WHERE id = ?", [account.userId], 'run');
      }
      const next = await account.get('/api/auth/user');
      const trpc = await account.get('/trpc/auth.user');
      await pause(2_000);
      const socketClosed = socket.closed ? `closed ${socket.closed.code}` : 'still open after 2 s';
      socket.close();
      account.close();
      return {
        name: this.name,
        held: refused(next.status) && refused(trpc.status),
        detail: `before: ${before.status}; set '${status}'; next REST request: ${next.status}${said(next)}, tRPC: ${trpc.status}; its /ws socket: ${socketClosed}`,
      };
    },
  },
];
