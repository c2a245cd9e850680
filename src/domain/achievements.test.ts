import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  ACHIEVEMENT_ICONS,
  type AchievementFacts,
  type EarnedLevel,
  achievementByKey,
  crossesThreshold,
  EMPTY_FACTS,
  earnedBetween,
  earnedLevels,
  isCleanHunt,
  levelDescription,
  levelId,
  levelTitle,
  longestStreak,
  newlyEarned,
  type TieredAchievement,
  tierProgress,
} from './achievements';
import { ACHIEVEMENT_DISTANCE_M, ACHIEVEMENT_OBSERVATIONS, ACHIEVEMENT_STREAK } from './rules';

const facts = (over: Partial<AchievementFacts>): AchievementFacts => ({ ...EMPTY_FACTS, ...over });
const ids = (levels: EarnedLevel[]) => levels.map(levelId);

describe('the catalogue', () => {
  it('has a dozen or more achievements with unique keys, names, descriptions and known icons', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ACHIEVEMENTS.map((a) => a.key)).size).toBe(ACHIEVEMENTS.length);
    for (const a of ACHIEVEMENTS) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(ACHIEVEMENT_ICONS).toContain(a.icon);
      const tier = a.kind === 'single' ? 'single' : 'bronze';
      expect(levelDescription({ key: a.key, tier }).length).toBeGreaterThan(0);
    }
  });
  it('keeps tier thresholds rising', () => {
    for (const a of ACHIEVEMENTS) {
      if (a.kind !== 'tiered') continue;
      const [b, s, g] = a.thresholds;
      expect(b).toBeLessThan(s);
      expect(s).toBeLessThan(g);
    }
  });
  it('earns nothing from nothing', () => {
    expect(earnedLevels(EMPTY_FACTS)).toEqual([]);
  });
});

describe('earnedLevels', () => {
  it('a first observation earns First Contact only', () => {
    expect(ids(earnedLevels(facts({ observations: 1, species: 1, rarities: ['common'], dartsFired: 1 })))).toEqual([
      'first_contact:single',
    ]);
  });
  it('earns each tier at its threshold, lowest first', () => {
    const [bronze, silver, gold] = ACHIEVEMENT_OBSERVATIONS;
    const at = (n: number) => ids(earnedLevels(facts({ observations: n }))).filter((id) => id.startsWith('field_observer'));
    expect(at(bronze - 1)).toEqual([]);
    expect(at(bronze)).toEqual(['field_observer:bronze']);
    expect(at(silver)).toEqual(['field_observer:bronze', 'field_observer:silver']);
    expect(at(gold + 100)).toEqual(['field_observer:bronze', 'field_observer:silver', 'field_observer:gold']);
  });
  it('reads rarity whatever its case, legendary counting as rare too', () => {
    expect(ids(earnedLevels(facts({ rarities: ['Rare'] })))).toEqual(['rare_find:single']);
    expect(ids(earnedLevels(facts({ rarities: ['legendary'] })))).toEqual(['rare_find:single', 'living_legend:single']);
    expect(ids(earnedLevels(facts({ rarities: ['uncommon', 'common'] })))).toEqual([]);
  });
  it('decides the hunt-based ones from their counts', () => {
    const got = ids(earnedLevels(facts({ huntsCompleted: 1, fullHunts: 1, cleanHunts: 1, bestStreak: ACHIEVEMENT_STREAK })));
    expect(got).toEqual(['hot_streak:single', 'clean_sweep:single', 'full_house:bronze', 'veteran:bronze']);
    expect(ids(earnedLevels(facts({ bestStreak: ACHIEVEMENT_STREAK - 1 })))).toEqual([]);
  });
  it('counts reports and photos apart', () => {
    expect(ids(earnedLevels(facts({ reports: 1 })))).toEqual(['field_reporter:bronze']);
    expect(ids(earnedLevels(facts({ reports: 1, photos: 1 })))).toEqual(['field_reporter:bronze', 'photographer:bronze']);
  });
});

