import { describe, expect, it } from 'vitest';
import { endedDescription, endedLabel } from './session-outcome';

describe('endedLabel', () => {
  it('says ENDED for a hunt the game master ended, whatever its result', () => {
    expect(endedLabel('ended_by_game_master')).toBe('ENDED');
    expect(endedLabel('ended_by_game_master', 'time_expired')).toBe('ENDED');
    expect(endedLabel('ended_by_game_master', 'completed')).toBe('ENDED');
  });
  it('says EXPIRED only when the time ran out', () => {
    expect(endedLabel('time_up')).toBe('EXPIRED');
    expect(endedLabel('time_up', 'completed')).toBe('EXPIRED');
  });
  it('falls back on the result for sessions ended before the reason was recorded', () => {
    expect(endedLabel(null, 'time_expired')).toBe('EXPIRED');
    expect(endedLabel(null, 'ended')).toBe('ENDED');
    expect(endedLabel(undefined, 'completed')).toBe('ENDED');
    expect(endedLabel(null)).toBe('ENDED');
  });
  it('describes each label in player language', () => {
    expect(endedDescription('EXPIRED')).toBe('Time ran out');
    expect(endedDescription('ENDED')).toBe('Ended by the game master');
  });
});
