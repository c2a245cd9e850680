import { describe, expect, it } from 'vitest';
import { observationRateLabel } from './observationRate';

describe('observationRateLabel', () => {
  it('is captureRate x 100 percent, rounded', () => {
    expect(observationRateLabel(0.5)).toBe('50%');
    expect(observationRateLabel(0.333)).toBe('33%');
    expect(observationRateLabel(1)).toBe('100%');
    expect(observationRateLabel(0)).toBe('0%');
  });
  it('shows a dash when unknown', () => {
    expect(observationRateLabel(null)).toBe('—');
    expect(observationRateLabel(Number.NaN)).toBe('—');
  });
});
