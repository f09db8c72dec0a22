import { describe, expect, it } from 'vitest';
import { walletTierFor } from './wallet-tiers';

describe('walletTierFor', () => {
  it('uses the boundaries 1000, 5000 and 10000', () => {
    const names = [0, 999.99, 1000, 4999, 5000, 9999.999999, 10000, 12000].map(
      (balance) => walletTierFor(balance).name,
    );
    expect(names).toEqual(['Free', 'Free', 'Basic', 'Basic', 'Pro', 'Pro', 'Elite', 'Elite']);
  });

  it('gives every tier its own icon and colour', () => {
    const tiers = [0, 1000, 5000, 10000].map((balance) => walletTierFor(balance));
    expect(new Set(tiers.map((tier) => tier.icon)).size).toBe(4);
    expect(new Set(tiers.map((tier) => tier.color)).size).toBe(4);
  });

  it('follows the tier the server reports', () => {
    expect(walletTierFor(0, 'Elite').name).toBe('Elite');
  });
});
