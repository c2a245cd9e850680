// Achievements (issue 29): the catalogue and the pure rules that decide what a hunter
// has earned from the facts the server counted (observations, species and rarity,
// distance, darts, reports and photos, hunts). The server stores each earned
// (key, tier) once per hunter, so deciding again from the same facts awards nothing
// new (decision 830). Nothing here knows a database, a socket or React.
import {
  ACHIEVEMENT_CLEAN_HUNT_MIN_DINOSAURS,
  ACHIEVEMENT_DARTS,
  ACHIEVEMENT_DISTANCE_M,
  ACHIEVEMENT_FULL_HUNTS,
  ACHIEVEMENT_HUNTS,
  ACHIEVEMENT_OBSERVATIONS,
  ACHIEVEMENT_PHOTOS,
  ACHIEVEMENT_REPORTS,
  ACHIEVEMENT_SPECIES,
  ACHIEVEMENT_STREAK,
  ACHIEVEMENT_TEAM_HUNTS,
  ACHIEVEMENT_TIERS,
} from './rules';

export type AchievementTier = (typeof ACHIEVEMENT_TIERS)[number];
/** The tier of an achievement: one of ACHIEVEMENT_TIERS, or 'single' for one that has no tiers. */
export type EarnedTier = AchievementTier | 'single';

/** What the server counted for one hunter (an account: every hunt it played; a guest: its one hunt). */
export type AchievementFacts = {
  /** Successful observations. */
  observations: number;
  /** Different species observed. */
  species: number;
  /** Rarities of the species observed, lower case ('common', 'rare', 'legendary', ...). */
  rarities: readonly string[];
  /** Metres walked (the server's distance travelled). */
  distanceM: number;
  /** Darts fired (observation attempts in range). */
  dartsFired: number;
  /** Messages sent to a session (text, quick actions, photos). */
  reports: number;
  photos: number;
  /** Hunts played to their end (the session completed). */
  huntsCompleted: number;
  /** Hunts in which every deployed dinosaur was found by this hunter. */
  fullHunts: number;
  /** Full hunts of at least ACHIEVEMENT_CLEAN_HUNT_MIN_DINOSAURS dinosaurs without a missed dart. */
  cleanHunts: number;
  /** The longest run of successful observations without a miss in one hunt. */
  bestStreak: number;
  /** Hunts played to their end in a team (issue 42). */
  teamHunts: number;
  /** Team hunts that ended with the hunter's team ranked first, having scored (decision 973's ranking). */
  teamWins: number;
};

export const EMPTY_FACTS: AchievementFacts = {
  observations: 0,
  species: 0,
  rarities: [],
  distanceM: 0,
  dartsFired: 0,
  reports: 0,
  photos: 0,
  huntsCompleted: 0,
  fullHunts: 0,
  cleanHunts: 0,
  bestStreak: 0,
  teamHunts: 0,
  teamWins: 0,
};

type Common = {
  key: string;
  name: string;
  /** Tabler icon name (the client maps it to the component). */
  icon: AchievementIcon;
};

/** A tiered achievement: `measure` reads the figure, `thresholds` are bronze, silver, gold. */
export type TieredAchievement = Common & {
  kind: 'tiered';
  thresholds: readonly [number, number, number];
  /** What the figure counts, e.g. 'dinosaurs observed'. */
  unit: string;
  measure: (facts: AchievementFacts) => number;
  describe: (threshold: number) => string;
};

/** A one-off achievement: earned once when `earned` holds. */
export type SingleAchievement = Common & {
  kind: 'single';
  description: string;
  earned: (facts: AchievementFacts) => boolean;
};

export type AchievementDefinition = TieredAchievement | SingleAchievement;

export const ACHIEVEMENT_ICONS = [
  'binoculars',
  'eye',
  'dna',
  'diamond',
  'crown',
  'walk',
  'target',
  'target-arrow',
  'flame',
  'message',
  'camera',
  'flag',
  'trophy',
] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];

const rarityIs =
  (...wanted: string[]) =>
  (facts: AchievementFacts) =>
    facts.rarities.some((r) => wanted.includes(r.trim().toLowerCase()));

