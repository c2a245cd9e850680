// Contracts of the challenges procedures (issue #44). A hunter's answers never hold a question's correct
// answer or clue before that hunter answered (correctAnswer) or paid for a hint (clue).
import { z } from 'zod';
import {
  AnswerValue,
  ChallengeShape,
  DIRECTION_HINT_MS,
  MAX_CHALLENGES,
  MAX_HINT_ALLOWANCE,
  MAX_HINT_COST,
  CHALLENGE_MESSAGES,
  QuestionShape,
  refineChallenge,
  refineQuestion,
} from '../../../domain/challenges';
import { ChallengeOutput, ChallengeProgressOutput, HunterChallengeTotals, PublicQuestion } from '../../../domain/contracts';
import { idParam } from '../../trpc';

export { ChallengeOutput, ChallengeProgressOutput, HunterChallengeTotals, PublicQuestion };
export const PublicQuestionSchema = PublicQuestion;

export const tags = ['challenges'];

export const AdminQuestionSchema = z
  .object({
    id: z.number().int(),
    speciesId: z.number().int(),
    prompt: z.string(),
    kind: z.enum(['choice', 'number']),
    choices: z.array(z.string()),
    correctChoice: z.number().int().nullable().describe('choice: the index of the correct choice'),
    correctNumber: z.number().nullable().describe('number: the correct number'),
    tolerance: z.number().describe('number: how far from correctNumber still counts'),
    clue: z.string().nullable().describe('What a clue hint shows'),
  })
  .describe('A species question with its answer: admins only');

export const QuestionInput = z
  .object({ id: idParam('Invalid species id'), ...QuestionShape })
  .superRefine(refineQuestion)
  .meta({
    examples: [
      {
        id: 1,
        prompt: 'How many fingers did each arm of Tyrannosaurus rex have?',
        kind: 'choice',
        choices: ['Three', 'Two', 'Four', 'Five'],
        correctChoice: 1,
        clue: 'Fewer than Allosaurus had.',
      },
    ],
  });
export const QuestionUpdateInput = z.object({ id: idParam('Invalid question id'), ...QuestionShape }).superRefine(refineQuestion);

const ChallengeInputItem = z.object(ChallengeShape).superRefine(refineChallenge);
const ChallengeList = z
  .array(ChallengeInputItem, { error: 'Objectives must be a list' })
  .max(MAX_CHALLENGES, `At most ${MAX_CHALLENGES} objectives`);

export const MissionChallengesInput = z.object({ id: idParam('Invalid mission id'), challenges: ChallengeList }).meta({
  examples: [
    {
      id: 1,
      challenges: [
        { kind: 'observe_species', title: 'Observe a Triceratops', speciesId: 2, target: 1, points: 10 },
        { kind: 'quiz', title: 'Triceratops quiz', questionId: 3, points: 10 },
        { kind: 'reach_point', title: 'Reach the old oak', latitude: 51.5, longitude: -0.12, radiusM: 25, points: 10, timeLimitMin: 30 },
      ],
    },
  ],
});

export const MissionChallengeSchema = ChallengeOutput.omit({ deadline: true });

export const SettingsShape = {
  hintCost: z
    .number({ error: CHALLENGE_MESSAGES.hintCost })
    .int(CHALLENGE_MESSAGES.hintCost)
    .min(0, CHALLENGE_MESSAGES.hintCost)
    .max(MAX_HINT_COST, CHALLENGE_MESSAGES.hintCost)
    .describe('Points one hint costs'),
  hintAllowance: z
    .number({ error: CHALLENGE_MESSAGES.hintAllowance })
    .int(CHALLENGE_MESSAGES.hintAllowance)
    .min(0, CHALLENGE_MESSAGES.hintAllowance)
    .max(MAX_HINT_ALLOWANCE, CHALLENGE_MESSAGES.hintAllowance)
    .describe('Hints each hunter may take'),
};
export const SettingsSchema = z.object(SettingsShape);

