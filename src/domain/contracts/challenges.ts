// Challenges (issue #44) as the API and the events carry them. Nothing here holds a question's correct
// answer or clue except `correctAnswer`, which the server fills only once the hunter's quiz is closed.
import { z } from 'zod';
import { CHALLENGE_KINDS, CHALLENGE_STATUSES, QUESTION_KINDS } from '../challenges';

export const PublicQuestion = z
  .object({
    id: z.number().int(),
    speciesId: z.number().int(),
    prompt: z.string().meta({ examples: ['How many fingers did each arm of Tyrannosaurus rex have?'] }),
    kind: z.enum(QUESTION_KINDS).describe('choice: answer with the index of a choice; number: answer with a number'),
    choices: z.array(z.string()).describe('The choices of a choice question (empty for a number question)').meta({ examples: [['Three', 'Two', 'Four', 'Five']] }),
  })
  .describe('A species question as a hunter sees it: without its correct answer or clue');
export type PublicQuestion = z.infer<typeof PublicQuestion>;

export const ChallengeOutput = z.object({
  id: z.number().int(),
  kind: z.enum(CHALLENGE_KINDS).describe('observe_count, observe_species, observe_rare, quiz, reach_point or photo_at_place'),
  title: z.string().meta({ examples: ['Observe two Triceratops'] }),
  target: z.number().int().nullable().describe('observe_count / observe_species: how many'),
  speciesId: z.number().int().nullable(),
  speciesName: z.string().nullable().describe('observe_species and quiz: the species it is about'),
  questionId: z.number().int().nullable(),
  latitude: z.number().nullable().describe('reach_point / photo_at_place: the place'),
  longitude: z.number().nullable(),
  radiusM: z.number().nullable().describe('reach_point / photo_at_place: how near counts, in metres'),
  points: z.number().int().describe('Points it earns when done'),
  timeLimitMin: z.number().int().nullable().describe("Minutes from the session's start; null: no limit"),
  deadline: z.string().nullable().describe('When the time limit runs out (ISO), once the session has started; else null'),
});
export type ChallengeOutput = z.infer<typeof ChallengeOutput>;

export const ChallengeProgressOutput = z.object({
  challengeId: z.number().int(),
  progress: z.number().int().describe('Steps done (observations counted, 1 when checked in or answered)'),
  goal: z.number().int().describe('Steps that finish it'),
  status: z.enum(CHALLENGE_STATUSES).describe('open; pending (a photo awaits the game master); done; failed (attempts used up, time out or photo refused)'),
  pointsAwarded: z.number().int(),
  wrongAnswers: z.number().int().describe('Wrong quiz answers given (each costs points)'),
  attemptsLeft: z.number().int().nullable().describe('quiz: answers left; null for other kinds'),
});
export type ChallengeProgressOutput = z.infer<typeof ChallengeProgressOutput>;

/** One hunter's challenge totals: what a teacher grades. */
export const HunterChallengeTotals = z.object({
  score: z.number().int().describe('Points earned less wrong answers and hints (can be negative)').meta({ examples: [21] }),
  pointsAwarded: z.number().int(),
  wrongAnswers: z.number().int(),
  hintsTaken: z.number().int(),
  hintCosts: z.number().int().describe('Points the hints cost'),
  completed: z.number().int().describe('Objectives done'),
});
export type HunterChallengeTotals = z.infer<typeof HunterChallengeTotals>;
