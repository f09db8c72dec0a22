import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry';

const now = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatExpiry', () => {
  it('says Expired at and after the expiry time', () => {
    expect(formatExpiry(now, now)).toBe('Expired');
    expect(formatExpiry(after(-1), now)).toBe('Expired');
  });

  it('counts minutes under an hour and hours up to a day', () => {
    expect(formatExpiry(after(59 * MINUTE), now)).toBe('Expires in 59 minutes');
    expect(formatExpiry(after(2 * HOUR + 5), now)).toBe('Expires in 2 hours');
    expect(formatExpiry(after(5 * HOUR), now)).toBe('Expires in 5 hours');
  });

  it('reads "Expires in 24 hours" for a file uploaded moments ago, not 23', () => {
    expect(formatExpiry(after(24 * HOUR - 1), now)).toBe('Expires in 24 hours');
    expect(formatExpiry(after(24 * HOUR - 20 * 1000), now)).toBe('Expires in 24 hours');
    expect(formatExpiry(after(24 * HOUR), now)).toBe('Expires in 24 hours');
  });

  it('rounds to the nearest hour or minute', () => {
    expect(formatExpiry(after(3 * HOUR - 31 * MINUTE), now)).toBe('Expires in 2 hours');
    expect(formatExpiry(after(3 * HOUR - 29 * MINUTE), now)).toBe('Expires in 3 hours');
    expect(formatExpiry(after(90 * MINUTE), now)).toBe('Expires in 2 hours');
    expect(formatExpiry(after(89 * MINUTE), now)).toBe('Expires in 1 hour');
    expect(formatExpiry(after(59 * MINUTE + 40_000), now)).toBe('Expires in 1 hour');
    expect(formatExpiry(after(10 * MINUTE - 20_000), now)).toBe('Expires in 10 minutes');
  });

  it('never says 0 minutes while the file is still there, and names one unit in the singular', () => {
    expect(formatExpiry(after(20_000), now)).toBe('Expires in 1 minute');
    expect(formatExpiry(after(MINUTE), now)).toBe('Expires in 1 minute');
    expect(formatExpiry(after(HOUR), now)).toBe('Expires in 1 hour');
  });

  it('tolerates a server clock a few minutes ahead of the browser for a new file', () => {
    expect(formatExpiry(after(24 * HOUR + 10 * MINUTE), now)).toBe('Expires in 24 hours');
  });

  it('shows the date and time more than a day away, and accepts ISO strings', () => {
    const later = after(3 * 24 * HOUR);
    expect(formatExpiry(later.toISOString(), now)).toBe(`Expires ${later.toLocaleString()}`);
    const justOverADay = after(24 * HOUR + 31 * MINUTE);
    expect(formatExpiry(justOverADay, now)).toBe(`Expires ${justOverADay.toLocaleString()}`);
  });

  it('treats an unreadable date as expired', () => {
    expect(formatExpiry('not a date', now)).toBe('Expired');
  });
});
