// Contracts of the achievements procedures (issue 29): outputs stop rows from leaking.
import { z } from 'zod';
import { AchievementTierSchema, EarnedAchievement } from '../../../domain/contracts';

const Tier = AchievementTierSchema;

export const CatalogueOutput = z.array(
  z.object({
    key: z.string(),
    name: z.string(),
    icon: z.string().describe('Tabler icon name'),
    kind: z.enum(['single', 'tiered']),
    description: z.string().describe("A one-off's description, or the bronze tier's"),
    unit: z.string().nullable().describe('What a tiered achievement counts (null for a one-off)'),
    tiers: z.array(
      z.object({
        tier: Tier,
        threshold: z.number().nullable().describe('The figure the tier needs (null for a one-off)'),
        description: z.string(),
      }),
    ),
  }),
);

export { EarnedAchievement };

export const MyAchievementsOutput = z.object({
  earned: z.array(EarnedAchievement).describe("Everything the caller has earned, newest first (an account's across hunts)"),
  thisHunt: z.array(EarnedAchievement).describe('What was earned in the hunt of sessionId (empty without one)'),
  progress: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      icon: z.string(),
      unit: z.string(),
      value: z.number(),
      tier: Tier.nullable().describe('The highest tier held, or null'),
      next: z.object({ tier: Tier, threshold: z.number() }).nullable().describe('The next tier, or null at gold'),
      fraction: z.number().describe('0..1 toward the next tier'),
    }),
  ),
});

export const SessionAchievementsOutput = z.array(
  EarnedAchievement.extend({ hunterId: z.string().describe("The hunter's user id"), hunterName: z.string() }),
);
