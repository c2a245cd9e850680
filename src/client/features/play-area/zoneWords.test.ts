import { describe, expect, it } from 'vitest';
import type { ZoneState } from '../../../domain/play-area-schemas';
import { isAlarming, zoneNotice } from './zoneWords';

describe('zoneNotice', () => {
  it('alerts HQ when a hunter leaves the area or enters a no-go zone', () => {
    expect(zoneNotice({ hunterName: 'Ada', zone: 'outside_area', previous: 'inside' })).toEqual({
      title: 'Hunter outside the play area',
      description: 'Ada left the play area.',
      variant: 'destructive',
    });
    expect(zoneNotice({ hunterName: 'Ada', zone: 'in_no_go', previous: 'inside' })).toMatchObject({
      title: 'Hunter in a no-go zone',
      variant: 'destructive',
    });
  });

  it('says so when they come back, and nothing for a first fix inside or a cleared area', () => {
    expect(zoneNotice({ hunterName: 'Ada', zone: 'inside', previous: 'in_no_go' })).toEqual({
      title: 'Hunter back inside',
      description: 'Ada is back inside the play area.',
    });
    expect(zoneNotice({ hunterName: 'Ada', zone: 'inside', previous: null })).toBeNull();
    expect(zoneNotice({ hunterName: 'Ada', zone: null, previous: 'outside_area' })).toBeNull();
  });

  it('knows which states need someone to act', () => {
    const states: (ZoneState | null | undefined)[] = ['inside', 'outside_area', 'in_no_go', null, undefined];
    expect(states.map((z) => isAlarming(z))).toEqual([false, true, true, false, false]);
  });
});
