// Every hunt kept, replayed and re-run (issue 26, helper hunts): the game master ends and
// closes a hunt, opens its results and replay (paths and observations in order), downloads
// the results as CSV, saves the layout, and starts a new session from the hunt with the same layout.
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, deploy, setUpGameMaster, speciesList, startSession } from './support/play';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/hunts';
fs.mkdirSync(SHOTS, { recursive: true });
const FIRST_RENDER_MS = 25_000;
const HERE = { lat: 48.8584, lng: 2.2945 };
const north = (m: number) => ({ lat: HERE.lat + m / 111_195, lng: HERE.lng });

const notice = (page: Page, title: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: title }).first();

/** Fires darts at a dinosaur until one hits (the species' capture rate decides; a second try within 2 s is refused). */
async function observe(hunter: APIRequestContext, sessionId: number, dinosaurId: number) {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const res = await hunter.post('/api/hunter/observation', { data: { sessionId, dinosaurId } });
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    if (body.outcome === 'observed') return;
    await new Promise((r) => setTimeout(r, 2100));
  }
  throw new Error(`dinosaur ${dinosaurId} was never observed`);
}

test.describe('past hunts', () => {
  test('ends and closes a hunt, replays it, downloads its CSV and runs it again with the same layout', async ({
    page,
    baseURL,
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'desktop flow: HQ at a desk');
    test.setTimeout(180_000);
    await setUpGameMaster(page.request);
    const session = await createSession(page.request, { duration: 45 });
    // The two easiest to observe (the dart hits with the species' capture rate), and one left alone.
    const species = (await speciesList(page.request)) as (Awaited<ReturnType<typeof speciesList>>[number] & { captureRate: number })[];
    const [a, b, c] = [...species].sort((x, y) => y.captureRate - x.captureRate) as [typeof species[number], typeof species[number], typeof species[number]];
    const dinos = [
      await deploy(page.request, session.id, { ...HERE, speciesId: a.id }),
      await deploy(page.request, session.id, { ...north(8), speciesId: b.id }),
      await deploy(page.request, session.id, { ...north(300), speciesId: c.id }),
    ];
    await startSession(page.request, session.id);

    // A guest hunter walks a few metres (positions over the API) and observes two dinosaurs in turn.
    const hunter = await playwright.request.newContext({ baseURL });
    const joined = await hunter.post('/api/hunter/join-session', {
      data: { sessionId: String(session.id), password: session.password, hunterHandle: 'Walker' },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      const at = north(i * 2);
      const res = await hunter.post(`/api/game-sessions/${session.id}/location`, { data: { lat: at.lat, lng: at.lng, accuracy: 5 } });
      expect(res.status(), await res.text()).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
    }
    await observe(hunter, session.id, dinos[0]!);
    await new Promise((r) => setTimeout(r, 50));
    await observe(hunter, session.id, dinos[1]!);

    // HQ ends and closes the session.
    await page.goto('/gamemaster');
    await expect(page.getByRole('heading', { name: 'Mission HQ', level: 1 })).toBeVisible({ timeout: FIRST_RENDER_MS });
    const statusCard = page.getByTestId('session-status-card');
    await expect(statusCard.getByTestId('status-badge')).toHaveText('LIVE', { timeout: FIRST_RENDER_MS });
    await statusCard.getByRole('button', { name: 'End' }).click();
    await page.getByRole('dialog', { name: 'End Mission?' }).getByRole('button', { name: 'End Mission' }).click();
    await expect(statusCard.getByTestId('status-badge')).toHaveText('ENDED');
    await statusCard.getByRole('button', { name: 'Close session' }).click();
    await expect(statusCard).toHaveCount(0);

    // Its results, per hunter, with the species observed.
    const item = page.getByTestId('past-hunts').getByTestId(`past-hunt-${session.id}`);
    await item.scrollIntoViewIfNeeded();
    await item.getByRole('button', { name: new RegExp(`${session.name}, ENDED: show results`) }).click();
    const results = item.getByTestId('past-hunt-results');
    const row = results.getByRole('row').filter({ hasText: 'Walker' });
    await expect(row.getByRole('cell').nth(0)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    await expect(row.getByRole('cell').nth(3)).toHaveText(`${a.name}, ${b.name}`);
    await expect(results.getByRole('columnheader', { name: 'Species' })).toBeVisible();
    await item.screenshot({ path: `${SHOTS}/past-hunt-results-1280.png` });

    // The CSV download.
    const downloading = page.waitForEvent('download');
    await results.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dinohunt-hunt-${session.id}-results-.+\\.csv$`));
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,hunter,dinosaurs_observed,observed_species,darts_used,shots_fired,distance_m,minutes,all_observed_at');
    expect(lines[1]).toMatch(/^1,Walker,2,/);

    // The replay: the path on the map, the observations in order, play and the scrubber.
    await results.getByRole('button', { name: 'Replay' }).click();
    const dialog = page.getByRole('dialog', { name: `Replay: ${session.name}` });
    const replay = dialog.getByTestId('hunt-replay');
    await expect(replay.getByTestId('replay-map')).toBeVisible();
    await expect(replay).toContainText('Paths are kept until');
    const observations = replay.getByTestId('replay-observations').getByRole('listitem');
    await expect(observations).toHaveCount(2);
    await expect(observations.nth(0)).toContainText(`Walker observed ${a.name}`);
    await expect(observations.nth(1)).toContainText(`Walker observed ${b.name}`);
    await expect(replay.getByText('Observations (0/2)')).toBeVisible();
    // At the start nothing has happened; at the end the path and both observations show.
    await replay.getByTestId('replay-scrubber').getByRole('slider').focus();
    await page.keyboard.press('End');
    await expect(replay.getByText('Observations (2/2)')).toBeVisible();
    await expect(observations.nth(1)).toHaveAttribute('data-reached', 'true');
    await expect(replay.getByTestId('replay-map').locator('path.leaflet-interactive').first()).toBeVisible();
    await page.keyboard.press('Home');
    await expect(replay.getByText('Observations (0/2)')).toBeVisible();
    // Playing runs the clock to the end (a short hunt at x30 plays in a second or two: too fast to catch its Pause).
    await replay.getByRole('button', { name: 'Play replay' }).click();
    await expect(replay.getByText('Observations (2/2)')).toBeVisible({ timeout: 30_000 });
    await expect(replay.getByRole('button', { name: 'Replay from the start' })).toBeVisible({ timeout: 30_000 });
    await dialog.screenshot({ path: `${SHOTS}/replay-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${SHOTS}/replay-360.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Save its layout, then run the hunt again: the new session has the same dinosaurs.
    const layoutName = `Tower lawn ${session.id}`;
    await results.getByLabel('Layout name').fill(layoutName);
    await results.getByRole('button', { name: 'Save layout' }).click();
    await expect(notice(page, 'Layout Saved')).toBeVisible();
    await expect(page.getByTestId('saved-layouts')).toContainText(layoutName);
    await expect(page.getByTestId('saved-layouts')).toContainText('3 dinosaurs');

    await results.getByRole('button', { name: 'Run again' }).click();
    const again = page.getByRole('dialog', { name: 'Run this hunt again' });
    const againName = `${session.name} again`;
    await again.getByLabel('Session Name').fill(againName);
    await again.getByLabel('Session Password').fill('raptor-43');
    await again.getByRole('button', { name: 'Create session' }).click();
    await expect(notice(page, 'Session Created')).toBeVisible();
    await expect(statusCard).toContainText(againName);
    await expect(statusCard.getByTestId('status-badge')).toHaveText('SETUP');

    const list: { id: number; name: string; duration: number; status: string }[] = await (await page.request.get('/api/game-sessions')).json();
    const created = list.find((s) => s.name === againName)!;
    expect(created).toMatchObject({ duration: 45, status: 'preparing' });
    type Dino = { speciesId: number; latitude: string; longitude: string };
    const layoutOf = async (id: number) =>
      ((await (await page.request.get(`/api/game-sessions/${id}/dinosaurs`)).json()) as Dino[]).map((d) => [d.speciesId, d.latitude, d.longitude]);
    expect(await layoutOf(created.id)).toEqual(await layoutOf(session.id));

    // The saved layout applies to the new (preparing) session too.
    const layouts = page.getByTestId('saved-layouts');
    await layouts.getByRole('button', { name: `Apply layout ${layoutName}` }).click();
    await page.getByRole('dialog', { name: 'Apply this layout?' }).getByRole('button', { name: 'Apply layout' }).click();
    await expect(notice(page, 'Layout Applied')).toBeVisible();
    expect(await layoutOf(created.id)).toEqual(await layoutOf(session.id));
    await layouts.screenshot({ path: `${SHOTS}/saved-layouts-1280.png` });
    await page.screenshot({ path: `${SHOTS}/hq-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/past-hunts-360.png` });
    await layouts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/saved-layouts-360.png` });
  });
});
