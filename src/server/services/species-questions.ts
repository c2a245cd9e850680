// Species questions (issue #44): the admin writes them with their correct answers; hunters see only
// the prompt and choices (toPublicQuestion) until they have answered (challenge-answers.ts).
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_QUESTIONS_PER_SPECIES, normalizeQuestion, type QuestionFields } from '../../domain/challenges';
import type { Queryable } from '../db/client';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type SpeciesQuestionRow, speciesQuestions } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { AdminQuestionSchema, PublicQuestionSchema } from '../routers/challenges/challenges.types';

type Ctx = Pick<AppDeps, 'db'>;

export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;
export type PublicQuestion = z.infer<typeof PublicQuestionSchema>;

/** The admin's view: with the correct answer and the clue. */
export const toAdminQuestion = (row: SpeciesQuestionRow): AdminQuestion => ({
  id: row.id,
  speciesId: row.speciesId,
  prompt: row.prompt,
  kind: row.kind,
  choices: row.choices,
  correctChoice: row.correctChoice,
  correctNumber: row.correctNumber,
  tolerance: row.tolerance,
  clue: row.clue,
});

/** What a hunter may see before answering: never the correct answer, nor the clue (a hint costs points). */
export const toPublicQuestion = (row: SpeciesQuestionRow): PublicQuestion => ({
  id: row.id,
  speciesId: row.speciesId,
  prompt: row.prompt,
  kind: row.kind,
  choices: row.choices,
});

async function requireSpecies(db: Queryable, speciesId: number): Promise<void> {
  const [row] = await db.select({ id: dinosaurSpecies.id }).from(dinosaurSpecies).where(eq(dinosaurSpecies.id, speciesId)).limit(1);
  if (!row) throw notFound('Species not found');
}

export async function findQuestion(db: Queryable, id: number): Promise<SpeciesQuestionRow> {
  const [row] = await db.select().from(speciesQuestions).where(eq(speciesQuestions.id, id)).limit(1);
  if (!row) throw notFound('Question not found');
  return row;
}

export async function listQuestions({ db }: Ctx, speciesId: number): Promise<AdminQuestion[]> {
  await requireSpecies(db, speciesId);
  const rows = await db
    .select()
    .from(speciesQuestions)
    .where(eq(speciesQuestions.speciesId, speciesId))
    .orderBy(asc(speciesQuestions.id));
  return rows.map(toAdminQuestion);
}

/** For a game master choosing a quiz: the questions without their answers or clues. */
export async function listPublicQuestions({ db }: Ctx, speciesId: number): Promise<PublicQuestion[]> {
  await requireSpecies(db, speciesId);
  const rows = await db.select().from(speciesQuestions).where(eq(speciesQuestions.speciesId, speciesId)).orderBy(asc(speciesQuestions.id));
  return rows.map(toPublicQuestion);
}

export async function createQuestion({ db }: Ctx, speciesId: number, fields: QuestionFields): Promise<AdminQuestion> {
  const q = normalizeQuestion(fields);
  const row = await db.transaction(async (tx) => {
    await requireSpecies(tx, speciesId);
    const [n] = await tx.select({ n: count() }).from(speciesQuestions).where(eq(speciesQuestions.speciesId, speciesId));
    if ((n?.n ?? 0) >= MAX_QUESTIONS_PER_SPECIES) {
      throw conflict(`A species has at most ${MAX_QUESTIONS_PER_SPECIES} questions`);
    }
    const [inserted] = await tx.insert(speciesQuestions).values({ speciesId, ...q }).returning();
    return inserted!;
  });
  return toAdminQuestion(row);
}

export async function updateQuestion({ db }: Ctx, id: number, fields: QuestionFields): Promise<AdminQuestion> {
  const q = normalizeQuestion(fields);
  const [row] = await db.update(speciesQuestions).set(q).where(eq(speciesQuestions.id, id)).returning();
  if (!row) throw notFound('Question not found');
  return toAdminQuestion(row);
}

export async function deleteQuestion({ db }: Ctx, id: number): Promise<{ success: true; id: number }> {
  const deleted = await db.delete(speciesQuestions).where(and(eq(speciesQuestions.id, id))).returning({ id: speciesQuestions.id });
  if (deleted.length === 0) throw notFound('Question not found');
  return { success: true, id };
}
