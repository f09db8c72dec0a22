import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, GiB, MAX_UPLOAD_BYTES, walletTier } from './limits';

describe('limits', () => {
  it('allows 5GB for guests and free accounts, 100GB for premium', () => {
    expect(MAX_UPLOAD_BYTES).toEqual({
      guest: 5368709120,
      free: 5368709120,
      premium: 107374182400,
    });
  });

  it('words the size refusal with the limit in GB', () => {
    expect(fileTooLargeMessage(5 * GiB)).toBe('File size exceeds maximum allowed size of 5GB');
    expect(fileTooLargeMessage(100 * GiB)).toBe('File size exceeds maximum allowed size of 100GB');
  });

  it.each([
    [0, 'Free'],
    [999.99, 'Free'],
    [1000, 'Basic'],
    [4999, 'Basic'],
    [5000, 'Pro'],
    [9999, 'Pro'],
    [10_000, 'Elite'],
  ] as const)('puts a balance of %d in the %s tier', (balance, tier) => {
    expect(walletTier(balance)).toBe(tier);
  });
});
