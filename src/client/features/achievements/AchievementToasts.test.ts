import { describe, expect, it } from 'vitest';
import { toastFromPayload } from './AchievementToasts';

describe('toastFromPayload', () => {
  it("reads an achievement_earned event's payload", () => {
    const payload = { key: 'first_contact', tier: 'single', title: 'First Contact', description: 'Observe your first dinosaur.', icon: 'binoculars' };
    expect(toastFromPayload(5, payload)).toEqual({
      id: 5,
      title: 'First Contact',
      description: 'Observe your first dinosaur.',
      icon: 'binoculars',
      tier: 'single',
    });
  });
  it('refuses a payload without a title, icon or tier', () => {
    expect(toastFromPayload(1, { title: 'X', icon: 'eye' })).toBeNull();
    expect(toastFromPayload(1, { tier: 'gold', icon: 'eye' })).toBeNull();
    expect(toastFromPayload(1, {})).toBeNull();
  });
});
