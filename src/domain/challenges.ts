// Challenges (issue #44): species questions, typed mission objectives, how the server checks them,
// and the score a teacher grades. Pure: the server and the client share these rules.
import { z } from 'zod';
import { RARITIES } from './rules';

// --- Limits and scoring (decision 925) ---

/** Answers a hunter may give to one quiz objective; the last wrong one closes it. */
export const QUIZ_MAX_ATTEMPTS = 2;
/** Points one wrong quiz answer costs. */
export const WRONG_ANSWER_PENALTY = 2;
export const DEFAULT_HINT_COST = 5;
export const DEFAULT_HINT_ALLOWANCE = 3;
export const MAX_HINT_COST = 100;
export const MAX_HINT_ALLOWANCE = 20;
/** How long the map shows a direction hint's dinosaur. */
export const DIRECTION_HINT_MS = 30_000;
export const MAX_QUESTIONS_PER_SPECIES = 20;
export const MAX_CHALLENGES = 20;
export const MAX_CHOICES = 6;
export const MAX_CHALLENGE_POINTS = 1000;
export const MAX_CHALLENGE_RADIUS_M = 5000;
export const MIN_CHALLENGE_RADIUS_M = 5;
export const MAX_TIME_LIMIT_MIN = 24 * 60;
/** Rarities an "observe a rare one" objective accepts. */
export const RARE_RARITIES: readonly string[] = RARITIES.filter((r) => r === 'rare' || r === 'epic' || r === 'legendary');

export const CHALLENGE_MESSAGES = {
  prompt: 'A question needs its text (at most 300 characters)',
  choices: `A multiple-choice question needs 2 to ${MAX_CHOICES} choices of at most 120 characters`,
  correctChoice: 'Pick which choice is correct',
  correctNumber: 'A number question needs its correct number',
  tolerance: 'Tolerance must be a number of at least 0',
  clue: 'A clue is at most 300 characters',
  answerChoice: 'Answer with one of the choices',
  answerNumber: 'Answer with a number',
  title: 'An objective needs a title (at most 200 characters)',
  target: 'How many must be a whole number from 1 to 50',
  species: 'Choose a species',
  question: 'Choose a question',
  place: 'Choose a point on the map (latitude and longitude)',
  radius: `The radius must be between ${MIN_CHALLENGE_RADIUS_M} and ${MAX_CHALLENGE_RADIUS_M} m`,
  points: `Points must be a whole number from 0 to ${MAX_CHALLENGE_POINTS}`,
  timeLimit: `The time limit must be a whole number of minutes from 1 to ${MAX_TIME_LIMIT_MIN}`,
  hintCost: `The hint cost must be a whole number from 0 to ${MAX_HINT_COST}`,
  hintAllowance: `The hint allowance must be a whole number from 0 to ${MAX_HINT_ALLOWANCE}`,
} as const;

// --- Species questions ---

export const QUESTION_KINDS = ['choice', 'number'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : trimmed(v));

/** What the admin writes (the object's fields, for procedures that add an id): the correct answer is stored server-side only. */
export const QuestionShape = {
  prompt: z.preprocess(trimmed, z.string({ error: CHALLENGE_MESSAGES.prompt }).min(1, CHALLENGE_MESSAGES.prompt).max(300, CHALLENGE_MESSAGES.prompt)),
  kind: z.enum(QUESTION_KINDS, { error: 'Kind must be choice or number' }),
  choices: z
    .array(z.preprocess(trimmed, z.string().min(1, CHALLENGE_MESSAGES.choices).max(120, CHALLENGE_MESSAGES.choices)), {
      error: CHALLENGE_MESSAGES.choices,
    })
    .max(MAX_CHOICES, CHALLENGE_MESSAGES.choices)
    .default([]),
  correctChoice: z.number({ error: CHALLENGE_MESSAGES.correctChoice }).int(CHALLENGE_MESSAGES.correctChoice).min(0, CHALLENGE_MESSAGES.correctChoice).nullable().default(null),
  correctNumber: z.number({ error: CHALLENGE_MESSAGES.correctNumber }).finite(CHALLENGE_MESSAGES.correctNumber).nullable().default(null),
  tolerance: z.number({ error: CHALLENGE_MESSAGES.tolerance }).finite(CHALLENGE_MESSAGES.tolerance).min(0, CHALLENGE_MESSAGES.tolerance).default(0),
  clue: z.preprocess(blankToNull, z.string().max(300, CHALLENGE_MESSAGES.clue).nullable().default(null)),
};

type QuestionInput = { kind: QuestionKind; choices: string[]; correctChoice: number | null; correctNumber: number | null };

