// The device cookie itself (decision 720): signed, tamper-evident, `__Host-` and Secure behind HTTPS, and its
// key kept beside the database so cookies outlive a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_SESSIONS } from '../../domain/rules';
import { createDeviceCookies, loadDeviceSecret, newNonce } from './device-cookie';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-device-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pair = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookies', () => {
  const cookies = createDeviceCookies(Buffer.alloc(32, 7), false);
  const device = { userId: 'c0ffee-user', sessionIds: [12, 3], nonce: newNonce() };

  it('reads back what it signed, among other cookies; HttpOnly, SameSite=Lax, 180 days', () => {
    const set = cookies.serialize(device);
    expect(set).toMatch(/^dinohunt_device=v1\.[^;]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies.read(`dinohunt_session=abc; ${pair(set)}; theme=dark`)).toEqual(device);
    expect(cookies.read('dinohunt_session=abc')).toBeNull();
    expect(cookies.read('dinohunt_device=%%%')).toBeNull();
  });

  it('refuses any change to the account, the sessions or the nonce, and another key', () => {
    const value = pair(cookies.serialize(device)).slice('dinohunt_device='.length);
    const [v, user, sessions, nonce, mac] = value.split('.') as [string, string, string, string, string];
    const forged = [
      [v, Buffer.from('someone-else').toString('base64url'), sessions, nonce, mac],
      [v, user, '12_3_99', nonce, mac],
      [v, user, sessions, newNonce(), mac],
      [v, user, sessions, nonce, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`],
      [v, user, sessions, nonce],
    ];
    for (const parts of forged) expect(cookies.read(`dinohunt_device=${parts.join('.')}`)).toBeNull();
    expect(createDeviceCookies(Buffer.alloc(32, 8), false).read(`dinohunt_device=${value}`)).toBeNull();
  });

  it('keeps at most DEVICE_COOKIE_SESSIONS sessions; a guest device has no account', () => {
    const many = { userId: null, sessionIds: Array.from({ length: 15 }, (_, i) => i + 1), nonce: newNonce() };
    const read = cookies.read(pair(cookies.serialize(many)));
    expect(read?.userId).toBeNull();
    expect(read?.sessionIds).toEqual(many.sessionIds.slice(0, DEVICE_COOKIE_SESSIONS));
  });

  it('is __Host- and Secure behind HTTPS; the blank cookie removes it', () => {
    const secure = createDeviceCookies(Buffer.alloc(32, 7), true);
    const set = secure.serialize(device);
    expect(set).toMatch(/^__Host-dinohunt_device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(secure.read(pair(set))).toEqual(device);
    expect(cookies.read(pair(set))).toBeNull(); // the plain name is another cookie
    expect(secure.blank()).toBe('__Host-dinohunt_device=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure');
  });

  it('generates its key once, beside the database (0600), and reads the same one after a restart', () => {
    const config = { DATABASE_PATH: path.join(dir, 'db', 'app.sqlite') };
    const first = loadDeviceSecret(config);
    const file = path.join(dir, 'db', 'device-cookie.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadDeviceSecret(config).equals(first)).toBe(true);
    const before = createDeviceCookies(first, false).serialize(device);
    expect(createDeviceCookies(loadDeviceSecret(config), false).read(pair(before))).toEqual(device);
    // An in-memory database gets a key of its own each time.
    expect(loadDeviceSecret({ DATABASE_PATH: ':memory:' }).equals(loadDeviceSecret({ DATABASE_PATH: ':memory:' }))).toBe(false);
  });
});
