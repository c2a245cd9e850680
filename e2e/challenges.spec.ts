// Challenges (issue #44) end to end: the admin adds a question to a species in its form; a game master's
// session has a mission with three objectives (observe two species, answer one quiz, reach a point); a guest
// on a phone (360 x 740, emulated GPS) completes them: progress moves live on the phone and at HQ, a wrong
// answer and a hint taken show in the score, and the results CSV lists each objective per hunter.
// CHALLENGE_SHOTS=/some/dir saves screenshots (360 x 740 and 1280 x 800).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect, routeExternalServices, signIn, test, uniqueName } from './fixtures';
import { createSession, deploy, hunterContext, joinAsGuest, lifecycle, setUpGameMaster, startSession } from './support/play';

const SHOTS = process.env.CHALLENGE_SHOTS ?? null;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}
/** The same screen at the other size too: 360 x 740 and 1280 x 800. */
async function shotBoth(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  await focus?.scrollIntoViewIfNeeded();
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await focus?.scrollIntoViewIfNeeded();
  await shot(page, `${name}-1280`);
  if (size) await page.setViewportSize(size);
}

const START = { latitude: 48.8584, longitude: 2.2945 };
const north = (m: number) => ({ latitude: START.latitude + m / 111_195, longitude: START.longitude });

