// Teams (issue 42) against the real server: a game master makes an assigned session with two teams at
// Mission HQ and places four hunters (two guests on the Hunter Terminal, two accounts on Field
// Operations), two per team; a team message reaches the team and HQ and never the other team; teammates
// see each other on the map and not the other team; an observation raises the team's score and the
// ranking changes live on the phones and at HQ; after the end, Past hunts shows the teams and the CSV
// has the team column. An open session: a guest creates a team and an account joins it by its code.
// Everything is asserted as a person sees it, without reloads.
import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test, uniqueName } from './fixtures';
import { deploy, hunterContext, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/teams';
const M_PER_DEG_LAT = 111_320;
const START = { latitude: 48.8584, longitude: 2.2945 };
/** A point `northM` metres north and `eastM` east of START. */
const at = (northM: number, eastM: number) => ({
  latitude: START.latitude + northM / M_PER_DEG_LAT,
  longitude: START.longitude + eastM / (M_PER_DEG_LAT * Math.cos((START.latitude * Math.PI) / 180)),
});
/** The dinosaur stands 60 m north of START: in the 100 m range, outside the 50 m safety distance. */
const DINO = at(60, 0);

type Phone = { context: BrowserContext; page: Page; handle: string; errors: string[] };

/** A species always observed in range (captureRate 1): the test never depends on a roll. */
async function sureSpecies(admin: APIRequestContext) {
  const res = await admin.post('/api/dinosaur-species', {
    multipart: { name: uniqueName('Teamosaurus '), scientificName: 'Teamosaurus certus', rarity: 'common', health: '100', captureRate: '1' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; name: string };
}

async function phone(browser: Browser, baseURL: string, where: { latitude: number; longitude: number }, handle: string): Promise<Phone> {
  const context = await hunterContext(browser, baseURL, where);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, handle, errors };
}

/** A guest joins through the login page and lands on the Hunter Terminal. */
async function guest(browser: Browser, baseURL: string, session: { id: number; password: string }, where: { latitude: number; longitude: number }, prefix: string) {
  const p = await phone(browser, baseURL, where, uniqueName(prefix));
  await joinAsGuest(p.page, { sessionId: session.id, password: session.password, handle: p.handle });
  await expect(p.page.getByTestId('hunter-terminal')).toBeVisible({ timeout: 20_000 });
  return p;
}

/** A hunter account registers, signs in, and joins on Field Operations by the session's name and password. */
async function account(browser: Browser, baseURL: string, session: { name: string; password: string }, where: { latitude: number; longitude: number }) {
  const p = await phone(browser, baseURL, where, '');
  const username = uniqueName('ranger');
  const reg = await p.page.request.post('/api/auth/register', {
    data: { username, password: 'Fossil-Trail-42', email: `${username}@example.com`, firstName: 'Rhea', lastName: 'Ranger', role: 'hunter' },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  await signIn(p.page, username, 'Fossil-Trail-42');
  await expect(p.page).toHaveURL(/\/hunter$/);
  const dialog = p.page.getByRole('dialog', { name: 'Join Mission' });
  await p.page.getByRole('main').getByRole('button', { name: 'Join Mission' }).click();
  await dialog.getByLabel('Session Name').fill(session.name);
  await dialog.getByLabel('Session Password').fill(session.password);
  await dialog.getByRole('button', { name: 'Join Mission' }).click();
  const briefing = p.page.getByRole('dialog', { name: /Mission Briefing/ });
  await briefing.getByRole('button', { name: /Begin Mission|Close/ }).first().click();
  await expect(briefing).toBeHidden();
  await expect(p.page.getByTestId('team-panel')).toBeVisible();
  p.handle = username; // the handle defaults to the account's username
  return p;
}

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

test.describe('Teams', () => {
  test.skip(({ isMobile }) => isMobile, 'the test opens its own phone and desktop contexts');

  test('an assigned team hunt: HQ makes and fills two teams; team talk, teammates on the map and the live ranking stay within each team', async ({
    page: hq,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(300_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const species = await sureSpecies(admin);
    await admin.dispose();

    // HQ (1280 x 800): an assigned session with two teams, made through the screen.
    await setUpGameMaster(hq.request);
    await hq.goto('/gamemaster');
    await expect(hq.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: 25_000 });
    const form = hq.getByRole('form', { name: 'Create session' });
    const name = uniqueName('Team Hunt ');
    const password = 'amber-raptor-4821';
    await form.getByLabel('Session Name').fill(name);
    await form.getByLabel('Session Password').fill(password);
    await form.getByText('Assigned teams').click();
    await expect(form.getByLabel('Max team size')).toHaveValue('4');
    await form.getByLabel('Max team size').fill('2');
    await shot(hq, 'hq-create-session-assigned-1280', false);
    await form.getByRole('button', { name: 'Create Session' }).click();
    const teamsPanel = hq.getByTestId('teams-panel');
    await expect(teamsPanel.getByTestId('team-settings-summary')).toHaveText('Assigned teams of up to 2, no switching after the start');
    const sessionId = Number(await hq.getByTestId('share-session-id').textContent());
    const newTeam = teamsPanel.getByRole('form', { name: 'Create a team' });
    for (const team of ['Raptors', 'Rexes']) {
      await newTeam.getByLabel('New team').fill(team);
      await newTeam.getByRole('button', { name: 'Create team' }).click();
      await expect(teamsPanel.getByTestId('team-card').filter({ hasText: team })).toBeVisible();
    }
    // A name already taken: the server's words.
    await newTeam.getByLabel('New team').fill('raptors');
    await newTeam.getByRole('button', { name: 'Create team' }).click();
    await expect(hq.getByRole('alert').filter({ hasText: 'A team named "raptors" already exists in this session' })).toBeVisible();
    await newTeam.getByLabel('New team').fill('');
    await deploy(hq.request, sessionId, { lat: DINO.latitude, lng: DINO.longitude, speciesId: species.id });
    await startSession(hq.request, sessionId);

    // Four phones: A1 and B1 guests on the terminal, A2 and B2 accounts on Field Operations, a few metres apart.
    const session = { id: sessionId, name, password };
    const a1 = await guest(browser, baseURL!, session, START, 'Alpha');
    const b1 = await guest(browser, baseURL!, session, at(5, 5), 'Bravo');
    const a2 = await account(browser, baseURL!, session, at(-5, 0));
    const b2 = await account(browser, baseURL!, session, at(0, -5));
    const phones = [a1, b1, a2, b2];
    // Without a team yet, in an assigned session: they wait for the game master.
    await expect(a1.page.getByTestId('no-team')).toContainText('The game master places every hunter in a team');
    await expect(a2.page.getByTestId('no-team')).toBeVisible();

    // HQ places them: A1 by dragging onto Raptors, the others with each hunter's Move menu (the keyboard way).
    const unassigned = teamsPanel.getByTestId('team-unassigned');
    for (const p of phones) await expect(unassigned.getByTestId('team-member').filter({ hasText: p.handle })).toBeVisible();
    const raptors = teamsPanel.getByTestId('team-card').filter({ hasText: 'Raptors' });
    const rexes = teamsPanel.getByTestId('team-card').filter({ hasText: 'Rexes' });
    await unassigned.getByTestId('team-member').filter({ hasText: a1.handle }).dragTo(raptors);
    await expect(raptors.getByTestId('team-member').filter({ hasText: a1.handle })).toBeVisible();
    const moveTo = async (p: Phone, team: string) => {
      await teamsPanel.getByRole('button', { name: `Move ${p.handle}` }).click();
      await hq.getByRole('menuitem', { name: `Move to ${team}` }).click();
    };
    await moveTo(a2, 'Raptors');
    await moveTo(b1, 'Rexes');
    await moveTo(b2, 'Rexes');
    await expect(raptors.getByTestId('team-size')).toHaveText('2/2 hunters');
    await expect(rexes.getByTestId('team-size')).toHaveText('2/2 hunters');
    await expect(unassigned).toContainText('Every hunter is in a team.');
    // Raptors is full: moving a Rex there is offered as full, not as a move.
    await teamsPanel.getByRole('button', { name: `Move ${b1.handle}` }).click();
    await expect(hq.getByRole('menuitem', { name: 'Raptors (full)' })).toBeDisabled();
    await hq.keyboard.press('Escape');

    // Each phone sees its team live, with "team size current/max" and the teammates.
    await expect(a1.page.getByTestId('own-team-name')).toHaveText('Raptors');
    await expect(a1.page.getByTestId('own-team-size')).toHaveText('2/2');
    await expect(a1.page.getByTestId('own-team-members')).toContainText(a2.handle);
    await expect(a2.page.getByTestId('own-team-name')).toHaveText('Raptors');
    await expect(a2.page.getByTestId('team-size')).toHaveText('2/2');
    await expect(b1.page.getByTestId('own-team-name')).toHaveText('Rexes');
    await expect(b2.page.getByTestId('own-team-name')).toHaveText('Rexes');
    await expect(b2.page.getByTestId('own-team-members')).toContainText(b1.handle);
    await shot(a1.page, 'terminal-brief-team-360');
    await shot(a2.page, 'field-ops-team-360');

    // A team message from A1 reaches A2's phone and HQ live, and never B1's or B2's screen.
    await a1.page.getByRole('tab', { name: 'Comms' }).click();
    const a1Channel = a1.page.getByTestId('team-channel');
    await a1Channel.getByLabel('Message to your team').fill('Raptors: flank left');
    await a1Channel.getByRole('button', { name: 'Send' }).click();
    await expect(a2.page.getByTestId('team-channel').getByText('Raptors: flank left')).toBeVisible();
    const hqComms = hq.getByTestId('communications');
    await expect(hqComms.getByTestId('comms-message').filter({ hasText: 'Raptors: flank left' })).toContainText('Team Raptors');
    // HQ writes to Rexes only; then a broadcast to all shows B's feeds are live, and still no Raptors message there.
    await hq.getByTestId('broadcast').getByRole('combobox', { name: 'Send to' }).click();
    await hq.getByRole('option', { name: 'Team Rexes' }).click();
    await hq.getByLabel('Message to team Rexes').fill('Rexes: hold the bridge');
    await hq.getByRole('button', { name: 'Send to team' }).click();
    await expect(b2.page.getByTestId('team-channel').getByText('Rexes: hold the bridge')).toBeVisible();
    await b1.page.getByRole('tab', { name: 'Comms' }).click();
    await expect(b1.page.getByTestId('team-channel').getByText('Rexes: hold the bridge')).toBeVisible();
    await expect(a1Channel.getByText('Rexes: hold the bridge')).toHaveCount(0);
    for (const b of [b1, b2]) {
      await expect(b.page.getByText('Raptors: flank left')).toHaveCount(0);
    }
    await shot(a1.page, 'terminal-comms-team-channel-360');

    // Teammates on the map: each hunter sees their teammate's handle, not the other team's.
    await a1.page.getByRole('tab', { name: 'Map' }).click();
    const labels = (p: Phone) => p.page.locator('.tm-hunter-label');
    await expect(labels(a1).filter({ hasText: a2.handle })).toBeVisible({ timeout: 20_000 });
    await expect(labels(a2).filter({ hasText: a1.handle })).toBeVisible({ timeout: 20_000 });
    await b1.page.getByRole('tab', { name: 'Map' }).click();
    await expect(labels(b1).filter({ hasText: b2.handle })).toBeVisible({ timeout: 20_000 });
    for (const [p, others] of [
      [a1, [b1, b2]],
      [a2, [b1, b2]],
      [b1, [a1, a2]],
    ] as const) {
      for (const o of others) await expect(labels(p).filter({ hasText: o.handle })).toHaveCount(0);
    }
    await expect(a1.page.getByTestId('map-teammate-count')).toHaveText('1 teammate');
    await shot(a1.page, 'terminal-map-teammates-360', false);

    // Before any observation both teams share the first place; A1 observes: Raptors lead, live everywhere.
    await expect(a1.page.getByTestId('team-rank')).toContainText('#1 of 2');
    await expect(b2.page.getByTestId('hunter-rank')).toHaveText('#1 of 2');
    await a1.page.getByRole('tab', { name: 'AR Hunt' }).click();
    const observe = a1.page.getByTestId('ar-view').getByRole('button', { name: 'Observe' });
    await expect(observe).toBeEnabled({ timeout: 20_000 });
    // Let a position report from here reach the server (reports go out every few seconds).
    await a1.page.waitForTimeout(4000);
    await observe.click();
    await expect(a1.page.getByTestId('observation-verdict')).toHaveAttribute('data-outcome', 'observed');
    // The only dinosaur: the mission is complete; A1 plays on.
    await a1.page.getByRole('button', { name: 'Continue Session' }).click();
    await expect(a1.page.getByTestId('team-rank')).toContainText('#1 of 2');
    await expect(b1.page.getByTestId('team-rank')).toContainText('#2 of 2');
    await expect(b2.page.getByTestId('hunter-rank')).toHaveText('#2 of 2');
    await expect(a2.page.getByTestId('hunter-rank')).toHaveText('#1 of 2');
    const ranking = teamsPanel.getByTestId('team-ranking');
    await expect(ranking.getByTestId('team-ranking-row').first()).toHaveAttribute('data-team', 'Raptors');
    await expect(ranking.getByTestId('team-ranking-row').filter({ hasText: 'Raptors' })).toContainText('1 observation');
    await expect(ranking.getByTestId('team-ranking-row').filter({ hasText: 'Rexes' })).toHaveAttribute('data-rank', '2');
    // Every team in its own colour in the tracking rows.
    await expect(hq.getByTestId('tracking-row').filter({ hasText: a1.handle }).getByTestId('tracking-team')).toHaveText('Raptors');
    await hq.setViewportSize({ width: 1280, height: 800 });
    await shot(hq, 'hq-teams-live-1280');
    await teamsPanel.screenshot({ path: `${SHOTS}/hq-teams-panel-1280.png` });
    await shot(a2.page, 'field-ops-ranking-360');
    // The other size of each screen: HQ on a phone, the terminal and Field Operations on a desktop.
    await hq.setViewportSize({ width: 360, height: 740 });
    await teamsPanel.screenshot({ path: `${SHOTS}/hq-teams-panel-360.png` });
    await hqComms.screenshot({ path: `${SHOTS}/hq-communications-360.png` });
    await hq.getByTestId('hunter-tracking').screenshot({ path: `${SHOTS}/hq-tracking-360.png` });
    await hq.setViewportSize({ width: 1280, height: 800 });
    for (const [p, file] of [
      [a2, 'field-ops-team-1280'],
      [a1, 'terminal-team-1280'],
    ] as const) {
      await p.page.setViewportSize({ width: 1280, height: 800 });
      await shot(p.page, file, false);
    }
    await a1.page.getByRole('tab', { name: 'Brief' }).click();
    await shot(a1.page, 'terminal-brief-team-1280', false);

    // The end: Past hunts shows the teams' results, and the CSV has the team column.
    await lifecycle(hq.request, sessionId, 'end');
    const past = hq.getByTestId(`past-hunt-${sessionId}`);
    await past.getByRole('button', { name: new RegExp(`${name}.*show results`) }).click();
    const teamRows = past.getByTestId('past-team-row');
    await expect(teamRows.first()).toHaveAttribute('data-team', 'Raptors');
    await expect(teamRows.filter({ hasText: 'Raptors' }).getByTestId('past-team-observed')).toHaveText('1');
    await expect(teamRows.filter({ hasText: 'Raptors' })).toContainText(a2.handle);
    await past.screenshot({ path: `${SHOTS}/hq-past-hunt-teams-1280.png` });
    await hq.setViewportSize({ width: 360, height: 740 });
    await past.screenshot({ path: `${SHOTS}/hq-past-hunt-teams-360.png` });
    await hq.setViewportSize({ width: 1280, height: 800 });
    const csv = await hq.request.get(`/api/game-sessions/${sessionId}/results.csv`);
    expect(csv.status()).toBe(200);
    const [header, ...rows] = (await csv.text()).trim().split(/\r?\n/);
    expect(header?.toLowerCase().split(',')).toContain('team');
    expect(rows.find((r) => r.includes(a1.handle))).toContain('Raptors');
    expect(rows.find((r) => r.includes(b2.handle))).toContain('Rexes');

    for (const p of phones) {
      expect(p.errors, `page errors on ${p.handle}'s phone`).toEqual([]);
      await p.context.close();
    }
  });

  test('an open team hunt: a guest creates a team, an account joins it by code; wrong codes and full teams are refused in words', async ({
    page: hq,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await setUpGameMaster(hq.request);
    const name = uniqueName('Open Hunt ');
    const password = 'amber-raptor-4821';
    const res = await hq.request.post('/api/game-sessions', {
      data: { name, password, maxPlayers: 10, duration: 60, missionId: null, teamMode: 'open', maxTeamSize: 2 },
    });
    expect(res.status(), await res.text()).toBe(200);
    const session = { id: ((await res.json()) as { id: number }).id, name, password };

    const g = await guest(browser, baseURL!, session, START, 'Gina');
    const card = g.page.getByTestId('hunter-team');
    await expect(card.getByTestId('no-team')).toContainText('Team up');
    await card.getByLabel('Team name').fill('Trikes');
    await card.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(card.getByTestId('own-team-name')).toHaveText('Trikes');
    await expect(card.getByTestId('own-team-size')).toHaveText('1/2');
    const code = (await card.getByTestId('own-team-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await shot(g.page, 'terminal-brief-own-team-code-360');

    // An account hunter on Field Operations: a wrong code is refused in words, the right one joins.
    const acc = await account(browser, baseURL!, session, at(5, 0));
    const panel = acc.page.getByTestId('team-panel');
    await expect(panel.getByTestId('joinable-team').filter({ hasText: 'Trikes' })).toContainText('1/2 hunters');
    await shot(acc.page, 'field-ops-team-up-360');
    await panel.getByLabel('Team code').fill('ZZZZZZ');
    await panel.getByRole('button', { name: 'Join by code' }).click();
    await expect(panel.getByTestId('team-problem')).toHaveText('No team of this session has this code');
    await panel.getByLabel('Team code').fill(code.toLowerCase());
    await panel.getByRole('button', { name: 'Join by code' }).click();
    await expect(panel.getByTestId('own-team-name')).toHaveText('Trikes');
    await expect(acc.page.getByTestId('team-size')).toHaveText('2/2');
    // The guest sees the new teammate live.
    await expect(card.getByTestId('own-team-members')).toContainText(acc.handle);
    await expect(card.getByTestId('own-team-size')).toHaveText('2/2');

    // A third hunter: the full team cannot be joined from the list, and its code says why.
    const late = await guest(browser, baseURL!, session, at(-5, 0), 'Late');
    const lateCard = late.page.getByTestId('hunter-team');
    await expect(lateCard.getByRole('button', { name: /Trikes: Team "Trikes" is full/ })).toBeDisabled();
    await lateCard.getByLabel('Team code').fill(code);
    await lateCard.getByRole('button', { name: 'Join by code' }).click();
    await expect(lateCard.getByTestId('team-problem')).toHaveText('Team "Trikes" is full (2 of 2 hunters)');
    await shot(late.page, 'terminal-team-full-refusal-360');

    // Before the start hunters may leave and switch: the account leaves, the late guest joins from the list.
    await panel.getByRole('button', { name: 'Leave team' }).click();
    await expect(panel.getByTestId('no-team')).toBeVisible();
    await expect(card.getByTestId('own-team-size')).toHaveText('1/2');
    await lateCard.getByRole('button', { name: 'Join Trikes' }).click();
    await expect(lateCard.getByTestId('own-team-name')).toHaveText('Trikes');
    await expect(card.getByTestId('own-team-members')).toContainText(late.handle);
    await expect(panel.getByRole('button', { name: /Trikes: Team "Trikes" is full/ })).toBeDisabled();

    for (const p of [g, acc, late]) {
      expect(p.errors, `page errors on ${p.handle}'s phone`).toEqual([]);
      await p.context.close();
    }
  });
});

