// axe-core on every page of the product, at phone and desktop sizes (both projects), as the
// user each page is for: no serious or critical violation, and exactly one <main> landmark.
// To cover a new page or state, add an entry to PAGES (a path, who opens it, what shows it is
// drawn, and optional further states such as tabs and dialogs, each checked in turn).
// A11Y_SHOTS=/some/dir saves a screenshot of every page and state checked there.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { ADMIN, expect, test, uniqueName } from './fixtures';
import { createSession, deploy, joinAsGuest, setUpGameMaster, startSession } from './support/play';

/** Who opens the page. */
type Who =
  | 'anonymous'
  /** A hunter account. */
  | 'hunter'
  /** A hunter account joined to a started session (Field Operations shows it). */
  | 'hunterInSession'
  /** A game master without a plan. */
  | 'gamemaster'
  /** A game master with a plan and a started session with dinosaurs. */
  | 'gamemasterWithSession'
  | 'admin'
  /** A guest who joined a started session from /login, on the Hunter Terminal. */
  | 'guestInSession';

type State = { name: string; show: (page: Page) => Promise<void> };
type PageCase = {
  name: string;
  path: string;
  as: Who;
  /** Resolves once the page is drawn; by default, once its main landmark shows a heading. */
  ready?: (page: Page) => Promise<void>;
  /** Further states checked after the first one, in order (tabs, dialogs). */
  states?: State[];
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible({ timeout: 25_000 });
};
const mainHeading = async (page: Page) => {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 25_000 });
};
const tab = (name: string): State => ({
  name: `${name} tab`,
  show: async (page) => {
    // A dialog the previous state opened is closed first, as a user would.
    if (await page.getByRole('dialog').first().isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  },
});

const PAGES: PageCase[] = [
  { name: 'landing', path: '/', as: 'anonymous', ready: heading('Hunt real dinosaurs in the real world.') },
  { name: 'sign in', path: '/login', as: 'anonymous', ready: heading('Welcome back'), states: [tab('Hunter Session')] },
  { name: 'create account', path: '/register', as: 'anonymous', ready: heading('Create Account') },
  { name: 'forgot password', path: '/forgot-password', as: 'anonymous', ready: heading('Forgot your password?') },
  { name: 'reset password', path: '/reset-password?token=abc', as: 'anonymous', ready: heading('Choose a new password') },
  { name: 'confirm address', path: '/verify-email?token=abc', as: 'anonymous', ready: heading('Confirm your address') },
  { name: 'plans', path: '/subscription', as: 'gamemaster' },
  { name: 'checkout', path: '/checkout?client_secret=pi_123_secret_456', as: 'gamemaster', ready: heading('Complete Your Subscription') },
  { name: 'buy credits', path: '/checkout?mode=credits', as: 'gamemasterWithSession', ready: heading('Buy Session Credits') },
  { name: 'account', path: '/account', as: 'hunter', ready: heading('Account') },
  { name: 'field operations', path: '/hunter', as: 'hunter' },
  {
    name: 'field operations in a session',
    path: '/hunter',
    as: 'hunterInSession',
    ready: async (page) => {
      await expect(page.getByTestId('mission-status').or(page.getByRole('dialog'))).toBeVisible({ timeout: 25_000 });
    },
    states: [
      {
        name: 'after the briefing',
        show: async (page) => {
          const briefing = page.getByRole('dialog', { name: /Mission Briefing/ });
          if (await briefing.isVisible()) await briefing.getByRole('button', { name: 'Begin Mission' }).click();
          await expect(briefing).toBeHidden();
          await expect(page.getByTestId('mission-status')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'hunter terminal',
    path: '/hunter-mobile',
    as: 'guestInSession',
    ready: async (page) => {
      await expect(page.getByTestId('terminal-session-name')).toBeVisible({ timeout: 25_000 });
      await expect(page.getByTestId('mission-briefing')).toBeVisible();
    },
    states: [
      tab('Map'),
      tab('Scan'),
      {
        name: 'scan results',
        show: async (page) => {
          await page.getByRole('main').getByRole('button', { name: 'Scan', exact: true }).click();
          await expect(page.getByTestId('scan-hit').first()).toBeVisible({ timeout: 15_000 });
        },
      },
      tab('AR Hunt'),
      {
        // Tapping a scan row picks the target (decision 731); the card opens from AR Hunt.
        name: 'species card',
        show: async (page) => {
          await page.getByRole('button', { name: /: species card$/ }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
      tab('Comms'),
    ],
  },
  {
    name: 'hunter terminal (second address)',
    path: '/mobile-hunter',
    as: 'guestInSession',
    ready: async (page) => {
      await expect(page.getByTestId('mission-briefing')).toBeVisible({ timeout: 25_000 });
    },
  },
  { name: 'mission HQ', path: '/gamemaster', as: 'gamemasterWithSession', ready: heading('Mission HQ') },
  {
    name: 'administration',
    path: '/admin',
    as: 'admin',
    ready: async (page) => {
      await heading('System Administration')(page);
      await expect(page.getByRole('tabpanel')).toBeVisible();
    },
    states: [tab('Missions'), tab('GameMasters'), tab('System')],
  },
  { name: 'privacy policy', path: '/privacy-policy', as: 'anonymous' },
  { name: 'terms', path: '/terms-conditions', as: 'anonymous' },
  { name: 'not found', path: '/no-such-page', as: 'anonymous' },
  { name: 'model debug', path: '/debug-models', as: 'admin', ready: heading('Model Debug') },
  { name: 'model test', path: '/model-test', as: 'anonymous', ready: heading(/Model Test/) },
];

/** The only rules of axe's moderate level this suite enforces too (the brief asks for one <main> per page). */
const ALWAYS_ENFORCED = new Set(['landmark-one-main', 'landmark-no-duplicate-main']);

/** Runs axe on the page as it is now; returns the violations that fail the check, as readable text. */
async function audit(page: Page): Promise<string[]> {
  // Let transitions (toasts, tabs, dialogs) finish: a half-faded element is measured at its in-between colour.
  await page.waitForTimeout(600);
  const results: AxeResults = await new AxeBuilder({ page })
    // Leaflet's own attribution control ("Leaflet | © OpenStreetMap") is the library's markup, drawn by it at
    // a fixed size and colour over the tiles; the app's map content (markers, buttons) is still checked.
    .exclude('.leaflet-control-attribution')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_ENFORCED.has(v.id))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replaceAll('\n', '\n      ')}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    });
}

async function signInApi(request: APIRequestContext, credentials: { username: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
}

async function registerApi(request: APIRequestContext, role: 'hunter' | 'gamemaster') {
  const username = uniqueName(role === 'hunter' ? 'ranger' : 'gm');
  const res = await request.post('/api/auth/register', {
    data: { username, password: 'Fossil-Trail-42', email: `${username}@example.com`, firstName: 'Ada', lastName: 'Lovelace', role },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A started session with two dinosaurs near the emulated position, created by a game master in `gm`'s cookie jar. */
async function liveSession(gm: APIRequestContext) {
  await setUpGameMaster(gm);
  const session = await createSession(gm);
  await deploy(gm, session.id, { lat: 48.8586, lng: 2.2945 });
  await deploy(gm, session.id, { lat: 48.8579, lng: 2.2952 });
  await startSession(gm, session.id);
  return session;
}

/** Signs `page` in as `who` (its context's cookies) and opens `path`. */
async function openAs(page: Page, gmApi: APIRequestContext, who: Who, path: string) {
  switch (who) {
    case 'anonymous':
      break;
    case 'hunter':
      await registerApi(page.request, 'hunter');
      break;
    case 'hunterInSession': {
      const session = await liveSession(gmApi);
      await registerApi(page.request, 'hunter');
      const res = await page.request.post(`/api/game-sessions/${session.id}/join`, { data: { password: session.password } });
      expect(res.status(), await res.text()).toBe(200);
      // Field Operations shows the session its local pointer names (features/field-ops/sessionPointer.ts).
      await page.addInitScript((id) => localStorage.setItem('dinohunt.fieldOps.sessionId', String(id)), session.id);
      break;
    }
    case 'gamemaster':
      await registerApi(page.request, 'gamemaster');
      break;
    case 'gamemasterWithSession':
      await liveSession(page.request);
      break;
    case 'admin':
      await signInApi(page.request, ADMIN);
      break;
    case 'guestInSession': {
      const session = await liveSession(gmApi);
      await joinAsGuest(page, { sessionId: session.id, password: session.password, handle: uniqueName('Rex').slice(0, 20) });
      if (new URL(page.url()).pathname === path) return;
      break;
    }
  }
  await page.goto(path);
}

test.describe('accessibility (axe-core)', () => {
  for (const entry of PAGES) {
    test(`${entry.name} (${entry.path}) has no serious or critical violation`, async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      await openAs(page, request, entry.as, entry.path);
      await (entry.ready ?? mainHeading)(page);

      const failures: string[] = [];
      const check = async (state: string) => {
        const found = await audit(page);
        if (process.env.A11Y_SHOTS) {
          fs.mkdirSync(process.env.A11Y_SHOTS, { recursive: true });
          const file = `${entry.name}-${state}-${testInfo.project.name}.png`.replace(/[^\w.-]+/g, '_');
          await page.screenshot({ path: path.join(process.env.A11Y_SHOTS, file) });
        }
        if (found.length) failures.push(`${entry.path}, ${state}:\n${found.join('\n')}`);
      };
      await check('as opened');
      for (const state of entry.states ?? []) {
        await state.show(page);
        await check(state.name);
      }
      expect(failures.length, failures.join('\n\n')).toBe(0);
    });
  }
});
