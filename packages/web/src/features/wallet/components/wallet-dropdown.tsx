import { Button } from '../../../components/ui/button';
import { useTokenExplorerTemplate } from '../api/explorer-config';
import { explorerAddressUrl } from '../lib/explorer';
import { shortenAddress } from '../lib/wallet-format';
import { useWallet } from '../state/wallet-context';
import { ExternalLink } from './external-link';
import { usePopover } from './use-popover';
import { WalletDetails } from './wallet-details';
import { WalletError } from './wallet-error';
import { WalletPopover } from './wallet-popover';

/** The linked wallet: a menu button with the short address, opening balances, tier and links. */
export function WalletDropdown() {
  const wallet = useWallet();
  const popover = usePopover();
  const address = wallet.address ?? '';
  const info = wallet.tokenConfigured ? wallet.tokenInfo : null;
  // Shown once the configured explorer is known, so the link never points somewhere else first.
  const explorerTemplate = useTokenExplorerTemplate();

  return (
    <WalletPopover
      popover={popover}
      trigger={{
        'aria-label': `Wallet ${shortenAddress(address)}`,
        children: shortenAddress(address, 3),
      }}
    >
      <p className="sd-wallet__heading">
        {wallet.name ?? 'Linked wallet'}{' '}
        <span className="sd-wallet__address" title={address}>
          {shortenAddress(address)}
        </span>
      </p>
      <WalletDetails wallet={wallet} />
      {wallet.error ? <WalletError message={wallet.error} onDismiss={wallet.clearError} /> : null}
      <ul className="sd-wallet__links">
        {explorerTemplate !== undefined ? (
          <li>
            <ExternalLink href={explorerAddressUrl(address, explorerTemplate ?? undefined)}>
              View on explorer
            </ExternalLink>
          </li>
        ) : null}
        {info?.launchUrl ? (
          <li>
            <ExternalLink href={info.launchUrl}>Token launch page</ExternalLink>
          </li>
        ) : null}
        {info?.marketUrl ? (
          <li>
            <ExternalLink href={info.marketUrl}>Market data</ExternalLink>
          </li>
        ) : null}
      </ul>
      <div className="sd-wallet__actions">
        <Button
          variant="ghost"
          size="sm"
          disabled={wallet.loading}
          onClick={() => void wallet.checkBalance()}
        >
          Refresh
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={wallet.loading}
          onClick={() => void wallet.disconnect()}
        >
          Disconnect
        </Button>
      </div>
    </WalletPopover>
  );
}
