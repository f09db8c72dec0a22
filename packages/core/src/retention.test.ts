import { describe, expect, it } from 'vitest';
import { RETENTION_MS } from './limits';
import { RETENTION_FALLBACK_SENTENCE, retentionLabel, retentionSentence } from './retention';

const HOUR = 3_600_000;
const now = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('retentionLabel', () => {
  it('says 24 hours for guests and free accounts, 30 days for premium', () => {
    expect(retentionLabel(RETENTION_MS.guest)).toBe('24 hours');
    expect(retentionLabel(RETENTION_MS.free)).toBe('24 hours');
    expect(retentionLabel(RETENTION_MS.premium)).toBe('30 days');
  });

  it('counts whole days beyond two days, hours otherwise, one unit in the singular', () => {
    expect(retentionLabel(7 * 24 * HOUR)).toBe('7 days');
    expect(retentionLabel(3 * 24 * HOUR)).toBe('3 days');
    expect(retentionLabel(48 * HOUR)).toBe('48 hours');
    expect(retentionLabel(36 * HOUR)).toBe('36 hours');
    expect(retentionLabel(HOUR)).toBe('1 hour');
    expect(retentionLabel(0)).toBe('1 hour');
  });
});

describe('retentionSentence', () => {
  it('says a default link is deleted in 24 hours', () => {
    expect(retentionSentence(after(24 * HOUR - 1000), now)).toBe(
      'This file will be deleted automatically in 24 hours.',
    );
    expect(retentionSentence(after(24 * HOUR + 10 * 60_000), now)).toBe(
      'This file will be deleted automatically in 24 hours.',
    );
  });

  it("follows a shorter link's own expiry, never the tier's 24 hours", () => {
    expect(retentionSentence(after(HOUR - 1000).toISOString(), now)).toBe(
      'This file will be deleted automatically in 1 hour.',
    );
    expect(retentionSentence(after(20 * 60_000), now)).toBe(
      'This file will be deleted automatically in 20 minutes.',
    );
    expect(retentionSentence(after(HOUR), now)).not.toContain('24 hours');
  });

  it('says on which date a 30-day file is deleted, never "after 24 hours"', () => {
    const expires = after(RETENTION_MS.premium - 1000);
    const sentence = retentionSentence(expires.toISOString(), now);
    expect(sentence).toBe(
      `This file will be deleted automatically on ${expires.toLocaleString()}.`,
    );
    expect(sentence).not.toContain('24 hours');
    expect(retentionSentence(after(25 * HOUR), now)).toContain('will be deleted automatically on');
  });

  it('says only that the file goes when its link expires for an unreadable or past date', () => {
    expect(retentionSentence('not a date', now)).toBe(RETENTION_FALLBACK_SENTENCE);
    expect(retentionSentence(after(-HOUR), now)).toBe(RETENTION_FALLBACK_SENTENCE);
  });
});
