// Challenges (issue #44) through the real doors: species questions, typed objectives, the server's
// checks, no answer leaking before a hunter answered, the attempt limit on REST, tRPC over HTTP and
// tRPC over the socket, hints in the score, and clear 4xx for bad input. SQLite, and PostgreSQL with DATABASE_URL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_MAX_ATTEMPTS, WRONG_ANSWER_PENALTY } from '../../../domain/challenges';
import { dinosaurSpecies, speciesQuestions } from '../../db/schema';
import { SPECIES_CATALOGUE } from '../../seed/species-catalogue';
import { backfillSeedKnowledge } from '../../seed-species';
import { type ApiClient, signInAdmin, startTestServer, type TestServer } from '../../../../test/support/harness';
import { JPEG, WsClient } from '../../../../test/support/comms-kit';
import { addSpecies, createSession, guestJoin, HERE, north, setPosition, shiftClock, subscribedGameMaster } from '../../../../test/support/sessions';

let server: TestServer;
let admin: ApiClient;
let gm: ApiClient & { user: { id: string } };
let alpha: number;
let beta: number;
/** Answers no response may hold before the hunter answered: a number and a clue nobody would write. */
const SECRET_NUMBER = 4217.5;
const SECRET_CLUE = 'Clue-Zebra-7781';
let numberQuestion: number;
let choiceQuestion: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  gm = await subscribedGameMaster(server);
  alpha = await addSpecies(server, 1, 'Alphasaurus');
  beta = await addSpecies(server, 1, 'Betasaurus');
  numberQuestion = (
    await admin.post(`/api/admin/dinosaur-species/${alpha}/questions`, {
      prompt: 'How long was the tail, in cm?',
      kind: 'number',
      correctNumber: SECRET_NUMBER,
      tolerance: 0,
      clue: SECRET_CLUE,
    })
  ).body.id;
  choiceQuestion = (
    await admin.post(`/api/admin/dinosaur-species/${beta}/questions`, {
      prompt: 'What did it eat?',
      kind: 'choice',
      choices: ['Ferns', 'Fish', 'Beetles'],
      correctChoice: 2,
      clue: SECRET_CLUE,
    })
  ).body.id;
});
afterAll(() => server.close());

/** A JSON text holds no answer: neither the secret number nor the clue, nor the answer fields. */
function expectNoAnswer(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(String(SECRET_NUMBER));
  expect(text).not.toContain(SECRET_CLUE);
  expect(text).not.toMatch(/correctChoice|correctNumber|"tolerance"/);
}

async function mission(challenges: unknown[]) {
  const created = await admin.post('/api/missions', { name: `Lesson ${Math.random()}`, maxPlayers: 20, objectives: ['Stay on the paths'] });
  expect(created.status).toBe(201);
  const set = await admin.put(`/api/admin/missions/${created.body.id}/challenges`, { challenges });
  expect(set.status).toBe(200);
  return created.body.id as number;
}

const QUIZZES = () => [
  { kind: 'quiz', title: 'Tail quiz', questionId: numberQuestion, points: 10 },
  { kind: 'quiz', title: 'Diet quiz', questionId: choiceQuestion, points: 10 },
];

async function liveHunt(challenges: unknown[], handle = 'Ada') {
  const missionId = await mission(challenges);
  const s = await createSession(gm, { missionId });
  for (const speciesId of [alpha, alpha, beta]) {
    const res = await gm.post(`/api/game-sessions/${s.id}/deploy-dinosaur`, { sessionId: s.id, speciesId, latitude: HERE.lat, longitude: HERE.lng });
    expect(res.status).toBe(200);
  }
  await gm.post(`/api/game-sessions/${s.id}/start`);
  const hunter = await guestJoin(server, s.id, 'raptor-4821', handle);
  await setPosition(server, s.id, hunter.userId, HERE.lat, HERE.lng);
  const mine = await hunter.get(`/api/hunter/challenges?sessionId=${s.id}`);
  expect(mine.status).toBe(200);
  const id = (title: string) => mine.body.challenges.find((c: { challenge: { title: string } }) => c.challenge.title === title).challenge.id as number;
  return { s, hunter, mine: mine.body, id };
}

