import { describe, expect, it } from 'vitest';
import { toastFromPayload } from './AchievementToasts';

describe('toastFromPayload', () => {
  it("reads an achievement_earned event's payload", () => {
    const payload = { key: 'first_contact', tier: 'single' as const, title: 'First Contact', description: 'Observe your first dinosaur.', icon: 'binoculars' };
    expect(toastFromPayload(5, payload)).toEqual({
      id: 5,
      title: 'First Contact',
      description: 'Observe your first dinosaur.',
      icon: 'binoculars',
      tier: 'single',
    });
  });
});
