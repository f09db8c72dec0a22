import { describe, expect, it } from 'vitest';
import { reportedCode, reportRequestSchema } from './api-report-schemas';
import {
  addressBlockedMessage,
  formatResetTime,
  malwareBlockedMessage,
  quotaExceededMessage,
  REMOVED_MESSAGES,
} from './moderation';

describe('moderation texts', () => {
  it('words removals, blocks and quota refusals exactly', () => {
    expect(REMOVED_MESSAGES).toEqual({
      terms: 'This file was removed for violating the terms of use.',
      malware: 'This file was removed because it contains malware.',
    });
    expect(malwareBlockedMessage('Eicar-Test-Signature')).toBe(
      'This file was blocked: it contains malware (Eicar-Test-Signature).',
    );
    expect(addressBlockedMessage('abuse@example.org')).toBe(
      'Uploads from your network are blocked. Contact abuse@example.org if you think this is a mistake.',
    );
    expect(quotaExceededMessage({ bytes: 10 * 1024 ** 3 }, new Date('2026-11-28T14:05:00Z'))).toBe(
      "You have reached today's upload limit of 10 GB. It resets at 2026-11-28 14:05 UTC.",
    );
    expect(quotaExceededMessage({ uploads: 1 }, new Date('2026-11-28T14:05:00Z'))).toBe(
      "You have reached today's upload limit of 1 upload. It resets at 2026-11-28 14:05 UTC.",
    );
  });

  it('rounds a reset time up to the minute, never earlier than the real one', () => {
    expect(formatResetTime(new Date('2026-11-28T23:59:00.001Z'))).toBe('2026-11-29 00:00 UTC');
    expect(formatResetTime(new Date('2026-11-28T10:00:00Z'))).toBe('2026-11-28 10:00 UTC');
  });
});

describe('what a report names', () => {
  it('takes a short code, a file id, or a link to either page on any origin', () => {
    expect(reportedCode('abcdefghij12')).toBe('abcdefghij12');
    expect(reportedCode(' https://sealdrop.example/s/abcdefghij12 ')).toBe('abcdefghij12');
    expect(reportedCode('http://localhost:8080/download/abcdefghij12/')).toBe('abcdefghij12');
    for (const other of ['', 'abc', 'https://x.example/files/abcdefghij12', 'javascript:alert(1)'])
      expect(reportedCode(other)).toBeNull();
  });

  it('keeps the key out of the code, and stores an included key in one canonical form', () => {
    const key = 'key=BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc&iv=CQkJCQkJCQkJCQkJ';
    const withKey = reportRequestSchema.safeParse({
      code: `https://x.example/s/abcdefghij12#${key}`,
      reason: 'spam',
    });
    expect(withKey.success).toBe(false);
    const parsed = reportRequestSchema.parse({
      code: 'abcdefghij12',
      reason: 'malware',
      details: '  phishing  ',
      email: '',
      key: `#iv=CQkJCQkJCQkJCQkJ&key=BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc`,
    });
    expect(parsed).toEqual({
      code: 'abcdefghij12',
      reason: 'malware',
      details: 'phishing',
      email: null,
      key,
    });
  });
});
