import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type MyAchievements = Outputs['achievements']['mine'];
export type EarnedAchievement = MyAchievements['earned'][number];
export type AchievementProgress = MyAchievements['progress'][number];
export type SessionAchievement = Outputs['achievements']['session'][number];
