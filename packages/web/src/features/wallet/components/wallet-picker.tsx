import { Button } from '../../../components/ui/button';
import { SUPPORTED_WALLETS } from '../adapters/wallet-adapter';
import { useWallet, WALLET_MESSAGES } from '../state/wallet-context';
import { usePopover } from './use-popover';
import { WalletError } from './wallet-error';
import { WalletPopover } from './wallet-popover';

/** "Connect Wallet": opens a picker of Phantom and Solflare; a guest is asked to log in first. */
export function WalletPicker() {
  const wallet = useWallet();
  const popover = usePopover();
  const connecting = wallet.status === 'connecting';

  return (
    <WalletPopover
      popover={popover}
      trigger={{ loading: connecting, children: connecting ? 'Connecting…' : 'Connect Wallet' }}
    >
      {wallet.signedIn ? (
        <>
          <p className="sd-wallet__heading">Choose a wallet</p>
          <ul className="sd-wallet__choices">
            {SUPPORTED_WALLETS.map(({ name }) => (
              <li key={name}>
                <Button
                  variant="ghost"
                  block
                  disabled={wallet.loading}
                  onClick={async () => {
                    const outcome = await wallet.connect(name);
                    if (outcome.success) popover.close();
                  }}
                >
                  {name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="sd-wallet__note">{WALLET_MESSAGES.signInFirst}</p>
      )}
      {wallet.error ? <WalletError message={wallet.error} onDismiss={wallet.clearError} /> : null}
    </WalletPopover>
  );
}
