import type { CSSProperties } from 'react';
import type { WalletTier } from '../lib/wallet-tiers';

/** The wallet tier badge: icon and colour per tier. */
export function TierBadge({ tier }: { tier: WalletTier }) {
  return (
    <span
      className={`sd-tier-badge sd-tier-badge--${tier.name.toLowerCase()}`}
      style={{ '--tier-color': tier.color } as CSSProperties}
    >
      <span aria-hidden="true">{tier.icon}</span> {tier.name}
    </span>
  );
}