describe('species knowledge', () => {
  it('the seeded species ship with facts and questions; the catalogue shows facts and never answers', async () => {
    const [seeded] = await server.deps.db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.name, 'Tyrannosaurus rex'));
    expect(seeded?.period).toMatch(/Cretaceous/);
    expect(seeded?.fossilSites).toMatch(/Montana/);
    const questions = await server.deps.db.select().from(speciesQuestions).where(eq(speciesQuestions.speciesId, seeded!.id));
    expect(questions.length).toBe(SPECIES_CATALOGUE[0]!.questions.length);
    const hunterView = await (await guestJoinAnywhere()).get('/api/dinosaur-species');
    expect(hunterView.status).toBe(200);
    expect(hunterView.body.find((s: { name: string }) => s.name === 'Tyrannosaurus rex')).toMatchObject({ period: seeded!.period, fossilSites: seeded!.fossilSites });
    expectNoAnswer(hunterView.body);
  });

  it('an install seeded before species knowledge gets the seed facts and questions once, never over an admin edit', async () => {
    const db = server.deps.db;
    const [trex] = await db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.name, 'Tyrannosaurus rex'));
    const [trike] = await db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.name, 'Triceratops'));
    await db.update(dinosaurSpecies).set({ period: null, fossilSites: null }).where(eq(dinosaurSpecies.id, trex!.id));
    await db.delete(speciesQuestions).where(eq(speciesQuestions.speciesId, trex!.id));
    await db.update(dinosaurSpecies).set({ period: 'Edited by the admin', fossilSites: null }).where(eq(dinosaurSpecies.id, trike!.id));
    expect(await backfillSeedKnowledge(server.deps)).toBe(1);
    const [filled] = await db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.id, trex!.id));
    expect(filled).toMatchObject({ period: SPECIES_CATALOGUE[0]!.period, fossilSites: SPECIES_CATALOGUE[0]!.fossilSites });
    expect(await db.select().from(speciesQuestions).where(eq(speciesQuestions.speciesId, trex!.id))).toHaveLength(2);
    expect((await db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.id, trike!.id)))[0]!.period).toBe('Edited by the admin');
    expect(await backfillSeedKnowledge(server.deps)).toBe(0);
  });

  it('the admin adds, edits, lists and deletes questions; bad questions get 400, others 403/404', async () => {
    const created = await admin.post(`/api/admin/dinosaur-species/${alpha}/questions`, {
      prompt: ' Which period? ',
      kind: 'choice',
      choices: ['Jurassic', 'Cretaceous'],
      correctChoice: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ prompt: 'Which period?', correctChoice: 1, correctNumber: null, clue: null });
    const edited = await admin.put(`/api/admin/species-questions/${created.body.id}`, { prompt: 'How many?', kind: 'number', correctNumber: 3, tolerance: 0.5 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'number', choices: [], correctChoice: null, correctNumber: 3, tolerance: 0.5 });
    const list = await admin.get(`/api/admin/dinosaur-species/${alpha}/questions`);
    expect(list.body.map((q: { id: number }) => q.id)).toContain(created.body.id);

    const outOfRange = await admin.post(`/api/admin/dinosaur-species/${alpha}/questions`, { prompt: 'x', kind: 'choice', choices: ['a', 'b'], correctChoice: 2 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error).toBe('Pick which choice is correct');
    const noNumber = await admin.post(`/api/admin/dinosaur-species/${alpha}/questions`, { prompt: 'x', kind: 'number' });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.error).toBe('A number question needs its correct number');
    expect((await admin.post(`/api/admin/dinosaur-species/${alpha}/questions`, { prompt: '', kind: 'choice' })).status).toBe(400);
    expect((await admin.post('/api/admin/dinosaur-species/999999/questions', { prompt: 'x', kind: 'number', correctNumber: 1 })).status).toBe(404);
    expect((await gm.get(`/api/admin/dinosaur-species/${alpha}/questions`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/species-questions/${created.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/species-questions/${created.body.id}`)).status).toBe(404);
  });
});

let guestCounter = 0;
async function guestJoinAnywhere() {
  const s = await createSession(gm);
  guestCounter += 1;
  return guestJoin(server, s.id, 'raptor-4821', `Reader${guestCounter}`);
}

describe('mission objectives', () => {
  it('objectives missing what their kind needs, or naming unknown species or questions, get 400; plain objectives stay', async () => {
    const created = await admin.post('/api/missions', { name: 'Checks', maxPlayers: 20, objectives: ['Plain text stays'] });
    const put = (challenges: unknown) => admin.put(`/api/admin/missions/${created.body.id}/challenges`, { challenges });
    const quiz = await put([{ kind: 'quiz', title: 'Quiz' }]);
    expect(quiz.status).toBe(400);
    expect(quiz.body.error).toBe('Choose a question');
    expect((await put([{ kind: 'reach_point', title: 'Go', latitude: 1, longitude: 1 }])).body.error).toMatch(/radius/);
    expect((await put([{ kind: 'observe_species', title: 'See', speciesId: 987654 }])).status).toBe(400);
    expect((await put([{ kind: 'teleport', title: 'x' }])).status).toBe(400);
    expect((await put([{ kind: 'observe_count', title: 'Three', target: 3, points: -1 }])).status).toBe(400);
    expect((await gm.put(`/api/admin/missions/${created.body.id}/challenges`, { challenges: [] })).status).toBe(403);
    const ok = await put([{ kind: 'observe_count', title: 'Three', target: 3, points: 15, latitude: 4 }]);
    expect(ok.status).toBe(200);
    expect(ok.body[0]).toMatchObject({ kind: 'observe_count', target: 3, points: 15, latitude: null });
    const listed = (await gm.get('/api/missions')).body.find((m: { id: number }) => m.id === created.body.id);
    expect(listed.objectives).toEqual(['Plain text stays']);
  });
});

describe('playing the objectives', () => {
  it('observations, a check-in, a quiz and a hint move progress and score, live to the hunter and HQ, without answers', async () => {
    const point = north(300);
    const { s, hunter, mine, id } = await liveHunt([
      { kind: 'observe_species', title: 'Two Alphasaurs', speciesId: alpha, target: 2, points: 20 },
      { kind: 'reach_point', title: 'The oak', latitude: point.lat, longitude: point.lng, radiusM: 25, points: 10 },
      ...QUIZZES(),
    ]);
    expectNoAnswer(mine);
    expect(mine.challenges.find((c: { challenge: { title: string } }) => c.challenge.title === 'Tail quiz').question).toMatchObject({
      prompt: 'How long was the tail, in cm?',
      kind: 'number',
      choices: [],
    });
    const hq = WsClient.connect(server, `?sessionId=${s.id}`, gm.cookies());
    const phone = WsClient.connect(server, `?sessionId=${s.id}`, hunter.cookies());
    await hq.next((f) => f.type === 'subscribed');
    await phone.next((f) => f.type === 'subscribed');

    const dinos = (await gm.get(`/api/game-sessions/${s.id}/dinosaurs`)).body.filter((d: { speciesId: number }) => d.speciesId === alpha);
    for (const d of dinos) expect((await hunter.post('/api/hunter/observation', { sessionId: s.id, dinosaurId: d.id })).body.outcome).toBe('observed');
    const done = await phone.next((f) => f.type === 'challenge_progress' && f.challenge.status === 'done');
    expect(done).toMatchObject({ hunterName: 'Ada', challenge: { challengeId: id('Two Alphasaurs'), progress: 2, goal: 2, pointsAwarded: 20 } });
    await hq.next((f) => f.type === 'challenge_progress' && f.challenge.status === 'done');

    // Far from the point: not yet; there: done. The position is the server's, never the request's.
    const far = await hunter.post('/api/hunter/challenges/check-in', { sessionId: s.id, latitude: point.lat, longitude: point.lng });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ reached: [], nearest: { challengeId: id('The oak') } });
    await setPosition(server, s.id, hunter.userId, point.lat, point.lng);
    const there = await hunter.post('/api/hunter/challenges/check-in', { sessionId: s.id });
    expect(there.body.reached).toEqual([id('The oak')]);

    // A clue costs the hint price; a wrong answer costs the penalty; the right one earns the points.
    const clue = await hunter.post('/api/hunter/challenges/hint', { sessionId: s.id, kind: 'clue', challengeId: id('Tail quiz') });
    expect(clue.status).toBe(200);
    expect(clue.body).toMatchObject({ kind: 'clue', cost: 5, hintsLeft: 2, clue: SECRET_CLUE });
    const wrong = await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: id('Tail quiz'), answer: { number: 12 } });
    expect(wrong.body).toMatchObject({ correct: false, correctAnswer: null, progress: { status: 'open', attemptsLeft: 1, wrongAnswers: 1 } });
    expectNoAnswer(wrong.body);
    const right = await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: id('Tail quiz'), answer: { number: SECRET_NUMBER } });
    expect(right.body).toMatchObject({ correct: true, correctAnswer: String(SECRET_NUMBER), progress: { status: 'done', pointsAwarded: 10 } });
    expect(right.body.totals).toEqual({
      score: 20 + 10 + 10 - WRONG_ANSWER_PENALTY - 5,
      pointsAwarded: 40,
      wrongAnswers: 1,
      hintsTaken: 1,
      hintCosts: 5,
      completed: 3,
    });
    const again = await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: id('Tail quiz'), answer: { number: SECRET_NUMBER } });
    expect(again.status).toBe(409);

    // Every event either side heard before the right answer held no answer.
    const rightAt = phone.frames.findIndex((f) => f.type === 'challenge_progress' && f.challenge.challengeId === id('Tail quiz') && f.challenge.status === 'done');
    expectNoAnswer(phone.frames.slice(0, rightAt).filter((f) => f.type !== 'subscribed'));
    expectNoAnswer(phone.frames.filter((f) => f.type === 'challenge_progress'));
    const hqView = await gm.get(`/api/game-sessions/${s.id}/challenges`);
    expect(hqView.status).toBe(200);
    expect(hqView.body.hunters[0]).toMatchObject({ hunterName: 'Ada', totals: { score: 33, hintsTaken: 1, wrongAnswers: 1 } });
    expect(hqView.body.hunters[0].progress.map((p: { status: string }) => p.status)).toEqual(['done', 'done', 'done', 'open']);

    // The results CSV lists each objective per hunter, then the challenge totals.
    const csv = await gm.get(`/api/game-sessions/${s.id}/results.csv`);
    expect(csv.status).toBe(200);
    const [header, row] = String(csv.body).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toContain('objective_1: Two Alphasaurs,objective_2: The oak,objective_3: Tail quiz,objective_4: Diet quiz');
    expect(header).toMatch(/challenge_points,wrong_answers,hints_taken,hint_costs,challenge_score$/);
    expect(row).toMatch(/,done \(\+20\),done \(\+10\),"?done \(\+10, 1 wrong\)"?,open,40,1,1,5,33$/);
    hq.close();
    phone.close();
  });

  it('the attempt limit holds on REST, tRPC over HTTP and tRPC over the socket', async () => {
    const { s, hunter, id } = await liveHunt(QUIZZES(), 'Boris');
    const quiz = id('Diet quiz');
    const rest = await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: quiz, answer: { choice: 0 } });
    expect(rest.body.correct).toBe(false);
    const http = hunter.trpc();
    const viaHttp = await http.trpc.challenges.answer.mutate({ sessionId: s.id, challengeId: quiz, answer: { choice: 1 } });
    expect(viaHttp).toMatchObject({ correct: false, correctAnswer: 'Beetles', progress: { status: 'failed', attemptsLeft: 0 } });
    const socket = hunter.trpc({ allOverWebSocket: true });
    await expect(socket.trpc.challenges.answer.mutate({ sessionId: s.id, challengeId: quiz, answer: { choice: 2 } })).rejects.toMatchObject({
      data: { httpStatus: 409 },
      message: `No attempts left: each question allows ${QUIZ_MAX_ATTEMPTS}`,
    });
    await expect(http.trpc.challenges.answer.mutate({ sessionId: s.id, challengeId: quiz, answer: { choice: 2 } })).rejects.toMatchObject({ data: { httpStatus: 409 } });
    expect((await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: quiz, answer: { choice: 2 } })).status).toBe(409);

    // Many at once on the other quiz, over every door: only QUIZ_MAX_ATTEMPTS are counted.
    const other = id('Tail quiz');
    const tries = await Promise.allSettled([
      hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: other, answer: { number: 1 } }),
      http.trpc.challenges.answer.mutate({ sessionId: s.id, challengeId: other, answer: { number: 2 } }),
      socket.trpc.challenges.answer.mutate({ sessionId: s.id, challengeId: other, answer: { number: 3 } }),
      hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: other, answer: { number: 4 } }),
    ]);
    const accepted = tries.filter((t) => t.status === 'fulfilled' && ('status' in t.value ? t.value.status === 200 : true)).length;
    expect(accepted).toBe(QUIZ_MAX_ATTEMPTS);
    const after = await hunter.get(`/api/hunter/challenges?sessionId=${s.id}`);
    expect(after.body.totals.wrongAnswers).toBe(2 * QUIZ_MAX_ATTEMPTS);
    http.close();
    socket.close();
  });

  it('hints: direction to the nearest unobserved dinosaur, the allowance, and the cost the game master sets', async () => {
    const { s, hunter } = await liveHunt(QUIZZES(), 'Cyrus');
    const current = (await gm.get(`/api/game-sessions/${s.id}/challenges`)).body;
    const adjusted = await gm.put(`/api/game-sessions/${s.id}/challenges`, {
      hintCost: 7,
      hintAllowance: 1,
      challenges: current.challenges.map((c: Record<string, unknown>) => ({ kind: c.kind, title: c.title, questionId: c.questionId, points: c.points })),
    });
    expect(adjusted.status).toBe(200);
    await setPosition(server, s.id, hunter.userId, north(40).lat, north(40).lng);
    const hint = await hunter.post('/api/hunter/challenges/hint', { sessionId: s.id, kind: 'direction' });
    expect(hint.status).toBe(200);
    expect(hint.body).toMatchObject({ kind: 'direction', cost: 7, hintsLeft: 0, direction: { compass: 'S', distanceM: 40, showForMs: 30_000 } });
    expect(hint.body.totals).toMatchObject({ score: -7, hintsTaken: 1, hintCosts: 7 });
    const over = await hunter.post('/api/hunter/challenges/hint', { sessionId: s.id, kind: 'direction' });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('No hints left: each hunter may take 1');
  });

  it('a photo at a place: sent from Comms near the place, judged by the game master', async () => {
    const place = north(200);
    const { s, hunter, id } = await liveHunt(
      [{ kind: 'photo_at_place', title: 'The quarry', latitude: place.lat, longitude: place.lng, radiusM: 30, points: 15 }],
      'Edith',
    );
    const photoObjective = id('The quarry');
    const submit = () => hunter.post('/api/hunter/challenges/photo', { sessionId: s.id, challengeId: photoObjective });
    expect((await submit()).status).toBe(404);
    const fd = new FormData();
    fd.append('message', 'The quarry wall');
    fd.append('recipientType', 'headquarters');
    fd.append('media', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'quarry.jpg');
    expect((await hunter.request('POST', `/api/game-sessions/${s.id}/upload-media`, fd)).status).toBe(200);
    const far = await submit();
    expect(far.status).toBe(409);
    expect(far.body.error).toMatch(/^Too far from the place/);
    await setPosition(server, s.id, hunter.userId, place.lat, place.lng);
    expect((await submit()).body.message).toBe('Photo sent: the game master will judge it');
    const [hunterRow] = (await gm.get(`/api/game-sessions/${s.id}/challenges`)).body.hunters;
    expect(hunterRow.progress[0].status).toBe('pending');
    const review = (approved: boolean) =>
      gm.post(`/api/game-sessions/${s.id}/challenges/photo-review`, { playerId: hunterRow.playerId, challengeId: photoObjective, approved });
    expect((await review(true)).body.totals).toMatchObject({ score: 15, completed: 1 });
    expect((await review(true)).status).toBe(409);
    expect((await hunter.post(`/api/game-sessions/${s.id}/challenges/photo-review`, { playerId: hunterRow.playerId, challengeId: photoObjective, approved: true })).status).toBe(403);
  });

  it('past its time limit an objective is missed and takes no answer', async () => {
    const { s, hunter, id } = await liveHunt([{ kind: 'quiz', title: 'Quick quiz', questionId: choiceQuestion, points: 10, timeLimitMin: 1 }], 'Fiona');
    const before = await hunter.get(`/api/hunter/challenges?sessionId=${s.id}`);
    expect(before.body.challenges[0].challenge.deadline).toEqual(expect.any(String));
    const reset = shiftClock(server, 2 * 60_000);
    try {
      const late = await hunter.post('/api/hunter/challenges/answer', { sessionId: s.id, challengeId: id('Quick quiz'), answer: { choice: 2 } });
      expect(late.status).toBe(409);
      expect(late.body.error).toBe('Time is up for "Quick quiz"');
      const after = await hunter.get(`/api/hunter/challenges?sessionId=${s.id}`);
      expect(after.body.challenges[0].progress).toMatchObject({ status: 'failed', attemptsLeft: 0 });
      expect(after.body.challenges[0].correctAnswer).toBeNull();
    } finally {
      reset();
    }
  });

  it('bad input gets a clear 4xx, never a 500', async () => {
    const { s, hunter, id } = await liveHunt(QUIZZES(), 'Diana');
    const answer = (body: unknown) => hunter.post('/api/hunter/challenges/answer', body);
    expect((await answer({ sessionId: s.id, challengeId: id('Diet quiz'), answer: { choice: 9 } })).body.error).toBe('Answer with one of the choices');
    expect((await answer({ sessionId: s.id, challengeId: id('Diet quiz'), answer: { number: 2 } })).status).toBe(400);
    expect((await answer({ sessionId: s.id, challengeId: id('Tail quiz'), answer: { number: 'many' } })).status).toBe(400);
    expect((await answer({ sessionId: s.id, challengeId: id('Tail quiz') })).status).toBe(400);
    expect((await answer({ sessionId: 'x', challengeId: 1, answer: { choice: 0 } })).status).toBe(400);
    expect((await answer({ sessionId: s.id, challengeId: 999999, answer: { choice: 0 } })).status).toBe(404);
    expect((await hunter.post('/api/hunter/challenges/hint', { sessionId: s.id, kind: 'clue' })).status).toBe(400);
    expect((await hunter.post('/api/hunter/challenges/hint', { sessionId: s.id, kind: 'magic' })).status).toBe(400);
    expect((await gm.post('/api/hunter/challenges/check-in', { sessionId: s.id })).status).toBe(403);
    const outsider = await guestJoinAnywhere();
    expect((await outsider.get(`/api/hunter/challenges?sessionId=${s.id}`)).status).toBe(403);
    expect((await gm.put(`/api/game-sessions/${s.id}/challenges`, { hintCost: -1, hintAllowance: 1, challenges: [] })).status).toBe(400);
    // Nothing counted for the refused answers.
    expect((await hunter.get(`/api/hunter/challenges?sessionId=${s.id}`)).body.totals.wrongAnswers).toBe(0);
  });
});