describe('newlyEarned', () => {
  it('gives what is not held yet, and nothing the second time (idempotent)', () => {
    const f = facts({ observations: ACHIEVEMENT_OBSERVATIONS[0], species: 1 });
    const first = newlyEarned(f, []);
    expect(ids(first)).toEqual(['first_contact:single', 'field_observer:bronze']);
    expect(newlyEarned(f, first)).toEqual([]);
  });
  it('earnedBetween gives only what the write moved', () => {
    const before = facts({ observations: 1 });
    const after = facts({ observations: ACHIEVEMENT_OBSERVATIONS[0] });
    expect(ids(earnedBetween(before, after))).toEqual(['field_observer:bronze']);
    expect(earnedBetween(after, after)).toEqual([]);
  });
});

describe('crossesThreshold', () => {
  it('is true only when a threshold lies between before (excluded) and after (included)', () => {
    const [bronze] = ACHIEVEMENT_DISTANCE_M;
    expect(crossesThreshold(ACHIEVEMENT_DISTANCE_M, bronze - 1, bronze)).toBe(true);
    expect(crossesThreshold(ACHIEVEMENT_DISTANCE_M, bronze, bronze + 10)).toBe(false);
    expect(crossesThreshold(ACHIEVEMENT_DISTANCE_M, 0, 10)).toBe(false);
  });
});

describe('tierProgress', () => {
  const observer = achievementByKey('field_observer') as TieredAchievement;
  it('shows the way to bronze from nothing', () => {
    const p = tierProgress(observer, facts({ observations: 2 }));
    expect(p.tier).toBeNull();
    expect(p.next).toEqual({ tier: 'bronze', threshold: ACHIEVEMENT_OBSERVATIONS[0] });
    expect(p.fraction).toBeCloseTo(2 / ACHIEVEMENT_OBSERVATIONS[0]);
  });
  it('measures from the tier held to the next', () => {
    const [bronze, silver] = ACHIEVEMENT_OBSERVATIONS;
    const p = tierProgress(observer, facts({ observations: bronze + 1 }));
    expect(p.tier).toBe('bronze');
    expect(p.next).toEqual({ tier: 'silver', threshold: silver });
    expect(p.fraction).toBeCloseTo(1 / (silver - bronze));
  });
  it('is complete at gold', () => {
    const p = tierProgress(observer, facts({ observations: 10_000 }));
    expect(p).toMatchObject({ tier: 'gold', next: null, fraction: 1 });
  });
});

describe('titles, streaks and clean hunts', () => {
  it('names tiers and one-offs', () => {
    expect(levelTitle({ key: 'naturalist', tier: 'silver' })).toBe('Naturalist (silver)');
    expect(levelTitle({ key: 'first_contact', tier: 'single' })).toBe('First Contact');
  });
  it('finds the longest run of successes', () => {
    expect(longestStreak([])).toBe(0);
    expect(longestStreak([true, true, false, true, true, true])).toBe(3);
    expect(longestStreak([false, false])).toBe(0);
  });
  it('counts a hunt clean only when full, big enough and without a miss', () => {
    expect(isCleanHunt({ full: true, totalDinosaurs: 3, missesBeforeComplete: 0 })).toBe(true);
    expect(isCleanHunt({ full: true, totalDinosaurs: 3, missesBeforeComplete: 1 })).toBe(false);
    expect(isCleanHunt({ full: true, totalDinosaurs: 2, missesBeforeComplete: 0 })).toBe(false);
    expect(isCleanHunt({ full: false, totalDinosaurs: 5, missesBeforeComplete: 0 })).toBe(false);
  });
});

describe('team achievements (issue 42)', () => {
  it('awards Team Player by team hunts played to the end, and Winning Team for a first place', () => {
    const keys = (facts: Partial<typeof EMPTY_FACTS>) => newlyEarned({ ...EMPTY_FACTS, ...facts }, []).map((e) => `${e.key}:${e.tier}`);
    expect(keys({})).toEqual([]);
    expect(keys({ teamHunts: 1 })).toEqual(['team_player:bronze']);
    expect(keys({ teamHunts: 5, teamWins: 1 })).toEqual(expect.arrayContaining(['team_player:silver', 'winning_team:single']));
  });
});
