import { formatSol, formatTokenAmount, formatUsd } from '../lib/wallet-format';
import type { WalletState } from '../state/wallet-context';
import { WALLET_MESSAGES } from '../state/wallet-context';
import { TierBadge } from './tier-badge';

/** Balances, value, tier and premium status of the linked wallet. */
export function WalletDetails({ wallet }: { wallet: WalletState }) {
  const symbol = wallet.tokenInfo?.symbol ?? 'Token';
  const usd = wallet.tokenPrice === null ? null : wallet.tokenBalance * wallet.tokenPrice;
  return (
    <dl className="sd-wallet__facts">
      {wallet.tokenConfigured ? (
        <>
          <div>
            <dt>{symbol} balance</dt>
            <dd>{formatTokenAmount(wallet.tokenBalance)}</dd>
          </div>
          <div>
            <dt>USD value</dt>
            <dd>{usd === null ? '—' : formatUsd(usd)}</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Token</dt>
          <dd>{WALLET_MESSAGES.notConfigured}</dd>
        </div>
      )}
      <div>
        <dt>SOL balance</dt>
        <dd>{formatSol(wallet.solBalance)}</dd>
      </div>
      <div>
        <dt>Tier</dt>
        <dd>
          <TierBadge tier={wallet.tier} />
        </dd>
      </div>
      <div>
        <dt>Premium</dt>
        <dd>{wallet.isPremium ? 'Premium active' : 'Not premium'}</dd>
      </div>
    </dl>
  );
}
