import { describe, expect, it } from 'vitest';
import {
  ChallengeFields,
  challengeDeadline,
  challengeGoal,
  challengeScore,
  checkAnswer,
  correctAnswerText,
  normalizeChallenge,
  normalizeQuestion,
  observeProgress,
  QuestionFields,
  WRONG_ANSWER_PENALTY,
} from './challenges';

const choice = { kind: 'choice' as const, choices: ['Two', 'Three'], correctChoice: 0, correctNumber: null, tolerance: 0 };
const number = { kind: 'number' as const, choices: [], correctChoice: null, correctNumber: 66, tolerance: 2 };

describe('checkAnswer', () => {
  it('a choice is right only at the correct index; an index out of range or a number does not fit', () => {
    expect(checkAnswer(choice, { choice: 0 })).toBe(true);
    expect(checkAnswer(choice, { choice: 1 })).toBe(false);
    expect(checkAnswer(choice, { choice: 2 })).toBeNull();
    expect(checkAnswer(choice, { number: 0 })).toBeNull();
  });
  it('a number counts within the tolerance, both sides, and not beyond', () => {
    expect(checkAnswer(number, { number: 64 })).toBe(true);
    expect(checkAnswer(number, { number: 68 })).toBe(true);
    expect(checkAnswer(number, { number: 68.01 })).toBe(false);
    expect(checkAnswer(number, { choice: 0 })).toBeNull();
    expect(checkAnswer({ ...number, correctNumber: 1.2, tolerance: 0 }, { number: 1.1 + 0.1 })).toBe(true);
  });
  it('says the correct answer in words', () => {
    expect(correctAnswerText(choice)).toBe('Two');
    expect(correctAnswerText(number)).toBe('66 (± 2)');
  });
});

describe('QuestionFields', () => {
  it('needs choices and a correct one in range for a choice question, a number for a number question', () => {
    expect(QuestionFields.safeParse({ prompt: 'q', kind: 'choice', choices: ['a'], correctChoice: 0 }).success).toBe(false);
    expect(QuestionFields.safeParse({ prompt: 'q', kind: 'choice', choices: ['a', 'b'], correctChoice: 2 }).success).toBe(false);
    expect(QuestionFields.safeParse({ prompt: 'q', kind: 'number' }).success).toBe(false);
    expect(QuestionFields.safeParse({ prompt: ' ', kind: 'number', correctNumber: 1 }).success).toBe(false);
    const ok = QuestionFields.parse({ prompt: ' q ', kind: 'number', correctNumber: 1, choices: ['x'], correctChoice: 0, clue: '' });
    expect(normalizeQuestion(ok)).toMatchObject({ prompt: 'q', choices: [], correctChoice: null, clue: null });
  });
});

describe('ChallengeFields', () => {
  it('needs what each kind checks, and drops the fields of other kinds', () => {
    expect(ChallengeFields.safeParse({ kind: 'quiz', title: 'Q' }).success).toBe(false);
    expect(ChallengeFields.safeParse({ kind: 'observe_species', title: 'S' }).success).toBe(false);
    expect(ChallengeFields.safeParse({ kind: 'reach_point', title: 'P', latitude: 1, longitude: 2 }).success).toBe(false);
    expect(ChallengeFields.safeParse({ kind: 'reach_point', title: 'P', latitude: 1, longitude: 2, radiusM: 1 }).success).toBe(false);
    const parsed = ChallengeFields.parse({ kind: 'observe_rare', title: 'R', target: 4, latitude: 1, speciesId: 3 });
    expect(normalizeChallenge(parsed)).toMatchObject({ target: null, latitude: null, speciesId: null, points: 10, timeLimitMin: null });
    expect(normalizeChallenge(ChallengeFields.parse({ kind: 'observe_species', title: 'S', speciesId: 3 })).target).toBe(1);
  });
});

describe('progress and score', () => {
  const seen = [
    { speciesId: 1, rarity: 'common' },
    { speciesId: 1, rarity: 'common' },
    { speciesId: 2, rarity: 'legendary' },
  ];
  it('counts observations per kind, up to the goal', () => {
    expect(observeProgress({ kind: 'observe_count', target: 2, speciesId: null }, seen)).toBe(2);
    expect(observeProgress({ kind: 'observe_species', target: 3, speciesId: 1 }, seen)).toBe(2);
    expect(observeProgress({ kind: 'observe_rare', target: null, speciesId: null }, seen)).toBe(1);
    expect(observeProgress({ kind: 'observe_rare', target: null, speciesId: null }, seen.slice(0, 2))).toBe(0);
    expect(challengeGoal({ kind: 'quiz', target: null })).toBe(1);
  });
  it('a deadline is minutes from the start; none without a limit or a start', () => {
    expect(challengeDeadline(10, 1000)).toBe(601_000);
    expect(challengeDeadline(null, 1000)).toBeNull();
    expect(challengeDeadline(10, null)).toBeNull();
  });
  it('the score subtracts wrong answers and hints', () => {
    expect(challengeScore({ pointsAwarded: 30, wrongAnswers: 2, hintCosts: 5 })).toBe(30 - 2 * WRONG_ANSWER_PENALTY - 5);
  });
});