const km = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`);

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    key: 'first_contact',
    kind: 'single',
    name: 'First Contact',
    icon: 'binoculars',
    description: 'Observe your first dinosaur.',
    earned: (f) => f.observations >= 1,
  },
  {
    key: 'field_observer',
    kind: 'tiered',
    name: 'Field Observer',
    icon: 'eye',
    thresholds: ACHIEVEMENT_OBSERVATIONS,
    unit: 'dinosaurs observed',
    measure: (f) => f.observations,
    describe: (n) => `Observe ${n} dinosaurs.`,
  },
  {
    key: 'naturalist',
    kind: 'tiered',
    name: 'Naturalist',
    icon: 'dna',
    thresholds: ACHIEVEMENT_SPECIES,
    unit: 'species observed',
    measure: (f) => f.species,
    describe: (n) => `Observe ${n} different species.`,
  },
  {
    key: 'rare_find',
    kind: 'single',
    name: 'Rare Find',
    icon: 'diamond',
    description: 'Observe a rare, epic or legendary species.',
    earned: rarityIs('rare', 'epic', 'legendary'),
  },
  {
    key: 'living_legend',
    kind: 'single',
    name: 'Living Legend',
    icon: 'crown',
    description: 'Observe a legendary species.',
    earned: rarityIs('legendary'),
  },
  {
    key: 'trailblazer',
    kind: 'tiered',
    name: 'Trailblazer',
    icon: 'walk',
    thresholds: ACHIEVEMENT_DISTANCE_M,
    unit: 'metres walked',
    measure: (f) => Math.floor(f.distanceM),
    describe: (n) => `Walk ${km(n)} while hunting.`,
  },
  {
    key: 'dart_thrower',
    kind: 'tiered',
    name: 'Dart Thrower',
    icon: 'target',
    thresholds: ACHIEVEMENT_DARTS,
    unit: 'darts fired',
    measure: (f) => f.dartsFired,
    describe: (n) => `Fire ${n} tranquilizer darts.`,
  },
  {
    key: 'hot_streak',
    kind: 'single',
    name: 'Hot Streak',
    icon: 'flame',
    description: `Observe ${ACHIEVEMENT_STREAK} dinosaurs in a row in one hunt without a missed dart.`,
    earned: (f) => f.bestStreak >= ACHIEVEMENT_STREAK,
  },
  {
    key: 'clean_sweep',
    kind: 'single',
    name: 'Not a Dart Wasted',
    icon: 'target-arrow',
    description: `Find every dinosaur of a hunt (${ACHIEVEMENT_CLEAN_HUNT_MIN_DINOSAURS} or more) without a missed dart.`,
    earned: (f) => f.cleanHunts >= 1,
  },
  {
    key: 'field_reporter',
    kind: 'tiered',
    name: 'Field Reporter',
    icon: 'message',
    thresholds: ACHIEVEMENT_REPORTS,
    unit: 'reports sent',
    measure: (f) => f.reports,
    describe: (n) => (n === 1 ? 'Send your first report to headquarters.' : `Send ${n} reports.`),
  },
  {
    key: 'photographer',
    kind: 'tiered',
    name: 'Wildlife Photographer',
    icon: 'camera',
    thresholds: ACHIEVEMENT_PHOTOS,
    unit: 'photos sent',
    measure: (f) => f.photos,
    describe: (n) => (n === 1 ? 'Send your first photo.' : `Send ${n} photos.`),
  },
  {
    key: 'full_house',
    kind: 'tiered',
    name: 'Full House',
    icon: 'trophy',
    thresholds: ACHIEVEMENT_FULL_HUNTS,
    unit: 'hunts with every dinosaur found',
    measure: (f) => f.fullHunts,
    describe: (n) => (n === 1 ? 'Find every dinosaur of a hunt.' : `Find every dinosaur in ${n} hunts.`),
  },
  {
    key: 'veteran',
    kind: 'tiered',
    name: 'Veteran',
    icon: 'flag',
    thresholds: ACHIEVEMENT_HUNTS,
    unit: 'hunts played to the end',
    measure: (f) => f.huntsCompleted,
    describe: (n) => (n === 1 ? 'Play a hunt to its end.' : `Play ${n} hunts to their end.`),
  },
  // Team play (issue 42).
  {
    key: 'team_player',
    kind: 'tiered',
    name: 'Team Player',
    icon: 'flag',
    thresholds: ACHIEVEMENT_TEAM_HUNTS,
    unit: 'team hunts played to the end',
    measure: (f) => f.teamHunts,
    describe: (n) => (n === 1 ? 'Play a hunt to its end in a team.' : `Play ${n} hunts to their end in a team.`),
  },
  {
    key: 'winning_team',
    kind: 'single',
    name: 'Winning Team',
    icon: 'trophy',
    description: 'End a hunt with your team ranked first.',
    earned: (f) => f.teamWins >= 1,
  },
];

const BY_KEY = new Map(ACHIEVEMENTS.map((a) => [a.key, a]));

export function achievementByKey(key: string): AchievementDefinition | undefined {
  return BY_KEY.get(key);
}

/** One earned step: a one-off achievement ('single') or one tier of a tiered one. */
export type EarnedLevel = { key: string; tier: EarnedTier };

export const levelId = (level: EarnedLevel) => `${level.key}:${level.tier}`;

/** Everything the facts earn, in catalogue order, tiers lowest first. */
export function earnedLevels(facts: AchievementFacts): EarnedLevel[] {
  const out: EarnedLevel[] = [];
  for (const a of ACHIEVEMENTS) {
    if (a.kind === 'single') {
      if (a.earned(facts)) out.push({ key: a.key, tier: 'single' });
      continue;
    }
    const value = a.measure(facts);
    a.thresholds.forEach((threshold, i) => {
      if (value >= threshold) out.push({ key: a.key, tier: ACHIEVEMENT_TIERS[i]! });
    });
  }
  return out;
}

/**
 * What the facts earn that is not already held: the server awards exactly these. Deciding
 * again with the same facts and what was stored gives nothing (a replayed event awards nothing).
 */
export function newlyEarned(facts: AchievementFacts, alreadyEarned: Iterable<EarnedLevel>): EarnedLevel[] {
  const held = new Set([...alreadyEarned].map(levelId));
  return earnedLevels(facts).filter((level) => !held.has(levelId(level)));
}

/** What moved between two counts of the same hunter (a before/after pair around one write). */
export function earnedBetween(before: AchievementFacts, after: AchievementFacts): EarnedLevel[] {
  return newlyEarned(after, earnedLevels(before));
}

/** True when `after` reaches a threshold `before` had not: the cheap test a hot write makes first. */
export function crossesThreshold(thresholds: readonly number[], before: number, after: number): boolean {
  return thresholds.some((t) => before < t && after >= t);
}

/** The display name of an earned level: 'Naturalist (silver)', or the name alone for a one-off. */
export function levelTitle(level: EarnedLevel): string {
  const a = BY_KEY.get(level.key);
  const name = a?.name ?? level.key;
  return level.tier === 'single' ? name : `${name} (${level.tier})`;
}

/** What a level asks for, in words. */
export function levelDescription(level: EarnedLevel): string {
  const a = BY_KEY.get(level.key);
  if (!a) return '';
  if (a.kind === 'single') return a.description;
  const i = ACHIEVEMENT_TIERS.indexOf(level.tier as AchievementTier);
  return a.describe(a.thresholds[Math.max(0, i)]!);
}

/** A tiered achievement's standing: the highest tier held, the next one and how far along. */
export type TierProgress = {
  key: string;
  value: number;
  /** The highest tier reached, or null. */
  tier: AchievementTier | null;
  /** The next tier and its threshold, or null when gold is held. */
  next: { tier: AchievementTier; threshold: number } | null;
  /** 0..1 toward the next tier (1 when gold is held). */
  fraction: number;
};

export function tierProgress(a: TieredAchievement, facts: AchievementFacts): TierProgress {
  const value = a.measure(facts);
  let reached = -1;
  a.thresholds.forEach((t, i) => {
    if (value >= t) reached = i;
  });
  const tier = reached >= 0 ? ACHIEVEMENT_TIERS[reached]! : null;
  const nextIndex = reached + 1;
  if (nextIndex >= a.thresholds.length) return { key: a.key, value, tier, next: null, fraction: 1 };
  const threshold = a.thresholds[nextIndex]!;
  const from = reached >= 0 ? a.thresholds[reached]! : 0;
  const fraction = Math.max(0, Math.min(1, (value - from) / (threshold - from)));
  return { key: a.key, value, tier, next: { tier: ACHIEVEMENT_TIERS[nextIndex]!, threshold }, fraction };
}

/** The length of the longest run of `true` (successful observations in the order they were made). */
export function longestStreak(outcomes: readonly boolean[]): number {
  let best = 0;
  let run = 0;
  for (const ok of outcomes) {
    run = ok ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** A hunt counts as clean when it is full, has enough dinosaurs, and no dart missed before it was complete. */
export function isCleanHunt(hunt: { full: boolean; totalDinosaurs: number; missesBeforeComplete: number }): boolean {
  return hunt.full && hunt.totalDinosaurs >= ACHIEVEMENT_CLEAN_HUNT_MIN_DINOSAURS && hunt.missesBeforeComplete === 0;
}
