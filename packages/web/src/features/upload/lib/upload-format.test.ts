import { describe, expect, it } from 'vitest';
import { clampProgress, formatEta, normalizeProgress } from './upload-format';

describe('clampProgress', () => {
  it.each([
    [42, 42],
    [-5, 0],
    [150, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    ['50', 0],
    [undefined, 0],
    [null, 0],
  ])('turns %s into %s', (input, expected) => {
    expect(clampProgress(input)).toBe(expected);
  });
});

describe('normalizeProgress', () => {
  it('accepts a bare percent', () => {
    expect(normalizeProgress(37.5)).toEqual({ percent: 37.5, speed: null, eta: null });
  });

  it('accepts an object with percent, speed and eta', () => {
    expect(normalizeProgress({ percent: 120, speed: 2_097_152, eta: 4 })).toEqual({
      percent: 100,
      speed: 2_097_152,
      eta: 4,
    });
  });

  it('drops speed and eta that are not usable numbers', () => {
    expect(normalizeProgress({ percent: 10, speed: Number.NaN, eta: -1 })).toEqual({
      percent: 10,
      speed: null,
      eta: null,
    });
  });
});

describe('formatEta', () => {
  it('shows whole seconds remaining, rounded up', () => {
    expect(formatEta(12)).toBe('12 s remaining');
    expect(formatEta(3.2)).toBe('4 s remaining');
    expect(formatEta(0)).toBe('0 s remaining');
  });
});
