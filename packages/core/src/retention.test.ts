import { describe, expect, it } from 'vitest';
import { RETENTION_MS } from './limits';
import { FREE_RETENTION_SENTENCE, retentionLabel, retentionSentence } from './retention';

const HOUR = 3_600_000;
const now = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('retentionLabel', () => {
  it('says 24 hours for guests and free accounts, 30 days for premium', () => {
    expect(retentionLabel(RETENTION_MS.guest)).toBe('24 hours');
    expect(retentionLabel(RETENTION_MS.free)).toBe('24 hours');
    expect(retentionLabel(RETENTION_MS.premium)).toBe('30 days');
  });

  it('counts whole days beyond one day, hours otherwise, one unit in the singular', () => {
    expect(retentionLabel(7 * 24 * HOUR)).toBe('7 days');
    expect(retentionLabel(36 * HOUR)).toBe('36 hours');
    expect(retentionLabel(HOUR)).toBe('1 hour');
    expect(retentionLabel(0)).toBe('1 hour');
  });
});

describe('retentionSentence', () => {
  it("keeps the spec's sentence for a file kept 24 hours", () => {
    expect(FREE_RETENTION_SENTENCE).toBe('Files are deleted automatically after 24 hours.');
    expect(retentionSentence(after(24 * HOUR - 1000), now)).toBe(FREE_RETENTION_SENTENCE);
    expect(retentionSentence(after(3 * HOUR).toISOString(), now)).toBe(FREE_RETENTION_SENTENCE);
    expect(retentionSentence(after(24 * HOUR + 10 * 60_000), now)).toBe(FREE_RETENTION_SENTENCE);
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

  it("falls back to the spec's sentence for an unreadable or past date", () => {
    expect(retentionSentence('not a date', now)).toBe(FREE_RETENTION_SENTENCE);
    expect(retentionSentence(after(-HOUR), now)).toBe(FREE_RETENTION_SENTENCE);
  });
});
