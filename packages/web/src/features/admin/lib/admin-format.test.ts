import { describe, expect, it } from 'vitest';
import { formatAge, formatWhen, parseBlockDays, secondsSince } from './admin-format';

describe('the console’s times', () => {
  it('writes moments in UTC to the minute, whatever the browser’s time zone', () => {
    expect(formatWhen('2026-11-27T14:05:59.999Z')).toBe('2026-11-27 14:05 UTC');
    expect(formatWhen('not a date')).toBe('not a date');
  });

  it('writes ages in the largest whole unit', () => {
    expect(formatAge(1)).toBe('1 second');
    expect(formatAge(59)).toBe('59 seconds');
    expect(formatAge(60)).toBe('1 minute');
    expect(formatAge(7199)).toBe('1 hour');
    expect(formatAge(86_400 * 3 + 5)).toBe('3 days');
    expect(formatAge(-5)).toBe('0 seconds');
  });

  it('counts seconds since a moment, never below zero', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(secondsSince('2026-11-27T11:00:00Z', now)).toBe(3600);
    expect(secondsSince('2026-11-27T13:00:00Z', now)).toBe(0);
  });

  it('accepts block lengths of 1 to 3650 whole days only', () => {
    expect(parseBlockDays('7')).toBe(7);
    expect(parseBlockDays(' 3650 ')).toBe(3650);
    for (const bad of ['0', '3651', '1.5', '-2', '', 'seven'])
      expect(parseBlockDays(bad)).toBeNull();
  });
});
