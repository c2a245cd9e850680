import { describe, expect, it } from 'vitest';
import { ExpeditionListQuery, ExpeditionSettingsInput, EXPEDITION_MESSAGES, meetingPointFitsHunt, orderExpeditions, removedMessage, spotsLeft } from './expeditions';

const paris = { lat: 48.8584, lng: 2.2945 };
const near = { lat: 48.86, lng: 2.295 }; // ~160 m
const far = { lat: 48.9, lng: 2.35 }; // ~6 km
const place = (id: number, meetingPoint: { lat: number; lng: number } | null, startsAt: number | null, live = false) => ({
  id,
  meetingPoint,
  startsAt,
  live,
});

describe('orderExpeditions', () => {
  it('lists the nearest meeting point first from the hunter position', () => {
    const list = [place(1, far, 1000), place(2, near, 5000), place(3, paris, 9000)];
    expect(orderExpeditions(list, paris).map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('puts expeditions without a meeting point after those with one', () => {
    const list = [place(1, null, 1), place(2, far, 5000)];
    expect(orderExpeditions(list, paris).map((e) => e.id)).toEqual([2, 1]);
  });

  it('without a position: live first, then the soonest start, unscheduled last', () => {
    const list = [place(1, near, null), place(2, far, 9000), place(3, near, 5000), place(4, far, 20_000, true)];
    expect(orderExpeditions(list, null).map((e) => e.id)).toEqual([4, 3, 2, 1]);
  });

  it('does not change the array it was given', () => {
    const list = [place(1, far, 1), place(2, near, 2)];
    orderExpeditions(list, paris);
    expect(list.map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('spotsLeft', () => {
  it('is the cap minus the hunters joined, never negative', () => {
    expect(spotsLeft(10, 3)).toBe(7);
    expect(spotsLeft(10, 10)).toBe(0);
    expect(spotsLeft(10, 12)).toBe(0);
  });
});

describe('ExpeditionSettingsInput', () => {
  it('requires a meeting point for a public expedition', () => {
    const r = ExpeditionSettingsInput.safeParse({ isPublic: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(EXPEDITION_MESSAGES.meetingPointRequired);
  });

  it('accepts a private session without one, and trims the note to null', () => {
    expect(ExpeditionSettingsInput.parse({ isPublic: false, meetingNote: '  ' })).toEqual({ isPublic: false, meetingPoint: null, meetingNote: null });
  });

  it('refuses a meeting point off the globe and an overlong note', () => {
    expect(ExpeditionSettingsInput.safeParse({ isPublic: true, meetingPoint: { lat: 91, lng: 0 } }).success).toBe(false);
    expect(ExpeditionSettingsInput.safeParse({ isPublic: true, meetingPoint: paris, meetingNote: 'x'.repeat(141) }).success).toBe(false);
  });
});

describe('ExpeditionListQuery', () => {
  it('takes both coordinates or neither', () => {
    expect(ExpeditionListQuery.parse({})).toEqual({});
    expect(ExpeditionListQuery.parse({ lat: '48.85', lng: '2.29' })).toEqual({ lat: 48.85, lng: 2.29 });
    expect(ExpeditionListQuery.safeParse({ lat: '48.85' }).success).toBe(false);
  });
});

it('removedMessage names the session', () => {
  expect(removedMessage('Lunch Hunt')).toBe('You were removed from "Lunch Hunt" by the game master.');
});

describe('meetingPointFitsHunt (issue #46)', () => {
  const montreal = { lat: 45.50435, lng: -73.56737 };
  it('keeps a point near the play area or a dinosaur', () => {
    expect(meetingPointFitsHunt(near, [paris])).toBe(true);
    expect(meetingPointFitsHunt({ lat: 48.9, lng: 2.2945 }, [paris])).toBe(true); // ~4.6 km
  });
  it('refuses the point saved at the map default, thousands of kilometres away', () => {
    expect(meetingPointFitsHunt(montreal, [paris, near])).toBe(false);
    expect(meetingPointFitsHunt(far, [paris])).toBe(false); // ~6 km
  });
  it('accepts any valid point for a hunt with no place yet, never an invalid one', () => {
    expect(meetingPointFitsHunt(montreal, [])).toBe(true);
    expect(meetingPointFitsHunt({ lat: 91, lng: 0 }, [])).toBe(false);
  });
});
