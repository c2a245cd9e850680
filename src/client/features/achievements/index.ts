export { AchievementBadge } from './AchievementBadge';
export { AchievementList } from './AchievementList';
export { AchievementToasts, toastFromPayload, useAchievementToasts } from './AchievementToasts';
export { HuntAchievements } from './HuntAchievements';
export { ProfileAchievements } from './ProfileAchievements';
