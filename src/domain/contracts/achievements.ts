// An earned achievement as the API answers it: the achievements reads and the achievement_earned event.
import { z } from 'zod';
import { ACHIEVEMENT_TIERS } from '../rules';

export const AchievementTierSchema = z
  .enum([...ACHIEVEMENT_TIERS, 'single'])
  .describe("bronze, silver, gold, or 'single' for an achievement without tiers");

export const EarnedAchievement = z.object({
  key: z.string(),
  tier: AchievementTierSchema,
  title: z.string().describe("'Naturalist (silver)', or the name alone for a one-off"),
  name: z.string(),
  description: z.string(),
  icon: z.string().describe('Tabler icon name'),
  sessionId: z.number().int().describe('The hunt it was earned in'),
  earnedAt: z.string().describe('ISO time'),
});
export type EarnedAchievement = z.infer<typeof EarnedAchievement>;
