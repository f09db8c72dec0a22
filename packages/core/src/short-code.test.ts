import { describe, expect, it } from 'vitest';
import { isShortCode, shortCodeFromUrl } from './short-code';

describe('short codes', () => {
  it('accepts 10 to 32 letters and digits only', () => {
    expect(isShortCode('abcDEF1234')).toBe(true);
    expect(isShortCode('abc')).toBe(false);
    expect(isShortCode('abcdefghij-')).toBe(false);
    expect(isShortCode('a'.repeat(33))).toBe(false);
  });

  it('takes the last path segment of a URL, ignoring query and fragment', () => {
    expect(shortCodeFromUrl('https://x.test/s/AbCdEf1234#key=k&iv=i')).toBe('AbCdEf1234');
    expect(shortCodeFromUrl('/s/AbCdEf1234/?x=1')).toBe('AbCdEf1234');
    expect(shortCodeFromUrl('')).toBe('');
  });
});