export const SessionChallengesInput = z
  .object({ id: idParam('Invalid session id'), ...SettingsShape, challenges: ChallengeList })
  .meta({ examples: [{ id: 12, hintCost: 5, hintAllowance: 3, challenges: [{ kind: 'observe_count', title: 'Observe three dinosaurs', target: 3, points: 15 }] }] });

export const HunterRowSchema = z.object({
  playerId: z.number().int(),
  userId: z.string(),
  hunterName: z.string(),
  totals: HunterChallengeTotals,
  progress: z.array(ChallengeProgressOutput),
});

export const SessionChallengesOutput = z.object({
  sessionId: z.number().int(),
  ...SettingsShape,
  challenges: z.array(ChallengeOutput),
  hunters: z.array(HunterRowSchema).describe("Each hunter's progress on each objective, and totals"),
});

export const MyChallengeSchema = z.object({
  challenge: ChallengeOutput,
  progress: ChallengeProgressOutput,
  question: PublicQuestion.nullable().describe('quiz: the question, without its answer'),
  correctAnswer: z.string().nullable().describe('quiz: the correct answer, only once this hunter has answered it right or used every attempt'),
  clue: z.string().nullable().describe('quiz: the clue, once this hunter took a clue hint for it'),
});

export const MyChallengesOutput = z.object({
  sessionId: z.number().int(),
  ...SettingsShape,
  hintsLeft: z.number().int(),
  totals: HunterChallengeTotals,
  challenges: z.array(MyChallengeSchema),
});

export const SessionRef = { sessionId: idParam('Session Error') };
export const ChallengeRef = { ...SessionRef, challengeId: idParam('Invalid objective id') };

export const AnswerInput = z
  .object({ ...ChallengeRef, answer: AnswerValue })
  .meta({ examples: [{ sessionId: 12, challengeId: 40, answer: { choice: 1 } }] });

export const AnswerOutput = z.object({
  correct: z.boolean(),
  message: z.string().meta({ examples: ['Correct! +10 points'] }),
  correctAnswer: z.string().nullable().describe('Only once the quiz is closed (answered right, or every attempt used)'),
  progress: ChallengeProgressOutput,
  totals: HunterChallengeTotals,
});

export const CheckInOutput = z.object({
  reached: z.array(z.number().int()).describe('The reach_point objectives this check-in completed'),
  message: z.string().meta({ examples: ['Checked in: Reach the old oak (+10 points)'] }),
  nearest: z
    .object({ challengeId: z.number().int(), distanceM: z.number() })
    .nullable()
    .describe('The nearest open reach_point objective and how far it is, when one remains'),
  totals: HunterChallengeTotals,
});

export const HintInput = z
  .object({
    ...SessionRef,
    kind: z.enum(['direction', 'clue'], { error: 'A hint is direction or clue' }),
    challengeId: idParam('Invalid objective id').optional().describe('clue: the quiz objective'),
  })
  .meta({ examples: [{ sessionId: 12, kind: 'direction' }] });

export const HintOutput = z.object({
  kind: z.enum(['direction', 'clue']),
  cost: z.number().int(),
  hintsLeft: z.number().int(),
  direction: z
    .object({
      dinosaurId: z.number().int(),
      bearing: z.number().describe('Degrees from north'),
      compass: z.string().meta({ examples: ['NE'] }),
      distanceM: z.number(),
      latitude: z.number(),
      longitude: z.number(),
      showForMs: z.number().int().meta({ examples: [DIRECTION_HINT_MS] }),
    })
    .nullable(),
  clue: z.string().nullable(),
  totals: HunterChallengeTotals,
});

export const PhotoReviewInput = z.object({
  id: idParam('Invalid session id'),
  playerId: idParam('Invalid hunter'),
  challengeId: idParam('Invalid objective id'),
  approved: z.boolean({ error: 'approved must be true or false' }),
});

export const PhotoInput = z.object({
  ...ChallengeRef,
  messageId: idParam('Invalid message id').optional().describe("The hunter's photo message; without it, their latest photo in the session"),
});
