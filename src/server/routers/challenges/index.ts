// Challenges (issue #44): species questions (admin), typed mission objectives (admin), a session's
// objectives and hunters' progress (its game master), and a hunter's play (read, answer, check in,
// photo, hint). The same procedures serve REST, tRPC over HTTP and tRPC over the socket.
import { z } from 'zod';
import * as play from '../../services/challenge-play';
import * as challenges from '../../services/challenges';
import * as questions from '../../services/species-questions';
import { adminProcedure, authedProcedure, gameMasterProcedure, idParam, ownedSessionProcedure, router } from '../../trpc';
import {
  AdminQuestionSchema,
  AnswerInput,
  AnswerOutput,
  CheckInOutput,
  HintInput,
  HintOutput,
  MissionChallengeSchema,
  MissionChallengesInput,
  MyChallengesOutput,
  PhotoInput,
  PhotoReviewInput,
  PublicQuestionSchema,
  QuestionInput,
  QuestionUpdateInput,
  SessionChallengesInput,
  SessionChallengesOutput,
  SessionRef,
  tags,
} from './challenges.types';

const adminErrors = { 401: 'Not signed in', 403: 'Not an admin' } as const;
const hunterErrors = { 401: 'Not signed in', 403: 'Not a hunter of this session', 404: 'Session or objective not found' } as const;
const gmErrors = { 401: 'Not signed in', 403: 'Not the owning game master', 404: 'Session not found' } as const;

