import { describe, expect, it } from 'vitest';
import { difficultyColour, difficultyLabel } from './difficulty';
import { endVerdict } from './endVerdict';
import { OBSERVE_MESSAGES, verdictDescription } from './observeMessages';

describe('difficulty badge', () => {
  it.each([
    ['easy', 'green.9'],
    ['medium', 'yellow.5'],
    ['hard', 'orange.7'],
    ['HARD', 'orange.7'],
    ['extreme', 'red.8'],
  ])('%s is %s', (difficulty, colour) => expect(difficultyColour(difficulty)).toBe(colour));

  it('reads CLASSIFIED without a difficulty', () => {
    for (const none of [null, undefined, '', '  ']) {
      expect(difficultyLabel(none)).toBe('CLASSIFIED');
      expect(difficultyColour(none)).toBe('gray.7');
    }
    expect(difficultyLabel('hard')).toBe('hard');
  });
});

describe('end dialog verdict', () => {
  it('names the three outcomes as the spec does', () => {
    expect(endVerdict('time_expired').title).toBe('Mission Failed');
    expect(endVerdict('completed').title).toBe('Great Job!');
    expect(endVerdict('ended').title).toBe('Session Ended');
    expect(endVerdict(null).title).toBe('Session Ended');
  });
});

describe('observation messages', () => {
  it('quote the error catalogue', () => {
    expect(`${OBSERVE_MESSAGES.noTarget.title}: ${OBSERVE_MESSAGES.noTarget.description}`).toBe(
      'Observation Failed: No dinosaur found to observe',
    );
    expect(OBSERVE_MESSAGES.noSession.title).toBe('Session Error');
    expect(OBSERVE_MESSAGES.failedTitle).toBe('Shot Failed');
    expect(OBSERVE_MESSAGES.failedFallback).toBe('Failed to capture dinosaur');
  });

  it('show darts left and the observation rate', () => {
    const result = { outcome: 'observed', dartsRemaining: 24, observationRate: 50 } as const;
    expect(verdictDescription(result)).toBe('Darts left: 24 · Observation rate: 50%');
  });

  it('says a miss in range is chance, at the species rate (issue #46)', () => {
    expect(verdictDescription({ outcome: 'missed', dartsRemaining: 23, observationRate: 40 })).toBe(
      'Each dart succeeds by chance: 40% of them for this species. Try again. Darts left: 23 · Observation rate: 40%',
    );
  });
});
