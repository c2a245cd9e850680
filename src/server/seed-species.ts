// First start: the species catalogue with its generated low-poly models, so a
// first hunt is possible on a fresh install. Runs only while the species table
// is empty, so an admin's deletions and edits are never undone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_TEST_MODELS } from '../domain/rules';
import { lockFirstStart } from './db/first-start-lock';
import { and, eq, isNull } from 'drizzle-orm';
import { dinosaurSpecies, speciesQuestions } from './db/schema';
import type { AppDeps } from './deps';
import { SPECIES_CATALOGUE, type SeedSpecies } from './seed/species-catalogue';

/**
 * From the project root: this file runs from src/server/ (tsx) and, bundled, from dist/server/
 * (scripts/build-server.ts keeps every compiled file two folders down), so `../../` is the root in both.
 */
export const SEED_MODELS_DIR = fileURLToPath(new URL('../../src/server/seed/models/', import.meta.url));

/** Copies the model into the file store's models/ and answers its modelPath, or null if it is missing. */
async function installModel(deps: Pick<AppDeps, 'files' | 'log'>, species: SeedSpecies): Promise<string | null> {
  const file = path.basename(species.modelFile);
  const key = `models/${file}`;
  try {
    await deps.files.putCopy(key, path.join(SEED_MODELS_DIR, file));
    return key;
  } catch (err) {
    deps.log.warn(`Seed model ${file} could not be installed (${(err as Error).message}); ${species.name} has no model`);
    return null;
  }
}

/** "x.glb" -> "x.usdz": the AR Quick Look copy the model generator writes beside each seed glb. */
const usdzNameFor = (glbName: string) => glbName.replace(/\.glb$/i, '.usdz');

/**
 * At every start: puts each seed model's USDZ beside its installed glb when it
 * is missing (installs made before the USDZ files existed). Only where the
 * seed glb is still installed: a replaced model has no USDZ. Never overwrites.
 */
export async function installSeedUsdz(deps: Pick<AppDeps, 'files' | 'log'>): Promise<number> {
  let installed = 0;
  for (const species of SPECIES_CATALOGUE) {
    const glb = path.basename(species.modelFile);
    const usdz = usdzNameFor(glb);
    const source = path.join(SEED_MODELS_DIR, usdz);
    if (usdz === glb || !fs.existsSync(source)) continue;
    try {
      if (!(await deps.files.exists(`models/${glb}`))) continue;
      if (await deps.files.putCopyIfAbsent(`models/${usdz}`, source)) installed += 1;
    } catch (err) {
      deps.log.warn(`Seed USDZ ${usdz} could not be installed (${(err as Error).message})`);
    }
  }
  return installed;
}

/** At every start: copies each /model-test model from the seed models if it is missing (never overwrites). */
export async function installModelTestModels(deps: Pick<AppDeps, 'files' | 'log'>): Promise<number> {
  let installed = 0;
  for (const { path: relativePath } of MODEL_TEST_MODELS) {
    try {
      if (await deps.files.putCopyIfAbsent(relativePath, path.join(SEED_MODELS_DIR, path.basename(relativePath)))) installed += 1;
    } catch (err) {
      deps.log.warn(`Model-test file ${relativePath} could not be installed (${(err as Error).message})`);
    }
  }
  return installed;
}

/** The catalogue's questions for the species just inserted (matched by name). */
function seedQuestionRows(inserted: readonly { id: number; name: string }[]): (typeof speciesQuestions.$inferInsert)[] {
  const idByName = new Map(inserted.map((row) => [row.name, row.id]));
  return SPECIES_CATALOGUE.flatMap((species) =>
    species.questions.map((q) => ({
      speciesId: idByName.get(species.name)!,
      prompt: q.prompt,
      kind: q.kind,
      choices: q.kind === 'choice' ? [...q.choices] : [],
      correctChoice: q.kind === 'choice' ? q.correctChoice : null,
      correctNumber: q.kind === 'number' ? q.correctNumber : null,
      tolerance: q.kind === 'number' ? q.tolerance : 0,
      clue: q.clue,
    })),
  );
}

export async function seedSpecies(deps: Pick<AppDeps, 'db' | 'files' | 'log'>): Promise<number> {
  const { db } = deps;
  const [any] = await db.select({ id: dinosaurSpecies.id }).from(dinosaurSpecies).limit(1);
  if (any) return 0;
  const rows: (typeof dinosaurSpecies.$inferInsert)[] = [];
  for (const s of SPECIES_CATALOGUE) {
    rows.push({
      name: s.name,
      scientificName: s.scientificName,
      description: s.description,
      rarity: s.rarity,
      dietType: s.dietType,
      locomotionType: s.locomotionType,
      length: s.length,
      weight: s.weight,
      period: s.period,
      fossilSites: s.fossilSites,
      health: s.health,
      captureRate: s.captureRate,
      modelPath: await installModel(deps, s),
    });
  }
  // One transaction, re-checking emptiness under the first-start lock: processes starting together seed once.
  const inserted = await db.transaction(async (tx) => {
    await lockFirstStart(tx);
    const [again] = await tx.select({ id: dinosaurSpecies.id }).from(dinosaurSpecies).limit(1);
    if (again) return 0;
    const inserted = await tx.insert(dinosaurSpecies).values(rows).returning({ id: dinosaurSpecies.id, name: dinosaurSpecies.name });
    await tx.insert(speciesQuestions).values(seedQuestionRows(inserted));
    return rows.length;
  });
  if (inserted > 0) deps.log.info(`Seeded ${inserted} dinosaur species with 3D models`);
  return inserted;
}

/**
 * At every start (issue #44): an install seeded before species knowledge existed gets the seed species' facts
 * and questions. Only a seed species (by name) whose period and fossil sites are both blank is filled, so an
 * admin's edits are never overwritten and a species is filled once.
 */
export async function backfillSeedKnowledge(deps: Pick<AppDeps, 'db' | 'log'>): Promise<number> {
  let filled = 0;
  for (const seed of SPECIES_CATALOGUE) {
    const done = await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(dinosaurSpecies)
        .set({ period: seed.period, fossilSites: seed.fossilSites })
        .where(and(eq(dinosaurSpecies.name, seed.name), isNull(dinosaurSpecies.period), isNull(dinosaurSpecies.fossilSites)))
        .returning({ id: dinosaurSpecies.id, name: dinosaurSpecies.name });
      if (updated.length === 0) return false;
      const [any] = await tx
        .select({ id: speciesQuestions.id })
        .from(speciesQuestions)
        .where(eq(speciesQuestions.speciesId, updated[0]!.id))
        .limit(1);
      if (!any) await tx.insert(speciesQuestions).values(seedQuestionRows(updated).filter((q) => q.speciesId === updated[0]!.id));
      return true;
    });
    if (done) filled += 1;
  }
  if (filled > 0) deps.log.info(`Added facts and questions to ${filled} seed species`);
  return filled;
}
