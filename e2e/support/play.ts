// Live-play set-up through the real API, for specs that play a hunt: a subscribed
// game master, a session, deployed dinosaurs, a start, and guest hunters who join
// through the login page as a person would.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, routeExternalServices, uniqueName } from '../fixtures';

export type GameMaster = { username: string; password: string };
export type PlaySession = { id: number; name: string; password: string };
export type Species = { id: number; name: string; scientificName: string; rarity: string; modelUrl: string | null };

/** Registers a game master in `request`'s cookie jar and activates a plan (no payment provider in tests). */
export async function setUpGameMaster(request: APIRequestContext, planName = 'Professional'): Promise<GameMaster> {
  const username = uniqueName('gm');
  const password = 'Fossil-Trail-42';
  const reg = await request.post('/api/auth/register', {
    data: { username, password, email: `${username}@example.com`, firstName: 'Gina', lastName: 'Master', role: 'gamemaster' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const plans: { id: number; name: string }[] = await (await request.get('/api/subscription-plans')).json();
  const plan = plans.find((p) => p.name === planName);
  const sub = await request.post('/api/create-subscription', { data: { planId: plan?.id } });
  expect(sub.status(), await sub.text()).toBe(200);
  return { username, password };
}

export async function createSession(
  request: APIRequestContext,
  opts: { name?: string; password?: string; maxPlayers?: number; duration?: number; missionId?: number | null } = {},
): Promise<PlaySession> {
  const name = opts.name ?? uniqueName('Hunt ');
  const password = opts.password ?? 'raptor-42';
  const res = await request.post('/api/game-sessions', {
    data: { name, password, maxPlayers: opts.maxPlayers ?? 25, duration: opts.duration ?? 60, missionId: opts.missionId ?? null },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body: { id: number } = await res.json();
  return { id: body.id, name, password };
}

export async function speciesList(request: APIRequestContext): Promise<Species[]> {
  const res = await request.get('/api/dinosaur-species');
  expect(res.status()).toBe(200);
  return res.json();
}

/** Deploys a species (the first of the catalogue by default) at a position; returns the dinosaur's id. */
export async function deploy(
  request: APIRequestContext,
  sessionId: number,
  at: { lat: number; lng: number; speciesId?: number },
): Promise<number> {
  const speciesId = at.speciesId ?? (await speciesList(request))[0]!.id;
  const res = await request.post(`/api/game-sessions/${sessionId}/deploy-dinosaur`, {
    data: { sessionId, speciesId, latitude: at.lat, longitude: at.lng },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

export async function startSession(request: APIRequestContext, sessionId: number) {
  const res = await request.post(`/api/game-sessions/${sessionId}/start`, { data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

export async function lifecycle(request: APIRequestContext, sessionId: number, action: 'pause' | 'resume' | 'end') {
  const res = await request.post(`/api/game-sessions/${sessionId}/${action}`, { data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

export async function broadcast(request: APIRequestContext, sessionId: number, message: string) {
  const res = await request.post(`/api/game-sessions/${sessionId}/communications`, {
    data: { message, messageType: 'broadcast', recipientType: 'all' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A phone-sized browser context for a hunter: geolocation granted and emulated, external services routed. */
export async function hunterContext(
  browser: Browser,
  baseURL: string,
  at: { latitude: number; longitude: number; accuracy?: number },
  extra: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { accuracy: 5, ...at },
    ...extra,
  });
  await routeExternalServices(context);
  return context;
}

/**
 * Joins as a guest through /login's Hunter Session tab, as a player would; lands on /hunter-mobile.
 * `sessionId` may be the session's id or its name (the form takes either).
 */
export async function joinAsGuest(page: Page, join: { sessionId: number | string; password: string; handle: string }) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Hunter Session' }).click();
  await page.getByLabel('Session ID', { exact: true }).fill(String(join.sessionId));
  await page.getByLabel('Session Password').fill(join.password);
  await page.getByLabel('Hunter Handle').fill(join.handle);
  await page.getByRole('button', { name: 'Join Hunt' }).click();
  await expect(page).toHaveURL(/\/hunter-mobile\?/);
}
