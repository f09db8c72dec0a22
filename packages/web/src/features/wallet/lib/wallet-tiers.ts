import { type WalletTierName, walletTier } from '@sealdrop/core/limits';

/** The wallet tier object: name, icon and colour. */
export interface WalletTier {
  name: WalletTierName;
  icon: string;
  color: string;
}

const TIERS: Record<WalletTierName, Omit<WalletTier, 'name'>> = {
  Free: { icon: '○', color: 'var(--color-text-muted)' },
  Basic: { icon: '◆', color: 'var(--color-info)' },
  Pro: { icon: '★', color: 'var(--color-accent)' },
  Elite: { icon: '♛', color: 'var(--color-warm)' },
};

/** The tier for a whole-token balance, or the tier the server named (it applies the same rule). */
export function walletTierFor(balance: number, serverTier?: WalletTierName): WalletTier {
  const name = serverTier ?? walletTier(balance);
  return { name, ...TIERS[name] };
}
