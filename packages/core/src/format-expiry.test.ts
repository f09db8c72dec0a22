import { describe, expect, it } from 'vitest';
import { formatExpiry } from './format-expiry';

const now = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('formatExpiry', () => {
  it('says Expired at and after the expiry time', () => {
    expect(formatExpiry(now, now)).toBe('Expired');
    expect(formatExpiry(after(-1), now)).toBe('Expired');
  });

  it('counts minutes under an hour and hours under a day', () => {
    expect(formatExpiry(after(59 * 60_000), now)).toBe('Expires in 59 minutes');
    expect(formatExpiry(after(2 * 3_600_000 + 5), now)).toBe('Expires in 2 hours');
    expect(formatExpiry(after(24 * 3_600_000 - 1), now)).toBe('Expires in 23 hours');
  });

  it('shows the date and time a day or more away, and accepts ISO strings', () => {
    const later = after(3 * 24 * 3_600_000);
    expect(formatExpiry(later.toISOString(), now)).toBe(`Expires ${later.toLocaleString()}`);
  });

  it('treats an unreadable date as expired', () => {
    expect(formatExpiry('not a date', now)).toBe('Expired');
  });
});