/** A question's fields must fit its kind: choices with a correct one, or a correct number. */
export function refineQuestion(q: QuestionInput, ctx: z.RefinementCtx): void {
  if (q.kind === 'choice') {
    if (q.choices.length < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: CHALLENGE_MESSAGES.choices });
    if (q.correctChoice === null || q.correctChoice >= q.choices.length) {
      ctx.addIssue({ code: 'custom', path: ['correctChoice'], message: CHALLENGE_MESSAGES.correctChoice });
    }
  } else if (q.correctNumber === null) {
    ctx.addIssue({ code: 'custom', path: ['correctNumber'], message: CHALLENGE_MESSAGES.correctNumber });
  }
}

export const QuestionFields = z.object(QuestionShape).superRefine(refineQuestion);
export type QuestionFields = z.output<typeof QuestionFields>;

/** Only the fields of its kind are kept: a number question has no choices, a choice question no number. */
export const normalizeQuestion = <Q extends QuestionFields>(q: Q): Q =>
  q.kind === 'choice' ? { ...q, correctNumber: null, tolerance: 0 } : { ...q, choices: [], correctChoice: null };

/** A hunter's answer: the index of a choice, or a number. */
export const AnswerValue = z.union([
  z.object({ choice: z.number({ error: CHALLENGE_MESSAGES.answerChoice }).int(CHALLENGE_MESSAGES.answerChoice).min(0, CHALLENGE_MESSAGES.answerChoice) }),
  z.object({ number: z.number({ error: CHALLENGE_MESSAGES.answerNumber }).finite(CHALLENGE_MESSAGES.answerNumber) }),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

type StoredAnswer = Pick<QuestionFields, 'kind' | 'choices' | 'correctChoice' | 'correctNumber' | 'tolerance'>;

/** null when the answer does not fit the question (a choice for a number question, a choice out of range). */
export function checkAnswer(question: StoredAnswer, answer: AnswerValue): boolean | null {
  if (question.kind === 'choice') {
    if (!('choice' in answer) || answer.choice >= question.choices.length) return null;
    return answer.choice === question.correctChoice;
  }
  if (!('number' in answer) || question.correctNumber === null) return null;
  // A small epsilon: 1.1 + 0.1 style sums must not fail an exact answer.
  return Math.abs(answer.number - question.correctNumber) <= question.tolerance + 1e-9;
}

/** The correct answer in words, shown to a hunter only after answering. */
export function correctAnswerText(question: StoredAnswer): string {
  if (question.kind === 'choice') return question.choices[question.correctChoice ?? -1] ?? '';
  const n = question.correctNumber ?? 0;
  return question.tolerance > 0 ? `${n} (± ${question.tolerance})` : String(n);
}

/** How an answer is stored: the choice's text, or the number. */
export function answerText(question: Pick<QuestionFields, 'choices'>, answer: AnswerValue): string {
  return 'choice' in answer ? (question.choices[answer.choice] ?? String(answer.choice)) : String(answer.number);
}

// --- Objectives (challenges) ---

export const CHALLENGE_KINDS = ['observe_count', 'observe_species', 'observe_rare', 'quiz', 'reach_point', 'photo_at_place'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

export const CHALLENGE_KIND_LABELS: Record<ChallengeKind, string> = {
  observe_count: 'Observe dinosaurs',
  observe_species: 'Observe a species',
  observe_rare: 'Observe a rare dinosaur',
  quiz: 'Answer a quiz',
  reach_point: 'Reach a point',
  photo_at_place: 'Photo at a place',
};

const optionalInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().default(null);

export const ChallengeShape = {
  kind: z.enum(CHALLENGE_KINDS, { error: `Kind must be one of ${CHALLENGE_KINDS.join(', ')}` }),
  title: z.preprocess(trimmed, z.string({ error: CHALLENGE_MESSAGES.title }).min(1, CHALLENGE_MESSAGES.title).max(200, CHALLENGE_MESSAGES.title)),
  target: optionalInt(1, 50, CHALLENGE_MESSAGES.target),
  speciesId: z.number({ error: CHALLENGE_MESSAGES.species }).int().positive(CHALLENGE_MESSAGES.species).nullable().default(null),
  questionId: z.number({ error: CHALLENGE_MESSAGES.question }).int().positive(CHALLENGE_MESSAGES.question).nullable().default(null),
  latitude: z.number({ error: CHALLENGE_MESSAGES.place }).min(-90, CHALLENGE_MESSAGES.place).max(90, CHALLENGE_MESSAGES.place).nullable().default(null),
  longitude: z.number({ error: CHALLENGE_MESSAGES.place }).min(-180, CHALLENGE_MESSAGES.place).max(180, CHALLENGE_MESSAGES.place).nullable().default(null),
  radiusM: z
    .number({ error: CHALLENGE_MESSAGES.radius })
    .min(MIN_CHALLENGE_RADIUS_M, CHALLENGE_MESSAGES.radius)
    .max(MAX_CHALLENGE_RADIUS_M, CHALLENGE_MESSAGES.radius)
    .nullable()
    .default(null),
  points: z.number({ error: CHALLENGE_MESSAGES.points }).int(CHALLENGE_MESSAGES.points).min(0, CHALLENGE_MESSAGES.points).max(MAX_CHALLENGE_POINTS, CHALLENGE_MESSAGES.points).default(10),
  timeLimitMin: optionalInt(1, MAX_TIME_LIMIT_MIN, CHALLENGE_MESSAGES.timeLimit),
};

type ChallengeInput = {
  kind: ChallengeKind;
  target: number | null;
  speciesId: number | null;
  questionId: number | null;
  latitude: number | null;
  longitude: number | null;
  radiusM: number | null;
};

/** The fields an objective's check reads must be there for its kind. */
export function refineChallenge(c: ChallengeInput, issue: z.RefinementCtx): void {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issue.addIssue({ code: 'custom', path: [path], message });
  };
  if (c.kind === 'observe_count') need(c.target !== null, 'target', CHALLENGE_MESSAGES.target);
  if (c.kind === 'observe_species') need(c.speciesId !== null, 'speciesId', CHALLENGE_MESSAGES.species);
  if (c.kind === 'quiz') need(c.questionId !== null, 'questionId', CHALLENGE_MESSAGES.question);
  if (c.kind === 'reach_point' || c.kind === 'photo_at_place') {
    need(c.latitude !== null && c.longitude !== null, 'latitude', CHALLENGE_MESSAGES.place);
    need(c.radiusM !== null, 'radiusM', CHALLENGE_MESSAGES.radius);
  }
}

export const ChallengeFields = z.object(ChallengeShape).superRefine(refineChallenge);
export type ChallengeFields = z.output<typeof ChallengeFields>;

/** Fields of other kinds are dropped, so a stored objective says only what its check reads. */
export const normalizeChallenge = <C extends ChallengeFields>(c: C): C => ({
  ...c,
  target: c.kind === 'observe_count' || c.kind === 'observe_species' ? (c.target ?? 1) : null,
  speciesId: c.kind === 'observe_species' ? c.speciesId : null,
  questionId: c.kind === 'quiz' ? c.questionId : null,
  latitude: c.kind === 'reach_point' || c.kind === 'photo_at_place' ? c.latitude : null,
  longitude: c.kind === 'reach_point' || c.kind === 'photo_at_place' ? c.longitude : null,
  radiusM: c.kind === 'reach_point' || c.kind === 'photo_at_place' ? c.radiusM : null,
});

export const CHALLENGE_STATUSES = ['open', 'pending', 'done', 'failed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** How many steps finish an objective: its target for observations, else one. */
export const challengeGoal = (c: Pick<ChallengeFields, 'kind' | 'target'>): number =>
  c.kind === 'observe_count' || c.kind === 'observe_species' ? Math.max(1, c.target ?? 1) : 1;

/** A successful observation, as an observe objective counts it. */
export type Observed = { speciesId: number; rarity: string | null };

/** Progress of an observe objective from the hunter's successful observations (each dinosaur once). */
export function observeProgress(c: Pick<ChallengeFields, 'kind' | 'target' | 'speciesId'>, observed: readonly Observed[]): number {
  const goal = challengeGoal(c);
  let n = 0;
  if (c.kind === 'observe_count') n = observed.length;
  else if (c.kind === 'observe_species') n = observed.filter((o) => o.speciesId === c.speciesId).length;
  else if (c.kind === 'observe_rare') n = observed.some((o) => o.rarity !== null && RARE_RARITIES.includes(o.rarity)) ? 1 : 0;
  return Math.min(goal, n);
}

export const isObserveKind = (kind: ChallengeKind) => kind === 'observe_count' || kind === 'observe_species' || kind === 'observe_rare';

/** When an objective's time limit runs out (ms), counted from the session's start; null: never. */
export function challengeDeadline(timeLimitMin: number | null, sessionStartMs: number | null): number | null {
  if (timeLimitMin === null || sessionStartMs === null) return null;
  return sessionStartMs + timeLimitMin * 60_000;
}

/**
 * The challenge score a teacher grades: the points of finished objectives, less WRONG_ANSWER_PENALTY for every
 * wrong quiz answer, less what the hints cost. It can go below zero: guessing and hints are visible.
 */
export function challengeScore(input: { pointsAwarded: number; wrongAnswers: number; hintCosts: number }): number {
  return input.pointsAwarded - input.wrongAnswers * WRONG_ANSWER_PENALTY - input.hintCosts;
}