/** A species always observed in range (captureRate 1), with its knowledge facts. */
async function sureSpecies(admin: APIRequestContext, name: string) {
  const res = await admin.post('/api/dinosaur-species', {
    multipart: {
      name,
      scientificName: 'Testosaurus certus',
      rarity: 'common',
      dietType: 'herbivore',
      length: '7 m',
      health: '100',
      captureRate: '1',
      period: 'Late Jurassic, about 150 million years ago',
      fossilSites: 'The Morrison Formation of Colorado',
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number; name: string };
}

test.describe('Challenges', () => {
  test.skip(({ isMobile }) => !isMobile, 'the hunter plays on a phone (the admin and headquarters open desktop contexts)');

  test('a question added in the admin, a mission with three objectives, completed on a phone, graded at HQ and in the CSV', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // --- The admin adds a question to a species, in its form.
    const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await routeExternalServices(desk);
    const adminPage = await desk.newPage();
    await signIn(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    const alpha = await sureSpecies(adminPage.request, uniqueName('Quizosaurus '));
    const beta = await sureSpecies(adminPage.request, uniqueName('Walkosaurus '));
    await adminPage.goto('/admin');
    await adminPage.getByRole('button', { name: `Edit ${alpha.name}` }).click();
    const edit = adminPage.getByRole('dialog', { name: `Edit ${alpha.name}` });
    await expect(edit.getByLabel('Period')).toHaveValue('Late Jurassic, about 150 million years ago');
    const questions = edit.getByTestId('species-questions');
    await questions.getByRole('button', { name: 'Add question' }).click();
    await questions.getByLabel('Question').fill('What did it eat?');
    await questions.getByLabel('Choice 1').fill('Ferns');
    await questions.getByLabel('Choice 2').fill('Fish');
    await questions.getByLabel('Choice 3').fill('Beetles');
    await questions.getByRole('combobox', { name: 'Correct choice' }).click();
    await adminPage.getByRole('option', { name: 'Ferns' }).click();
    await questions.getByLabel('Clue (a hint hunters may buy)').fill('Green and leafy.');
    await shotBoth(adminPage, 'admin-species-question-form', questions.getByRole('button', { name: 'Save question' }));
    await questions.getByRole('button', { name: 'Save question' }).click();
    await expect(questions.getByTestId('species-question')).toContainText('What did it eat?');
    await expect(questions.getByTestId('species-question')).toContainText('Answer: Ferns');
    await shotBoth(adminPage, 'admin-species-questions', questions);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    const questionId = ((await (await adminPage.request.get(`/api/admin/dinosaur-species/${alpha.id}/questions`)).json()) as { id: number }[])[0]!.id;

    // The mission's three objectives.
    const point = north(250);
    const mission = await adminPage.request.post('/api/missions', { data: { name: uniqueName('Field lesson '), maxPlayers: 20, objectives: ['Stay on the paths'] } });
    expect(mission.status()).toBe(201);
    const missionId = ((await mission.json()) as { id: number }).id;
    const set = await adminPage.request.put(`/api/admin/missions/${missionId}/challenges`, {
      data: {
        challenges: [
          { kind: 'observe_count', title: 'Observe two species', target: 2, points: 10 },
          { kind: 'quiz', title: 'Quizosaurus quiz', questionId, points: 10 },
          { kind: 'reach_point', title: 'Reach the fossil site', latitude: point.latitude, longitude: point.longitude, radiusM: 30, points: 10 },
        ],
      },
    });
    expect(set.status(), await set.text()).toBe(200);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Missions' }).click();
    await adminPage.getByRole('button', { name: /^Edit Field lesson/ }).first().click();
    await expect(adminPage.getByTestId('mission-challenges').getByTestId('challenge-draft')).toHaveCount(3);
    await shotBoth(adminPage, 'admin-mission-objectives', adminPage.getByTestId('mission-challenges'));
    await desk.close();

    // --- The game master's session of that mission, two species deployed.
    const hq = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await routeExternalServices(hq);
    const hqPage = await hq.newPage();
    await setUpGameMaster(hqPage.request);
    const session = await createSession(hqPage.request, { missionId });
    await deploy(hqPage.request, session.id, { lat: north(30).latitude, lng: north(30).longitude, speciesId: alpha.id });
    await deploy(hqPage.request, session.id, { lat: north(-30).latitude, lng: north(-30).longitude, speciesId: beta.id });
    await startSession(hqPage.request, session.id);
    await hqPage.goto('/gamemaster');
    const hqPanel = hqPage.getByTestId('hq-objectives');
    await expect(hqPanel).toContainText('Observe two species', { timeout: 25_000 });

    // --- A guest on a phone.
    const phone = await hunterContext(browser, baseURL!, START);
    const hunter = await phone.newPage();
    const handle = uniqueName('Pupil');
    await joinAsGuest(hunter, { sessionId: session.id, password: session.password, handle });
    const panel = hunter.getByTestId('objectives-panel');
    await expect(panel.getByTestId('objective')).toHaveCount(3, { timeout: 20_000 });
    await expect(panel.getByTestId('challenge-score')).toHaveText('Score 0');
    const row = hqPanel.locator(`[data-testid="hq-objectives-row"][data-hunter="${handle}"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await shot(hunter, 'phone-brief-objectives-start');

    // A hint: the direction to the nearest dinosaur, on the map for 30 s; it costs 5 points.
    await hunter.waitForTimeout(4000);
    await panel.getByRole('button', { name: 'Direction hint' }).click();
    await expect(panel.getByTestId('objectives-note')).toContainText('Nearest dinosaur you have not observed: 30 m');
    await expect(panel.getByTestId('challenge-score')).toHaveText('Score -5');
    await expect(row.getByTestId('hq-score')).toHaveText('-5', { timeout: 10_000 });
    await hunter.getByRole('tab', { name: 'Map' }).click();
    await expect(hunter.getByTestId('map-direction-hint')).toContainText('Hint: nearest unobserved dinosaur 30 m');
    await shot(hunter, 'phone-map-direction-hint');

    // Observe the first: a fact, and the species' quiz, answered wrong there.
    await hunter.getByRole('tab', { name: 'AR Hunt' }).click();
    const observe = hunter.getByTestId('ar-view').getByRole('button', { name: 'Observe' });
    await expect(observe).toBeEnabled({ timeout: 15_000 });
    await observe.click();
    await expect(hunter.getByTestId('observation-verdict')).toHaveAttribute('data-outcome', 'observed');
    const fact = hunter.getByTestId('observed-fact');
    await expect(fact).toBeVisible();
    const observedQuiz = fact.getByTestId('quiz-card');
    const firstObserved = (await hunter.getByTestId('observation-verdict').textContent()) ?? '';
    if (firstObserved.includes(alpha.name)) {
      await expect(fact).toContainText('lived in the late Jurassic');
      await expect(observedQuiz).toContainText('What did it eat?');
      await fact.scrollIntoViewIfNeeded();
      await shot(hunter, 'phone-observed-fact-quiz');
      await observedQuiz.getByRole('button', { name: 'Fish' }).click();
      await expect(observedQuiz.getByTestId('quiz-feedback')).toContainText('Wrong answer (-2 points). 1 attempt left.');
    }
    await expect(observe).toBeEnabled({ timeout: 15_000 });
    await observe.click();
    await expect(hunter.getByTestId('observation-verdict')).toContainText('observed!');
    // The species card teaches its facts.
    await hunter.getByTestId('observed-fact').getByRole('button', { name: /species card$/ }).click();
    const card = hunter.getByTestId('species-card');
    await expect(card.getByTestId('species-facts')).toContainText('Late Jurassic, about 150 million years ago');
    await expect(card.getByTestId('species-facts')).toContainText('The Morrison Formation of Colorado');
    await card.getByTestId('species-facts').scrollIntoViewIfNeeded();
    await shot(hunter, 'phone-species-card-facts');
    await hunter.getByRole('button', { name: 'Close species card' }).click();
    // Both observed: the mission-complete notice, closed to keep playing the objectives.
    await hunter.getByRole('button', { name: 'Continue Session' }).click({ timeout: 20_000 });

    // Back on Brief: two observed (live), then the quiz (wrong first if it was not asked after the observation).
    await hunter.getByRole('tab', { name: 'Brief' }).click();
    const observeObjective = panel.locator('[data-testid="objective"][data-kind="observe_count"]');
    await expect(observeObjective).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
    const quiz = panel.locator('[data-testid="objective"][data-kind="quiz"]');
    if (!firstObserved.includes(alpha.name)) {
      await quiz.getByRole('button', { name: 'Fish' }).click();
      await expect(quiz.getByTestId('quiz-feedback')).toContainText('Wrong answer');
    }
    await expect(quiz).toContainText('1 attempt left');
    await quiz.getByRole('button', { name: 'Ferns' }).click();
    await expect(quiz).toHaveAttribute('data-status', 'done');
    await expect(quiz.getByTestId('quiz-correct-answer')).toContainText('Ferns');

    // Walk to the point and check in.
    await phone.setGeolocation({ ...point, accuracy: 5 });
    await hunter.waitForTimeout(5000);
    await panel.getByRole('button', { name: 'Check in here' }).click();
    const reach = panel.locator('[data-testid="objective"][data-kind="reach_point"]');
    await expect(reach).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
    // 3 x 10 points, less a wrong answer (2) and a hint (5).
    await expect(panel.getByTestId('challenge-score')).toHaveText('Score 23');
    await expect(panel.getByTestId('challenge-totals')).toContainText('3 of 3 done · 30 points earned · 1 wrong answer · 1 hint (−5)');
    await panel.scrollIntoViewIfNeeded();
    await shot(hunter, 'phone-brief-objectives-done');
    await hunter.setViewportSize({ width: 1280, height: 800 });
    await shot(hunter, 'desktop-brief-objectives-done');
    await hunter.setViewportSize({ width: 360, height: 740 });

    // HQ saw it live.
    await expect(row.getByTestId('hq-score')).toHaveText('23', { timeout: 10_000 });
    await expect(row.locator('[data-testid="hq-objective-cell"][data-status="done"]')).toHaveCount(3);
    await expect(row.getByTestId('hq-hints')).toHaveText('1 (−5)');
    await hqPanel.scrollIntoViewIfNeeded();
    await shotBoth(hqPage, 'hq-objectives', hqPanel);
    await hqPanel.getByRole('button', { name: 'Adjust' }).click();
    const adjust = hqPage.getByRole('dialog', { name: 'Adjust objectives' });
    await expect(adjust.getByTestId('challenge-draft')).toHaveCount(3);
    await expect(adjust.getByLabel('Hint cost (points)')).toHaveValue('5');
    await shotBoth(hqPage, 'hq-adjust-objectives');
    await adjust.getByRole('button', { name: 'Cancel' }).click();

    // The results CSV: each objective per hunter, then the totals.
    await lifecycle(hqPage.request, session.id, 'end');
    const csv = await hqPage.request.get(`/api/game-sessions/${session.id}/results.csv`);
    expect(csv.status()).toBe(200);
    const [header, line] = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toContain('objective_1: Observe two species,objective_2: Quizosaurus quiz,objective_3: Reach the fossil site');
    expect(line).toContain(handle);
    expect(line).toMatch(/done \(\+10\),"?done \(\+10, 1 wrong\)"?,done \(\+10\),30,1,1,5,23$/);

    // Past hunts shows the same, for grading later.
    await hqPage.reload();
    const past = hqPage.getByTestId('past-hunts');
    await expect(past).toBeVisible({ timeout: 20_000 });
    await past.getByText(session.name).first().click();
    const pastObjectives = past.getByTestId('past-hunt-objectives');
    await expect(pastObjectives).toContainText('Reach the fossil site', { timeout: 10_000 });
    await expect(pastObjectives.getByTestId('hq-score')).toHaveText('23');
    await pastObjectives.scrollIntoViewIfNeeded();
    await shotBoth(hqPage, 'past-hunt-objectives', pastObjectives);
    await hq.close();
    await phone.close();
  });
});