export const challengesRouter = router({
  // --- Species questions (admin) ---
  questions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dinosaur-species/{id}/questions',
        tags,
        summary: "A species' questions, with their answers (admin)",
        description: 'Admins only: the questions hunters may be asked about the species, each with its correct answer and clue.',
        errorResponses: { ...adminErrors, 404: 'Species not found' },
      },
    })
    .input(z.object({ id: idParam('Invalid species id') }))
    .output(z.array(AdminQuestionSchema))
    .query(({ ctx, input }) => questions.listQuestions(ctx, input.id)),

  questionCreate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/dinosaur-species/{id}/questions',
        tags,
        summary: 'Add a question to a species (admin)',
        description:
          'A multiple-choice question (choices, correctChoice: the index of the right one) or a number question (correctNumber, ' +
          'tolerance). The answer is stored on the server only; hunters never receive it before answering. ' +
          '400 for a question that does not fit its kind, 404 for an unknown species, 409 past 20 questions.',
        errorResponses: { 400: 'Validation failed', ...adminErrors, 404: 'Species not found', 409: 'Too many questions' },
      },
    })
    .input(QuestionInput)
    .output(AdminQuestionSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => questions.createQuestion(ctx, id, fields)),

  questionUpdate: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/species-questions/{id}',
        tags,
        summary: 'Replace a question (admin)',
        description: 'Every field is replaced. 400 for a question that does not fit its kind, 404 for an unknown question.',
        errorResponses: { 400: 'Validation failed', ...adminErrors, 404: 'Question not found' },
      },
    })
    .input(QuestionUpdateInput)
    .output(AdminQuestionSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => questions.updateQuestion(ctx, id, fields)),

  questionDelete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/species-questions/{id}',
        tags,
        summary: 'Delete a question (admin)',
        description: 'Quiz objectives that asked it stay, without a question (hunters cannot answer them).',
        errorResponses: { ...adminErrors, 404: 'Question not found' },
      },
    })
    .input(z.object({ id: idParam('Invalid question id') }))
    .output(z.object({ success: z.literal(true), id: z.number().int() }))
    .mutation(({ ctx, input }) => questions.deleteQuestion(ctx, input.id)),

  speciesQuestions: gameMasterProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/species-questions',
        tags,
        summary: "A species' questions, without answers, to choose a quiz objective",
        description:
          'Game masters (and admins) choosing the question of a quiz objective read each question without its answer or clue. ' +
          '401 without a sign-in, 403 for hunters or a game master without a subscription, 404 for an unknown species.',
        errorResponses: { 401: 'Not signed in', 403: 'Not a game master', 404: 'Species not found' },
      },
    })
    .input(z.object({ speciesId: idParam('Invalid species id') }))
    .output(z.array(PublicQuestionSchema))
    .query(({ ctx, input }) => questions.listPublicQuestions(ctx, input.speciesId)),

  // --- Mission objectives (admin) ---
  missionChallenges: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/missions/{id}/challenges',
        tags,
        summary: "A mission's typed objectives (admin)",
        description:
          "The checkable objectives sessions of this mission start with. The mission's plain-text objectives (GET /missions) are unchanged.",
        errorResponses: { ...adminErrors, 404: 'Mission not found' },
      },
    })
    .input(z.object({ id: idParam('Invalid mission id') }))
    .output(z.array(MissionChallengeSchema))
    .query(({ ctx, input }) => challenges.listMissionChallenges(ctx, input.id)),

  missionChallengesSet: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/missions/{id}/challenges',
        tags,
        summary: "Replace a mission's typed objectives (admin)",
        description:
          'Each objective: observe_count (target), observe_species (speciesId, target), observe_rare, quiz (questionId), ' +
          'reach_point or photo_at_place (latitude, longitude, radiusM); with points and an optional timeLimitMin. ' +
          'Sessions already using the mission keep their copy. 400 for an objective missing what its kind needs or naming an unknown species or question.',
        errorResponses: { 400: 'Validation failed', ...adminErrors, 404: 'Mission not found' },
      },
    })
    .input(MissionChallengesInput)
    .output(z.array(MissionChallengeSchema))
    .mutation(({ ctx, input }) => challenges.setMissionChallenges(ctx, input.id, input.challenges)),

  // --- A session (its game master) ---
  session: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/game-sessions/{id}/challenges',
        tags: ['game-sessions', ...tags],
        summary: "A session's objectives, hint settings and every hunter's progress",
        description:
          "HQ's grading view: each hunter's progress on each objective, points, wrong answers, hints and score. The owning game master or an admin.",
        errorResponses: gmErrors,
      },
    })
    .input(z.object({ id: idParam('Invalid session id') }))
    .output(SessionChallengesOutput)
    .query(({ ctx }) => challenges.sessionView(ctx, ctx.gameSession)),

  sessionSet: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/game-sessions/{id}/challenges',
        tags: ['game-sessions', ...tags],
        summary: "Adjust a session's objectives and hint settings",
        description:
          "Replaces the session's objectives (an objective kept at the same place with the same kind and title keeps the hunters' progress) " +
          'and sets what a hint costs and how many each hunter may take. Hunters hear challenges_changed.',
        errorResponses: { 400: 'Validation failed', ...gmErrors },
      },
    })
    .input(SessionChallengesInput)
    .output(SessionChallengesOutput)
    .mutation(({ ctx, input: { id: _id, ...rest } }) => challenges.setSessionChallenges(ctx, ctx.gameSession, rest)),

  photoReview: ownedSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/game-sessions/{id}/challenges/photo-review',
        tags: ['game-sessions', ...tags],
        summary: "Approve or refuse a hunter's photo at a place",
        description: '409 when no photo of that hunter waits for a decision on that objective.',
        errorResponses: { 400: 'Validation failed', ...gmErrors, 409: 'No photo waiting' },
      },
    })
    .input(PhotoReviewInput)
    .output(CheckInOutput)
    .mutation(({ ctx, input }) => play.reviewPhoto(ctx, ctx.gameSession, input)),

  // --- A hunter ---
  mine: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/hunter/challenges',
        tags,
        summary: "The caller's objectives and progress in a session",
        description:
          "Each objective with the caller's progress; a quiz's question without its answer (correctAnswer only once the caller's quiz is closed), " +
          'a clue only once bought. Hunters of the session only.',
        errorResponses: hunterErrors,
      },
    })
    .input(z.object(SessionRef))
    .output(MyChallengesOutput)
    .query(({ ctx, input }) => play.myChallenges(ctx, input.sessionId)),

  answer: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/challenges/answer',
        tags,
        summary: 'Answer a quiz objective',
        description:
          'answer is { choice: index } for a multiple-choice question or { number } for a number question. Each question allows 2 answers; ' +
          'a wrong one costs 2 points. 400 for an answer that does not fit the question, 409 once answered right, with no attempts left, ' +
          'past its time limit or outside a running session.',
        errorResponses: { 400: 'Validation failed', ...hunterErrors, 409: 'Already answered, no attempts left or time is up' },
      },
    })
    .input(AnswerInput)
    .output(AnswerOutput)
    .mutation(({ ctx, input }) => play.answerQuiz(ctx, input)),

  checkIn: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/challenges/check-in',
        tags,
        summary: 'Check in at the points to reach',
        description:
          "Measured from the hunter's last accepted GPS position (never a position in the request): every open reach_point objective " +
          'within its radius is done. 409 without a fresh position or outside a running session.',
        errorResponses: { 400: 'Validation failed', ...hunterErrors, 409: 'No fresh position, or the session is not running' },
      },
    })
    .input(z.object(SessionRef))
    .output(CheckInOutput)
    .mutation(({ ctx, input }) => play.checkIn(ctx, input)),

  photo: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/challenges/photo',
        tags,
        summary: 'Submit a photo for a photo-at-a-place objective',
        description:
          "messageId names a photo the hunter uploaded in Comms; the hunter's last accepted position must be within the radius. " +
          'The game master then approves or refuses it.',
        errorResponses: { 400: 'Validation failed', ...hunterErrors, 409: 'Too far away, already done, or the session is not running' },
      },
    })
    .input(PhotoInput)
    .output(CheckInOutput)
    .mutation(({ ctx, input }) => play.submitPhoto(ctx, input)),

  hint: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/hunter/challenges/hint',
        tags,
        summary: 'Take a hint (costs points)',
        description:
          'direction: the bearing and distance to the nearest dinosaur the hunter has not observed (the map shows it for 30 s); ' +
          "clue: the clue of a quiz objective's question. Each costs the session's hint cost; 409 past the allowance.",
        errorResponses: { 400: 'Validation failed', ...hunterErrors, 409: 'No hints left, or nothing to hint' },
      },
    })
    .input(HintInput)
    .output(HintOutput)
    .mutation(({ ctx, input }) => play.takeHint(ctx, input)),
});
